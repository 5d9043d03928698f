import FoundationEssentials
import Glibc
import Rings
import RingsAnimation
import RingsRaster

/// Draws frames of the live window and shows them, redrawing and uploading only what `RedrawPlan`
/// says changed since the last frame: straight into the window surface, in its byte order, where
/// there is one to draw into (no frame to copy), else into a pixmap of its own.
public final class FrameUpdater {
    private let window: RingsWindow
    /// Threads that can share a redraw: two where the machine has them (more gain little: the memory
    /// traffic and the upload bound the rest).
    public static let threads = min(2, ProcessInfo.processInfo.activeProcessorCount)
    /// A redraw that one thread should draw within this many seconds is drawn on one: a second thread
    /// costs more CPU than it saves (waking it, sharing the scene's objects between cores), and such
    /// a frame leaves most of a 60 Hz frame's time free anyway.
    public static let oneThreadBudget = 0.004
    /// Threads for every redraw, or nil: as many as it needs (one within `oneThreadBudget`).
    private let fixedThreads: Int?
    /// Seconds one thread takes per pixel of a redraw, from the last one measured (0 until then).
    private var secondsPerPixel = 0.0
    private let clock = MonotonicClock()
    private var renderer: SceneRenderer
    private var rasterizer = Rasterizer()
    private var frame = Pixmap(width: 0, height: 0)
    /// How frames are turned on their way to the window, and the turned pixels when they are.
    public var rotation = Rotation.none
    private var turned = Pixmap(width: 0, height: 0)
    /// What to draw again, from what the last frame showed.
    private var plan = RedrawPlan()
    /// The pixels the last frame was drawn into (the window surface's or `frame`'s): other pixels
    /// (a new surface, a new size, the other path) hold nothing of it, and are drawn whole.
    private var drawnInto: UnsafeMutablePointer<UInt32>?

    /// `threads` share each redraw; nil (the live window): one thread, or `FrameUpdater.threads`
    /// for a redraw that one would take longer than `oneThreadBudget` to draw.
    public init(window: RingsWindow, threads: Int? = nil) {
        self.window = window
        fixedThreads = threads.map { max(1, $0) }
        renderer = SceneRenderer(threads: fixedThreads ?? FrameUpdater.threads)
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    public func invalidate() { plan.invalidate() }

    /// Whether the next frame must be drawn whole (nothing drawn yet, or `invalidate` since).
    public var isStale: Bool { plan.isStale }

    /// Draws a screen's frame and shows it; returns whether anything was shown.
    public func update(_ frame: ScreenFrame) throws(SDLError) -> Bool {
        switch frame {
        case let .rings(scene, whole): return try update(scene, whole: whole)
        case let .whole(list): return try update(list)
        }
    }

    /// Draws a display list over the whole window and shows it.
    private func update(_ list: DisplayList) throws(SDLError) -> Bool {
        let (width, height) = rotation.frameSize(screen: window.pixelSize.width, window.pixelSize.height)
        guard width > 0, height > 0 else { return false }
        if frame.width != width || frame.height != height { frame = Pixmap(width: width, height: height) }
        rasterizer.render(list, into: frame)
        try present([])
        plan.drewList()
        return true
    }

    /// Shows the frame's `rects` (all of it when none are given), turned as the screen is.
    private func present(_ given: [IntRect]) throws(SDLError) {
        guard rotation != .none else { return try window.present(frame, rects: given) }
        let rects = given.isEmpty ? [frame.bounds] : given
        let (width, height) = window.pixelSize
        if turned.width != width || turned.height != height { turned = Pixmap(width: width, height: height) }
        for rect in rects { rotation.copy(rect, of: frame, into: turned) }
        try window.present(turned, rects: rects.map { rotation.screenRect($0, frame: frame.width, frame.height) })
    }

    /// Draws `scene` (the window's pixel size, turned by `rotation`) and shows it; `whole` redraws everything. Returns
    /// whether anything was shown.
    private func update(_ scene: RingScene, whole: Bool) throws(SDLError) -> Bool {
        let width = scene.width, height = scene.height
        guard width > 0, height > 0 else { return false }
        if rotation == .none, let surface = window.drawingSurface(), surface.pixels.width == width, surface.pixels.height == height {
            let redraw = self.redraw(of: scene, into: surface.pixels, whole: whole)
            guard !redraw.uploads.isEmpty else { return false }
            draw(scene, into: surface.pixels, redraw: redraw, redAndBlueSwapped: surface.redAndBlueSwapped)
            try window.present(surface.pixels, rects: redraw.uploads, copied: true)
            return true
        }
        if frame.width != width || frame.height != height { frame = Pixmap(width: width, height: height) }
        let redraw = self.redraw(of: scene, into: frame, whole: whole)
        guard !redraw.uploads.isEmpty else { return false }
        draw(scene, into: frame, redraw: redraw, redAndBlueSwapped: false)
        try present(redraw.uploads)
        return true
    }

    /// Draws `redraw` of `scene` on as many threads as it needs, and notes how long one takes per pixel.
    private func draw(_ scene: RingScene, into pixels: Pixmap, redraw: Redraw, redAndBlueSwapped: Bool) {
        let area = redraw.rects.reduce(0) { $0 + $1.width * $1.height }
        let threads = fixedThreads ?? (Double(area) * secondsPerPixel > Self.oneThreadBudget ? FrameUpdater.threads : 1)
        let start = clock.now()
        renderer.render(scene, into: pixels, redraw: redraw, redAndBlueSwapped: redAndBlueSwapped, threads: threads)
        // A shared redraw's time times its threads stands in for one thread's (a little high, so a
        // redraw near the budget stays shared).
        if area >= 16_384 { secondsPerPixel = (clock.now() - start) * Double(threads) / Double(area) }
    }

    /// What of `scene` to draw into `pixels`: all of it when they are not what the last frame was drawn into.
    private func redraw(of scene: RingScene, into pixels: Pixmap, whole: Bool) -> Redraw {
        let elsewhere = pixels.baseAddress != drawnInto
        drawnInto = pixels.baseAddress
        return plan.redraw(for: scene, in: pixels.bounds, whole: whole, resized: elsewhere)
    }
}

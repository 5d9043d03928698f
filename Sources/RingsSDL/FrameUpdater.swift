import Foundation
import Rings
import RingsRaster

/// Draws frames of the live window into its pixmap and shows them, redrawing and uploading only
/// what changed since the last frame: the rings that moved (strips cut to each ring), the label and
/// the legend; everything when the size or the chrome's words change alone.
public final class FrameUpdater {
    private let window: RingsWindow
    /// Threads that share a redraw: two where the machine has them (more gain little: the copy to
    /// the window surface and the upload bound the rest).
    public static let threads = min(2, ProcessInfo.processInfo.activeProcessorCount)
    private var renderer: SceneRenderer
    private var rasterizer = Rasterizer()
    private var frame = Pixmap(width: 0, height: 0)
    /// How frames are turned on their way to the window, and the turned pixels when they are.
    public var rotation = Rotation.none
    private var turned = Pixmap(width: 0, height: 0)
    /// Presented values in the last frame drawn; nil forces a full redraw.
    private(set) var drawn: [Double]?
    private var drawnWords: [String] = []

    /// `threads` share each redraw (the live window uses `FrameUpdater.threads`).
    public init(window: RingsWindow, threads: Int = FrameUpdater.threads) {
        self.window = window
        renderer = SceneRenderer(threads: max(1, threads))
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    public func invalidate() { drawn = nil }

    /// Whether the next frame must be drawn whole (nothing drawn yet, or `invalidate` since).
    public var isStale: Bool { drawn == nil }

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
        drawn = []
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
        if frame.width != width || frame.height != height {
            frame = Pixmap(width: width, height: height)
            drawn = nil
        }
        let now = scene.values
        let words = scene.chrome.map { [$0.label] + $0.legend.map { $0.name + $0.value } } ?? []
        var rects: [IntRect] = []
        if let drawn, drawn.count == now.count, !whole {
            let moved = (0..<now.count).filter { drawn[$0] != now[$0] }
            if !moved.isEmpty {
                // The moving rings (their whole arcs change colour as the sweep changes), the label
                // at the centre, and the legend.
                // A tip's shadow reaches beyond the ring: room for it only where one shows now or did.
                let threshold = scene.theme.tipThreshold
                let tips = Set(moved.filter { drawn[$0] > threshold || now[$0] > threshold })
                rects = scene.dirtyRects(ofRings: moved, tips: tips)
                if let chrome = scene.chrome {
                    rects.append(chrome.labelFrame(rings: scene.layout))
                    rects.append(chrome.legendFrame(width: width, height: height))
                }
                rects = rects.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
            } else if words != drawnWords {
                rects = [frame.bounds]
            }
        } else {
            rects = [frame.bounds]
        }
        drawn = now
        drawnWords = words
        guard !rects.isEmpty else { return false }
        if rotation == .none, let copier = window.partCopier() {
            // Each part goes to the window surface as soon as it is drawn, by the thread that drew it.
            let frame = self.frame
            renderer.render(scene, into: frame, clips: rects) { part in copier.copy(frame, part) }
            try window.present(frame, rects: rects, copied: true)
        } else {
            renderer.render(scene, into: frame, clips: rects)
            try present(rects)
        }
        return true
    }
}

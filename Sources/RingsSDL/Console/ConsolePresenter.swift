import RingsAnimation
import RingsRaster

/// Shows frames on the console's display in dumb buffers, with no GL: `vsync` flips between two at
/// the display's vblank (the changed rectangles, and those the last frame changed, copied into the
/// one not shown), the display pacing the loop; `surface` shows one buffer that frames are drawn
/// straight into (no copy and no wait, so a frame may tear).
final class ConsolePresenter: Presenter {
    /// The screen the buffers are shown on.
    let display: ConsoleDisplay
    private let buffers: [DumbBuffer]
    private var shown = 0
    /// What the last present changed, which the buffer not shown lacks; nil until it holds a frame.
    private var lastRects: [IntRect]?
    let name: String
    let waitsForVsync: Bool
    private(set) var lastWait = 0.0

    /// Shows a black picture on `display` at once; `flips` asks for two buffers flipped at vblank.
    init(display: ConsoleDisplay, flips: Bool) throws(SDLError) {
        var buffers: [DumbBuffer] = []
        for _ in 0..<(flips ? 2 : 1) { buffers.append(try DumbBuffer(descriptor: display.descriptor, width: display.width, height: display.height)) }
        try display.show(buffers[0])
        (self.display, self.buffers, waitsForVsync) = (display, buffers, flips)
        name = flips ? "vsync (KMS/DRM page flips)" : "surface (KMS/DRM)"
    }

    func drawingSurface() -> WindowSurface? { waitsForVsync ? nil : buffers[0].surface }

    func present(_ frame: Pixmap, rects: [IntRect], copied: Bool) throws(SDLError) {
        guard waitsForVsync else {
            if !copied { for rect in rects { buffers[0].surface.copy(frame, rect) } }
            return display.markChanged(buffers[0], rects: rects)
        }
        let next = buffers[1 - shown]
        for rect in rects + (lastRects ?? [frame.bounds]) { next.surface.copy(frame, rect) }
        lastRects = rects
        let clock = MonotonicClock(), start = clock.now()
        if !display.flip(to: next) { try display.show(next) }
        lastWait = clock.now() - start
        shown = 1 - shown
    }
}

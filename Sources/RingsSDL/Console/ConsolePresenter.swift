import RingsAnimation
import RingsRaster

/// Shows frames on the console's display in dumb buffers, with no GL: `vsync` flips between two at
/// the display's vblank, each given the rectangles it lacks before it is shown, the display pacing
/// the loop; `surface` shows one buffer that frames are drawn straight into (no copy and no wait,
/// so a frame may tear).
final class ConsolePresenter: Presenter {
    /// The screen the buffers are shown on.
    let display: ConsoleDisplay
    private let buffers: [DumbBuffer]
    private var shown = 0
    /// What each buffer lacks of the latest frame.
    private var owed: [[IntRect]] = [[], []]
    let name: String
    let waitsForVsync: Bool
    private(set) var lastWait = 0.0

    /// Shows a black picture on `display` at once; `flips` asks for two buffers flipped at vblank.
    init(display: ConsoleDisplay, flips: Bool) throws(SDLError) {
        var buffers: [DumbBuffer] = []
        for _ in 0..<(flips ? 2 : 1) { buffers.append(try DumbBuffer(display: display)) }
        try display.show(buffers[0])
        (self.display, self.buffers, waitsForVsync) = (display, buffers, flips)
        name = flips ? "vsync (KMS/DRM page flips)" : "surface (KMS/DRM)"
    }

    /// The picture found at the start comes back before the buffers go.
    deinit { display.restore() }

    func drawingSurface() -> WindowSurface? { waitsForVsync ? nil : buffers[0].surface }

    func present(_ frame: Pixmap, rects: [IntRect], copied: Bool) throws(SDLError) {
        guard waitsForVsync else {
            if !copied { for rect in rects { buffers[0].surface.copy(frame, rect) } }
            return display.markChanged(buffers[0], rects: rects)
        }
        for index in owed.indices { owed[index] = owed[index].count + rects.count > 32 ? [frame.bounds] : owed[index] + rects }
        let clock = MonotonicClock(), start = clock.now()
        defer { lastWait = clock.now() - start }
        // The buffer not shown may still be on its way to the screen: drawn into only once it is not.
        guard display.awaitFlip() else { return }
        let next = 1 - shown
        for rect in owed[next] { buffers[next].surface.copy(frame, rect) }
        owed[next] = []
        if try display.flip(to: buffers[next]) { shown = next }
    }
}

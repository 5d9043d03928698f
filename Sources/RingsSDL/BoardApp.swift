import CSDL2
import Rings
import RingsAnimation
import RingsRaster

/// A window showing a `Board` (the demos): presses, drags and keys go to the board, a display link
/// draws whole frames while it animates, and with nothing moving it sleeps in SDL_WaitEvent.
/// Esc or q quits, F or F11 fills the screen.
public final class BoardApp {
    let board: Board
    let window: RingsWindow
    public private(set) var stats = FrameStats()
    private let clock = MonotonicClock()
    private var rasterizer = Rasterizer()
    private var frame = Pixmap(width: 0, height: 0)
    private var quit = false, stale = true, pressed = false, animatingBefore = false
    private var failure: SDLError?

    public init(board: Board, size: (width: Int, height: Int)? = nil) throws(SDLError) {
        self.board = board
        let size = size ?? board.referenceSize
        window = try RingsWindow(title: board.title, width: size.width, height: size.height)
        window.reportsWindowLoss()
    }

    /// Runs until the person quits.
    public func run() throws(SDLError) {
        let loop = FrameLoop(clock: clock)
        let link = loop.addDisplayLink(refreshInterval: window.refreshInterval) { [unowned self] tick in
            do throws(SDLError) { try self.draw(at: tick.targetTimestamp) } catch { self.failure = error }
        }
        link.isActive = { [unowned self] in self.stale || self.board.isAnimating }
        let signals = QuitSignals()
        defer { withExtendedLifetime(signals) {} }
        try loop.runWithEvents(clock: clock, until: { quit }, failure: { failure }, handle: handle)
        stats.dropped = link.droppedFrames
    }

    private func draw(at time: Double) throws(SDLError) {
        board.update(at: time)
        let (width, height) = window.pixelSize
        guard width > 0, height > 0 else { return }
        if frame.width != width || frame.height != height { frame = Pixmap(width: width, height: height) }
        rasterizer.render(board.displayList(width: width, height: height), into: frame)
        try window.present(frame)
        stale = false
        stats.presented(at: clock.now(), continuing: animatingBefore)
        animatingBefore = board.isAnimating
    }

    private func handle(_ event: SDL_Event) {
        if window.wasDestroyed(by: event) { quit = true; return }
        let (width, height) = window.pixelSize
        let scale = Double(width) / Double(max(1, window.pointSize.width))
        func point(_ x: Int32, _ y: Int32) -> Point { Point(x: (Double(x) + 0.5) * scale, y: (Double(y) + 0.5) * scale) }
        var input: BoardInput?
        switch event.type {
        case SDL_QUIT.rawValue:
            quit = true
        case SDL_KEYDOWN.rawValue:
            let sym = event.key.keysym.sym, shift = UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue != 0
            switch sym {
            case Int32(SDLK_ESCAPE.rawValue), Int32(SDLK_q.rawValue): quit = true
            case Int32(SDLK_f.rawValue), Int32(SDLK_F11.rawValue): window.toggleFullscreen(); stale = true
            default: input = BoardApp.keys[sym].map { .key($0, shift: shift) }
            }
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pressed = true
            input = .press(point(event.button.x, event.button.y))
        case SDL_MOUSEMOTION.rawValue where pressed:
            input = .drag(point(event.motion.x, event.motion.y))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && pressed:
            pressed = false
            input = .release(point(event.button.x, event.button.y))
        case SDL_WINDOWEVENT.rawValue:
            stale = true
        default:
            break
        }
        if let input {
            board.handle(input, width: width, height: height, at: clock.now())
            stale = true
        }
    }

    static let keys: [Int32: BoardKey] = [
        Int32(SDLK_TAB.rawValue): .tab, Int32(SDLK_LEFT.rawValue): .left, Int32(SDLK_RIGHT.rawValue): .right,
        Int32(SDLK_UP.rawValue): .up, Int32(SDLK_DOWN.rawValue): .down, Int32(SDLK_HOME.rawValue): .home,
        Int32(SDLK_END.rawValue): .end, Int32(SDLK_SPACE.rawValue): .space, Int32(SDLK_RETURN.rawValue): .enter,
        Int32(SDLK_KP_ENTER.rawValue): .enter,
    ]
}

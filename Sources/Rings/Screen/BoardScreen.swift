import RingsAnimation
import RingsRaster

/// A demo `Board` as a screen: presses, drags and keys go to the board, Esc or q quits, F or F11
/// fills the screen, and whole frames are drawn while it animates.
public final class BoardScreen: Screen {
    let board: Board
    private var stale = true, pressed = false

    public init(board: Board) { self.board = board }

    public var title: String { board.title }
    public var wantsFrames: Bool { stale || board.isAnimating }
    public func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void) {}
    public func wake(at now: Double) {}
    public func stop() {}

    public func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest? {
        var given: BoardInput?
        switch input {
        case .close: return .quit
        case let .key(key, _) where key.windowRequest != nil:
            stale = true
            return key.windowRequest
        case let .key(key, modifiers): given = Self.keys(key).map { .key($0, shift: modifiers.contains(.shift)) }
        case let .press(p): pressed = true; given = .press(p)
        case let .motion(p) where pressed: given = .drag(p)
        case let .release(p) where pressed: pressed = false; given = .release(p)
        case .exposed: stale = true
        case .motion, .release, .wheel: break
        }
        if let given {
            board.handle(given, width: width, height: height, at: now)
            stale = true
        }
        return nil
    }

    public func frame(width: Int, height: Int, at time: Double) -> ScreenFrame {
        board.update(at: time)
        stale = false
        return .whole(board.displayList(width: width, height: height))
    }

    static func keys(_ key: Key) -> BoardKey? {
        switch key {
        case .tab: .tab
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        case .home: .home
        case .end: .end
        case .space: .space
        case .enter: .enter
        default: nil
        }
    }
}

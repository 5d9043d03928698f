import RingsAnimation
import RingsRaster

/// A demo `Board` as a screen: presses, drags and keys go to the board, ? shows its help, Esc
/// closes the help, leaves fullscreen or quits, q quits, F or F11 fills the screen; with glyphs, a
/// hint line at the bottom says what to try. Whole frames are drawn while it animates.
public final class BoardScreen: Screen {
    let board: Board
    let glyphs: GlyphSource?
    private var stale = true, pressed = false, showHelp = false

    public init(board: Board, glyphs: GlyphSource? = nil) { self.board = board; self.glyphs = glyphs }

    public var title: String { board.title }
    public var density = 1.0
    public var wantsFrames: Bool { stale || board.isAnimating }
    public func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void) {}
    public func wake(at now: Double) {}
    public func stop() {}

    public func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest? {
        var given: BoardInput?
        switch input {
        case .close: return .quit
        case .key(.question, _) where glyphs != nil: showHelp.toggle(); stale = true
        case .key(.escape, _) where showHelp: showHelp = false; stale = true
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
        return .whole(displayList(width: width, height: height))
    }

    /// The board, its hint line and, when asked, its help.
    public func displayList(width: Int, height: Int) -> DisplayList {
        var list = board.displayList(width: width, height: height)
        guard let glyphs else { return list }
        if showHelp {
            list.commands += board.help.commands(board.help.centered(width: width, height: height, density: density, glyphs: glyphs), glyphs: glyphs)
        } else {
            let size = max(Int((9 * density).rounded()), Int(0.028 * Double(min(width, height))))
            if let hint = glyphs.command(board.hint, height: size, centerX: width / 2, top: height - size - size / 2,
                                         color: RGB8(120, 124, 134).opaque) { list.commands.append(hint) }
        }
        return list
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

import RingsRaster

/// What a person or the window system does to a screen, in the canvas's pixels: the SDL shell
/// turns its events into these, and tests make them by hand.
public enum ScreenInput: Equatable, Sendable {
    case key(Key, Modifiers = [])
    /// The primary button went down, the pointer moved, the button went up.
    case press(Point), motion(Point), release(Point)
    /// The wheel turned by `steps` (up is positive) with the pointer at a point.
    case wheel(steps: Double, at: Point)
    /// The window changed size or was uncovered: everything must be drawn again.
    case exposed
    /// The window system asks to close (the window's close button, a signal).
    case close
}

extension ScreenInput {
    /// The same input with its point (if it has one) moved by `move`: a turned screen's pointer.
    public func mapped(_ move: (Point) -> Point) -> ScreenInput {
        switch self {
        case let .press(p): .press(move(p))
        case let .motion(p): .motion(move(p))
        case let .release(p): .release(move(p))
        case let .wheel(steps, p): .wheel(steps: steps, at: move(p))
        default: self
        }
    }

    /// A press, a move or a lift of the pointer or a finger (what a kiosk's touch controls take).
    public var isPointer: Bool {
        switch self {
        case .press, .motion, .release: true
        default: false
        }
    }
}

/// The keys screens know; others arrive as nothing.
public enum Key: Equatable, Sendable {
    case escape, tab, space, enter, left, right, up, down, home, end, equals, f3, f11, question
    /// A digit 0-9, from the main row or the keypad.
    case digit(Int)
    /// A letter key, lower case.
    case letter(Character)
    /// Any other key (Shift alone, a function key): it does nothing but wake a screen that is off.
    case other
}

extension Key {
    /// The window's own keys, the same on every screen: Esc leaves fullscreen or quits, q quits, F or
    /// F11 fills the screen.
    public var windowRequest: ScreenRequest? {
        switch self {
        case .escape: .leave
        case .letter("q"): .quit
        case .letter("f"), .f11: .toggleFullscreen
        default: nil
        }
    }
}

/// Modifier keys held with a key.
public struct Modifiers: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1), ctrl = Modifiers(rawValue: 2), alt = Modifiers(rawValue: 4)
}

/// What a screen asks of the window that shows it.
public enum ScreenRequest: Equatable, Sendable {
    case quit, toggleFullscreen
    /// Esc: leave fullscreen, or quit a window that is not fullscreen.
    case leave
    /// Forget what is on screen and draw everything again.
    case redrawAll
}

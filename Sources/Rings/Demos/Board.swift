import RingsRaster

/// What a person does on a board, in the canvas's pixels.
public enum BoardInput: Equatable, Sendable {
    case press(Point), drag(Point), release(Point)
    case key(BoardKey, shift: Bool)
}

/// The keys a board understands (quitting and fullscreen are the window's).
public enum BoardKey: Equatable, Sendable {
    case tab, left, right, up, down, home, end, space, enter
}

/// A demo's whole screen: it draws itself for a canvas, animates, and takes presses, drags and
/// keys. The arc demo and the daily-tasks board are boards; a `BoardScreen` makes one a screen for the window.
public protocol Board: AnyObject {
    /// The window's title.
    var title: String { get }
    /// The canvas it was laid out for at scale 1, in pixels (the window's default size).
    var referenceSize: (width: Int, height: Int) { get }
    var isAnimating: Bool { get }
    /// Moves everything animated to `now`.
    func update(at now: Double)
    /// Applies input on a canvas of `width` x `height` at time `now`.
    func handle(_ input: BoardInput, width: Int, height: Int, at now: Double)
    /// The frame as it is now.
    func displayList(width: Int, height: Int) -> DisplayList
    /// What the demo's keys and mouse do (its `?` overlay).
    var help: HelpPanel { get }
    /// One line at the bottom of the window saying what to try.
    var hint: String { get }
}

/// How a board's reference canvas fits a window: scaled to fit and centred.
public struct BoardFit: Sendable {
    public let scale: Double
    public let origin: Point

    public init(reference: (width: Int, height: Int), width: Int, height: Int) {
        scale = min(Double(width) / Double(reference.width), Double(height) / Double(reference.height))
        origin = Point(x: ((Double(width) - Double(reference.width) * scale) / 2).rounded(),
                       y: ((Double(height) - Double(reference.height) * scale) / 2).rounded())
    }

    /// A point of the reference canvas, in the window's pixels.
    public func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x * scale, y: origin.y + y * scale) }

    /// A rectangle of the reference canvas, in whole pixels of the window.
    public func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> IntRect {
        let p = point(x, y)
        return IntRect(x: Int(p.x.rounded()), y: Int(p.y.rounded()), width: Int((width * scale).rounded()), height: Int((height * scale).rounded()))
    }
}

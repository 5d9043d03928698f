/// How a frame is turned on its way to a screen mounted on its side or upside down: by 90, 180 or
/// 270 degrees clockwise. The frame is laid out for the turned size (a 540x960 screen turned by 90
/// shows a 960x540 frame), and the pointer comes back through the same turn.
public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// The frame's size for a screen of `width` x `height`.
    public func frameSize(screen width: Int, _ height: Int) -> (width: Int, height: Int) {
        self == .quarter || self == .threeQuarters ? (height, width) : (width, height)
    }

    /// Where the frame's pixel (x, y) lands on the screen, for a frame of `width` x `height`.
    @inlinable func screenPixel(_ x: Int, _ y: Int, frame width: Int, _ height: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: (x, y)
        case .quarter: (height - 1 - y, x)
        case .half: (width - 1 - x, height - 1 - y)
        case .threeQuarters: (y, width - 1 - x)
        }
    }

    /// The screen's rectangle that the frame's `rect` lands on.
    public func screenRect(_ rect: IntRect, frame width: Int, _ height: Int) -> IntRect {
        let a = screenPixel(rect.x, rect.y, frame: width, height)
        let b = screenPixel(rect.x + rect.width - 1, rect.y + rect.height - 1, frame: width, height)
        return IntRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }

    /// A point on the screen (the pointer) in the frame's coordinates, for a screen of `width` x `height`.
    public func framePoint(_ p: Point, screen width: Int, _ height: Int) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(x: p.y, y: Double(width) - p.x)
        case .half: Point(x: Double(width) - p.x, y: Double(height) - p.y)
        case .threeQuarters: Point(x: Double(height) - p.y, y: p.x)
        }
    }

    /// Copies `rect` of `frame` into `screen` (the screen's size), turned.
    public func copy(_ rect: IntRect, of frame: Pixmap, into screen: Pixmap) {
        guard rect.width > 0, rect.height > 0 else { return }
        for y in rect.y..<(rect.y + rect.height) {
            let source = frame.row(y)
            for x in rect.x..<(rect.x + rect.width) {
                let (sx, sy) = screenPixel(x, y, frame: frame.width, frame.height)
                screen.row(sy)[sx] = source[x]
            }
        }
    }
}

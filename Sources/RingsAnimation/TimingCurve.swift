/// Why a timing curve was refused; the description is one line for the user.
public enum TimingCurveError: Error, Equatable, CustomStringConvertible {
    case controlPointsOutOfRange(x1: Double, x2: Double)
    case notFinite
    case unknown(String)

    public var description: String {
        switch self {
        case let .controlPointsOutOfRange(x1, x2): "a timing curve's x1 and x2 must be within 0...1 (got \(x1) and \(x2))"
        case .notFinite: "a timing curve's control points must be finite numbers"
        case let .unknown(text):
            "unknown curve '\(text)' (use linear, easeIn, easeOut, easeInEaseOut, default or cubic-bezier(x1,y1,x2,y2))"
        }
    }
}

/// A cubic Bezier timing curve from (0, 0) to (1, 1) through control points (x1, y1) and (x2, y2), as
/// Core Animation's CAMediaTimingFunction and CSS's cubic-bezier(): `value(at: x)` is the y where the
/// curve has that x (the fraction of time), solved by Newton's method with bisection as the fallback.
///
///     let curve = TimingCurve.easeInEaseOut
///     curve.value(at: 0.25)   // 0.129...
public struct TimingCurve: Equatable, Sendable, CustomStringConvertible {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TimingCurveError) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { throw .notFinite }
        guard (0...1).contains(x1), (0...1).contains(x2) else { throw .controlPointsOutOfRange(x1: x1, x2: x2) }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    private init(preset x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingCurve(preset: 0, 0, 1, 1)
    public static let easeIn = TimingCurve(preset: 0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(preset: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingCurve(preset: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve.
    public static let `default` = TimingCurve(preset: 0.25, 0.1, 0.25, 1)

    /// A preset by name or "cubic-bezier(x1, y1, x2, y2)".
    public static func named(_ text: String) throws(TimingCurveError) -> TimingCurve {
        switch text {
        case "linear": return .linear
        case "easeIn", "ease-in": return .easeIn
        case "easeOut", "ease-out": return .easeOut
        case "easeInEaseOut", "ease-in-out": return .easeInEaseOut
        case "default", "ease": return .default
        default: break
        }
        let compact = text.filter { !$0.isWhitespace }
        guard compact.hasPrefix("cubic-bezier("), compact.hasSuffix(")") else { throw .unknown(text) }
        let numbers = compact.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0) }
        guard numbers.count == 4, let a = numbers[0], let b = numbers[1], let c = numbers[2], let d = numbers[3] else {
            throw .unknown(text)
        }
        return try TimingCurve(x1: a, y1: b, x2: c, y2: d)
    }

    @inline(__always) private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    @inline(__always) private func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve's parameter t where its x equals `x` (x within 0...1): Newton's method while its
    /// steps shrink, else bisection to the last bit. Both stop on the step in t, not on the error in
    /// x, which says little where the curve is nearly flat in x.
    public func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let d = slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            let step = (bezier(t, x1, x2) - x) / d
            t -= step
            if t < 0 || t > 1 { break }
            if abs(step) < 1e-13 { return t }
        }
        // Bisection: x(t) rises monotonically on [0, 1] when x1 and x2 lie in [0, 1].
        var low = 0.0, high = 1.0
        while high - low > 1e-15 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The eased fraction at the time fraction `x`; 0 and 1 exactly at the ends.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        return bezier(parameter(forX: x), y1, y2)
    }

    public var description: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        default: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
        }
    }
}

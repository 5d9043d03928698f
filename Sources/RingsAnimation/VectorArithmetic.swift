/// A value that can be animated: added, subtracted, scaled and measured, like SwiftUI's
/// VectorArithmetic. Pairs and vectors of such values animate as one.
///
///     let arc = AnimatablePair(0.0, 0.75)   // start and end of an arc, animated together
///     arc.interpolated(to: AnimatablePair(0.25, 1.0), amount: 0.5)
public protocol VectorArithmetic: Equatable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The squared length, for paced keyframes and for telling when a spring has settled.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value `amount` of the way from `self` to `other`.
    public func interpolated(to other: Self, amount: Double) -> Self { self + (other - self).scaled(by: amount) }
    public var magnitude: Double { magnitudeSquared.squareRoot() }
}

extension Double: VectorArithmetic {
    public func scaled(by factor: Double) -> Double { self * factor }
    public var magnitudeSquared: Double { self * self }
}

/// Two animatable values as one (for example an arc's start and end angle).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public func scaled(by k: Double) -> Self { Self(first.scaled(by: k), second.scaled(by: k)) }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// Any number of values as one (for example every ring of a group); a missing element counts as 0.
public struct AnimatableVector: VectorArithmetic, ExpressibleByArrayLiteral {
    public var values: [Double]
    public init(_ values: [Double]) { self.values = values }
    public init(arrayLiteral elements: Double...) { values = elements }

    public static var zero: Self { Self([]) }

    private static func combine(_ a: Self, _ b: Self, _ op: (Double, Double) -> Double) -> Self {
        let n = max(a.values.count, b.values.count)
        return Self((0..<n).map { op($0 < a.values.count ? a.values[$0] : 0, $0 < b.values.count ? b.values[$0] : 0) })
    }

    public static func + (a: Self, b: Self) -> Self { combine(a, b, +) }
    public static func - (a: Self, b: Self) -> Self { combine(a, b, -) }
    public func scaled(by k: Double) -> Self { Self(values.map { $0 * k }) }
    public var magnitudeSquared: Double { values.reduce(0) { $0 + $1 * $1 } }
}

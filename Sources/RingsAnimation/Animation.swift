/// A value over time, from the moment it starts (elapsed 0) to when it is finished.
public protocol Animation<Value>: Sendable {
    associatedtype Value: VectorArithmetic
    /// The value `elapsed` seconds after the start (held at the ends outside the animation).
    func value(at elapsed: Double) -> Value
    /// The rate of change per second at `elapsed` (a difference quotient unless the animation knows it).
    func velocity(at elapsed: Double) -> Value
    /// Seconds from the start until it has come to its final value.
    var endTime: Double { get }
    /// The value it ends on.
    var finalValue: Value { get }
}

extension Animation {
    /// Whether the animation has come to its final value by `elapsed`.
    public func isFinished(at elapsed: Double) -> Bool { elapsed >= endTime }

    /// The rate of change per second at `elapsed`, by a central difference (one-sided at the start).
    public func velocity(at elapsed: Double) -> Value {
        let h = 1e-4
        let before = max(0, elapsed - h)
        return (value(at: elapsed + h) - value(at: before)).scaled(by: 1 / (elapsed + h - before))
    }
}

/// From one value to another over `duration` seconds after `delay`, eased by a timing curve
/// (Core Animation's CABasicAnimation).
///
///     let tween = Tween(from: 0.0, to: 0.72, duration: 1, curve: .easeInEaseOut)
///     tween.value(at: 0.5)   // 0.36
public struct Tween<Value: VectorArithmetic>: Animation {
    public var from: Value, to: Value
    public var duration: Double, delay: Double
    public var curve: TimingCurve

    public init(from: Value, to: Value, duration: Double, delay: Double = 0, curve: TimingCurve = .default) {
        self.from = from; self.to = to
        self.duration = max(0, duration); self.delay = max(0, delay)
        self.curve = curve
    }

    /// The time fraction at `elapsed`, 0 ... 1.
    public func fraction(at elapsed: Double) -> Double { timeFraction(elapsed, delay: delay, duration: duration) }

    public func value(at elapsed: Double) -> Value {
        let f = fraction(at: elapsed)
        if f <= 0 { return from }
        if f >= 1 { return to }
        return from.interpolated(to: to, amount: curve.value(at: f))
    }

    public var endTime: Double { delay + duration }
    public var finalValue: Value { to }
}

/// How far through `duration` seconds that begin after `delay` the time `elapsed` is, 0 ... 1.
func timeFraction(_ elapsed: Double, delay: Double, duration: Double) -> Double {
    guard elapsed > delay else { return 0 }
    guard duration > 0 else { return 1 }
    return min(1, (elapsed - delay) / duration)
}

/// Why keyframes were refused; the description is one line for the user.
public enum KeyframeError: Error, Equatable, CustomStringConvertible {
    case tooFewValues
    case keyTimeCount(values: Int, keyTimes: Int)
    case keyTimesNotRising
    case curveCount(segments: Int, curves: Int)
    case unknownPreset(String)

    public var description: String {
        switch self {
        case .tooFewValues: "keyframes need at least two values"
        case let .keyTimeCount(v, k): "keyframes have \(v) values but \(k) key times"
        case .keyTimesNotRising: "key times must rise from 0 to 1"
        case let .curveCount(s, c): "keyframes have \(s) segments but \(c) timing curves (give one, or one per segment)"
        case let .unknownPreset(name): "unknown keyframes '\(name)' (known: two-phase)"
        }
    }
}

/// Values at key times through an animation, like Core Animation's CAKeyframeAnimation.
///
/// Each segment is interpolated through its timing curve; at a key time the value is exactly that
/// key's value.
///
///     let twoPhase = try Keyframes.twoPhase(from: 0.0, to: 0.8)   // 0.72 after 1 s, 0.8 after 2 s
public struct Keyframes<Value: VectorArithmetic>: Animation {
    public let values: [Value]
    /// Rising from 0 to 1, one per value.
    public let keyTimes: [Double]
    /// One per segment.
    public let curves: [TimingCurve]
    public let duration: Double, delay: Double

    /// `keyTimes` nil spreads them evenly; `curves` holds one curve for every segment or one per segment.
    public init(values: [Value], keyTimes: [Double]? = nil, curves: [TimingCurve] = [.linear],
                duration: Double, delay: Double = 0) throws(KeyframeError) {
        guard values.count >= 2 else { throw .tooFewValues }
        let segments = values.count - 1
        var times: [Double]
        if let keyTimes {
            guard keyTimes.count == values.count else { throw .keyTimeCount(values: values.count, keyTimes: keyTimes.count) }
            guard keyTimes.first == 0, keyTimes.last == 1, zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .keyTimesNotRising
            }
            times = keyTimes
        } else {
            times = (0...segments).map { Double($0) / Double(segments) }
        }
        guard curves.count == 1 || curves.count == segments else { throw .curveCount(segments: segments, curves: curves.count) }
        self.values = values
        self.keyTimes = times
        self.curves = curves.count == 1 ? [TimingCurve](repeating: curves[0], count: segments) : curves
        self.duration = max(0, duration)
        self.delay = max(0, delay)
    }

    /// The tutorial's two-phase timing: 90 % of the change in the first second, linearly, and the
    /// remaining 10 % in the next.
    public static func twoPhase(from: Value, to: Value, first: Double = 0.9, phase: Double = 1) throws(KeyframeError) -> Keyframes {
        try Keyframes(values: [from, from.interpolated(to: to, amount: first), to], keyTimes: [0, 0.5, 1],
                      curves: [.linear], duration: 2 * phase)
    }

    /// A preset by name for the command line: "two-phase".
    public static func preset(_ name: String, from: Value, to: Value) throws(KeyframeError) -> Keyframes {
        guard name == "two-phase" else { throw .unknownPreset(name) }
        return try twoPhase(from: from, to: to)
    }

    /// The time fraction at `elapsed`, 0 ... 1.
    public func fraction(at elapsed: Double) -> Double { timeFraction(elapsed, delay: delay, duration: duration) }

    public func value(at elapsed: Double) -> Value {
        let p = fraction(at: elapsed)
        if p >= 1 { return values[values.count - 1] }
        // The segment holding p: keyTimes[i] <= p < keyTimes[i + 1].
        var i = 0
        while i + 1 < keyTimes.count - 1 && p >= keyTimes[i + 1] { i += 1 }
        if p == keyTimes[i] { return values[i] }
        let local = (p - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
        return values[i].interpolated(to: values[i + 1], amount: curves[i].value(at: local))
    }

    public var endTime: Double { delay + duration }
    public var finalValue: Value { values[values.count - 1] }
}

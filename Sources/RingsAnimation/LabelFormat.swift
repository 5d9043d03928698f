import Foundation

/// How a ring's value reads as text; the label shows the presented value, so it counts through every
/// number as the ring moves (100 % to 50 % reads 99, 98, ... on the way).
///
///     LabelFormat.percent().text(for: 0.72)                          // "72%"
///     LabelFormat.percent(decimals: 1).text(for: 1.355)              // "135.5%"
///     LabelFormat.goal(600, unit: "CAL").text(for: 430.0 / 600)      // "430/600 CAL"
///     LabelFormat.download.text(for: 0, started: false)              // "Waiting..."
public indirect enum LabelFormat: Equatable, Sendable {
    /// The value as a percentage, with `decimals` digits after the point and `suffix` after it.
    case percent(decimals: Int = 0, suffix: String = "%")
    /// The value times the goal over the goal, then the unit: "430/600 CAL".
    case goal(Double, unit: String)
    /// Words at the ends: `waiting` before the animation starts (at 0), `done` from the goal (1) on,
    /// and `inner` between.
    case words(waiting: String, done: String, inner: LabelFormat)

    /// The download style of the soft theme: "Waiting...", "NN%", "Done".
    public static let download = LabelFormat.words(waiting: "Waiting...", done: "Done", inner: .percent())

    /// The text for `value` (1 is the goal); `started` tells a waiting 0 from a value that is 0.
    public func text(for value: Double, started: Bool = true) -> String {
        let v = value.isFinite ? max(0, value) : 0
        switch self {
        case let .percent(decimals, suffix):
            return String(format: "%.\(max(0, min(6, decimals)))f", v * 100) + suffix
        case let .goal(goal, unit):
            let amount = (v * goal).rounded()
            let whole = goal.rounded() == goal ? String(Int(goal)) : String(goal)
            return "\(Int(amount))/\(whole)" + (unit.isEmpty ? "" : " \(unit)")
        case let .words(waiting, done, inner):
            if !started && v == 0 { return waiting }
            if v >= 1 { return done }
            return inner.text(for: v, started: started)
        }
    }
}

/// The number a label shows when it is stepped by a repeating timer rather than drawn every frame,
/// as in the gold tutorial: every `interval` seconds (0.02 by default) it takes the presented value,
/// so it counts at the timer's pace whatever the frame rate.
public final class TimerCountingLabel {
    public let interval: Double
    public let format: LabelFormat
    /// The value the label shows now.
    public private(set) var shown: Double
    private var timer: FrameLoop.TimerID?

    public init(format: LabelFormat = .percent(), interval: Double = 0.02, initial: Double = 0) {
        self.format = format; self.interval = interval; shown = initial
    }

    public var text: String { format.text(for: shown) }

    /// Starts stepping on `loop`, reading the value from `presented`, until `stop()`.
    public func start(on loop: FrameLoop, presented: @escaping () -> Double) {
        stop(on: loop)
        timer = loop.addTimer(interval: interval) { [weak self] _ in self?.shown = presented() }
    }

    /// What such a label shows at `now` for a value that runs `animation` since `start`: the value at
    /// the timer's last step (every `interval` seconds from the start), without a timer waking the loop.
    public static func value<Value>(of animation: any Animation<Value>, since start: Double, at now: Double,
                                    interval: Double = 0.02) -> Value {
        guard interval > 0, now > start else { return animation.value(at: 0) }
        if animation.isFinished(at: now - start) { return animation.finalValue }
        return animation.value(at: ((now - start) / interval).rounded(.down) * interval)
    }

    public func stop(on loop: FrameLoop) {
        if let timer { loop.removeTimer(timer) }
        timer = nil
    }
}

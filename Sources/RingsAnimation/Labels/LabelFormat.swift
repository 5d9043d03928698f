import RingsBase
import FoundationEssentials
import Glibc

/// How a ring's value reads as text; the label shows the presented value, so it counts through every
/// number as the ring moves (100 % to 50 % reads 99, 98, ... on the way).
///
///     LabelFormat.percent().text(for: 0.72)                          // "72%"
///     LabelFormat.percent(decimals: 1).text(for: 1.355)              // "135.5%"
///     LabelFormat.goal(600, unit: "CAL").text(for: 430.0 / 600)      // "430/600 CAL"
///     LabelFormat.amount(full: 100, unit: "°C").text(for: 0.54)        // "54 °C"
///     LabelFormat.words(waiting: "Waiting...", done: "Done", inner: .percent())
///         .text(for: 0, started: false)                              // "Waiting..."
public indirect enum LabelFormat: Equatable, Sendable {
    /// The value as a percentage, with `decimals` digits after the point and `suffix` after it.
    case percent(decimals: Int = 0, suffix: String = "%")
    /// The value times the goal over the goal, then the unit: "430/600 CAL".
    case goal(Double, unit: String)
    /// The value times `full`, with `decimals` digits after the point, then the unit: "54 °C", "3.4 MB/s".
    case amount(full: Double, unit: String, decimals: Int = 0)
    /// Words at the ends: `waiting` before the animation starts (at 0), `done` from the goal (1) on,
    /// and `inner` between.
    case words(waiting: String, done: String, inner: LabelFormat)

    /// The text for `value` (1 is the goal); `started` tells a waiting 0 from a value that is 0.
    public func text(for value: Double, started: Bool = true) -> String {
        let v = value.isFinite ? max(0, value) : 0
        switch self {
        case let .percent(decimals, suffix):
            let percent = v * 100
            // Whole percentages, the usual label, redrawn every frame as it counts: rounded as printf's
            // "%.0f" rounds (to nearest, an exact half to even), without Foundation's formatter.
            if decimals <= 0 && percent < 1e15 { return String(Int(percent.rounded(.toNearestOrEven))) + suffix }
            return String(cFormat: "%.\(max(0, min(6, decimals)))f", percent) + suffix
        case let .goal(goal, unit):
            let amount = (v * goal).rounded()
            let whole = goal.rounded() == goal ? String(Int(goal)) : String(goal)
            return "\(Int(amount))/\(whole)" + (unit.isEmpty ? "" : " \(unit)")
        case let .amount(full, unit, decimals):
            return String(cFormat: "%.\(max(0, min(6, decimals)))f", v * full) + " " + unit
        case let .words(waiting, done, inner):
            if !started && v == 0 { return waiting }
            if v >= 1 { return done }
            return inner.text(for: v, started: started)
        }
    }
}

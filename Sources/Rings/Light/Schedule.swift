import RingsBase
import FoundationEssentials
import Glibc

/// A screen's night schedule: from each step's time on (local wall-clock time, on its days), the
/// screen is at that step's brightness, or off; the latest step at or before a moment holds, across
/// midnight and the week. A step that falls in a DST gap (02:30 on the night the clocks go forward)
/// holds from the first time after it.
public struct Schedule: Equatable, Sendable {
    /// A day of the week as the config writes it.
    public enum Weekday: String, CaseIterable, Sendable {
        case sun, mon, tue, wed, thu, fri, sat
        /// Calendar's number for the day (1 is Sunday).
        var number: Int { Weekday.allCases.firstIndex(of: self)! + 1 }
    }

    /// One step: at `minute` after local midnight, on `days` (every day when empty), the screen goes
    /// to `brightness` (1 when not said) and on, or off when `screenOff`.
    public struct Step: Equatable, Sendable {
        public var minute: Int
        public var days: Set<Weekday>
        public var brightness: Double
        public var screenOff: Bool

        public init(minute: Int, days: Set<Weekday> = [], brightness: Double = 1, screenOff: Bool = false) {
            self.minute = minute; self.days = days; self.brightness = brightness; self.screenOff = screenOff
        }

        /// Its time as the config writes it: "22:00".
        public var time: String { String(cFormat: "%02d:%02d", minute / 60, minute % 60) }
    }

    /// What the schedule asks of the screen at a moment, and which step says so (nil: none yet, full brightness).
    public struct State: Equatable, Sendable {
        public var brightness = 1.0
        public var screenOff = false
        public var step: Int?

        public init(brightness: Double = 1, screenOff: Bool = false, step: Int? = nil) {
            self.brightness = brightness; self.screenOff = screenOff; self.step = step
        }
    }

    public var steps: [Step]
    /// At most this many steps.
    public static let most = 32

    public init(steps: [Step]) { self.steps = steps }

    /// "22:00" (or "7:05") as minutes after midnight; nil for anything else.
    public static func minute(of text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    /// The state at `date` on the wall clocks of `timeZone`.
    public func state(at date: Date, in timeZone: TimeZone) -> State {
        let calendar = Schedule.calendar(timeZone)
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let today = parts.weekday ?? 1, now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        // Today up to now, then each day before it, latest first; a week back reaches every step.
        for back in 0...7 {
            let weekday = (today - 1 - back % 7 + 7) % 7 + 1
            let candidates = steps.indices.filter { i in
                let step = steps[i]
                return (step.days.isEmpty || step.days.contains { $0.number == weekday }) && (back > 0 || step.minute <= now)
            }
            // The latest in the day; of two at one time, the one written last.
            if let chosen = candidates.max(by: { (steps[$0].minute, $0) < (steps[$1].minute, $1) }) {
                return State(brightness: steps[chosen].screenOff ? 0 : steps[chosen].brightness, screenOff: steps[chosen].screenOff, step: chosen)
            }
        }
        return State()
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

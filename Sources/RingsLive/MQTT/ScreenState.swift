import FoundationEssentials
import Glibc
import Rings
import RingsBase

/// What a screen says on its broker's `STATUS-TOPIC/state` (retained), after each command and
/// whenever its light or its values change (values at most once a second): its light, the
/// schedule's step in force, each ring's value in % (null while it waits for one), whether it is
/// stale or kept from the last run, and its age, and how old the newest value is.
public struct ScreenState: Equatable, Sendable {
    /// The rings' values, outermost first.
    public struct Rings: Equatable, Sendable {
        /// Each ring's value in %; nil for a ring that has none yet.
        public var percent: [Double?]
        /// Each ring's value has grown old (the screen marks it stale).
        public var stale: [Bool]
        /// Each ring shows the value the state file kept from the last run, none of its own since.
        public var kept: [Bool]
        /// When each ring's value came (wall-clock seconds), kept ones included; nil for none.
        public var arrivals: [Double?]

        public init(percent: [Double?], stale: [Bool] = [], kept: [Bool] = [], arrivals: [Double?] = []) {
            self.percent = percent; self.stale = stale; self.kept = kept; self.arrivals = arrivals
        }
    }

    /// The brightness while on, 0 to 1.
    public var brightness: Double
    public var screenOn: Bool
    public var identifying: Bool
    /// The schedule's step in force as its time ("22:00"), nil without one.
    public var step: String?
    public var rings: Rings
    /// When a ring last took a value.
    public var updated: Date?
    /// What switches the display's power ("hdmi-cec (/dev/cec0, vc4-hdmi-0)", "dpms (x11)",
    /// "none (black)"); nil before a window says.
    public var power: String?

    public init(brightness: Double, screenOn: Bool, identifying: Bool, step: String?, rings: Rings, updated: Date?,
                power: String? = nil) {
        self.brightness = brightness; self.screenOn = screenOn; self.identifying = identifying
        self.step = step; self.rings = rings; self.updated = updated; self.power = power
    }

    /// The message at `now`: `{"age":12,"ages":[12,300,null],"brightness":0.2,"identifying":false,
    /// "kept":[false,true,false],"percent":[72,135,null],"power":"hdmi-cec (/dev/cec0, vc4-hdmi-0)",
    /// "screen":"on","stale":[false,true,false],"step":"22:00","updated":"2026-11-24T21:03:00Z"}`.
    public func message(at now: Date) -> String {
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        func age(_ time: Double?) -> Any {
            time.map { max(0, Int((now.timeIntervalSince1970 - $0).rounded())) } ?? JSON.null
        }
        let fields: [String: Any] = [
            "brightness": rounded(brightness), "screen": screenOn ? "on" : "off", "identifying": identifying,
            "step": step ?? JSON.null,
            "percent": rings.percent.map { $0.map { ($0 * 10).rounded() / 10 } ?? JSON.null as Any },
            "updated": updated.map(MQTTFeed.timestamp) ?? JSON.null,
            "age": age(updated?.timeIntervalSince1970), "ages": rings.arrivals.map(age),
            "stale": rings.stale, "kept": rings.kept, "power": power ?? JSON.null,
        ]
        return MQTTFeed.json(fields)
    }
}

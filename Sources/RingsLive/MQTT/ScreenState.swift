import FoundationEssentials
import Glibc
import Rings
import RingsBase

/// What a screen says on its broker's `STATUS-TOPIC/state` (retained), after each command and
/// whenever its light or its values change (values at most once a second): its light, the
/// schedule's step in force, each ring's value in % (null while it waits for one) and whether it
/// is stale, and how old the newest value is.
public struct ScreenState: Equatable, Sendable {
    /// The brightness while on, 0 to 1.
    public var brightness: Double
    public var screenOn: Bool
    public var identifying: Bool
    /// The schedule's step in force as its time ("22:00"), nil without one.
    public var step: String?
    /// Each ring's value in %, outermost first; nil for a ring that has none yet.
    public var values: [Double?]
    /// When a ring last took a value.
    public var updated: Date?
    /// Each ring's value has grown old (the screen marks it stale), outermost first.
    public var stale: [Bool]
    /// What switches the display's power ("hdmi-cec (/dev/cec0, vc4-hdmi-0)", "dpms (x11)", "none (black)"); nil before a window says.
    public var power: String?

    public init(brightness: Double, screenOn: Bool, identifying: Bool, step: String?, values: [Double?], updated: Date?, stale: [Bool] = [],
                power: String? = nil) {
        self.brightness = brightness; self.screenOn = screenOn; self.identifying = identifying
        self.step = step; self.values = values; self.updated = updated; self.stale = stale; self.power = power
    }

    /// The message at `now`: `{"age":12,"brightness":0.2,"identifying":false,"percent":[72,135,null],"power":"hdmi-cec (/dev/cec0, vc4-hdmi-0)","screen":"on","stale":[false,true,false],"step":"22:00","updated":"2026-11-24T21:03:00Z"}`.
    public func message(at now: Date) -> String {
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        let fields: [String: Any] = [
            "brightness": rounded(brightness), "screen": screenOn ? "on" : "off", "identifying": identifying,
            "step": step ?? JSON.null, "percent": values.map { $0.map { ($0 * 10).rounded() / 10 } ?? JSON.null as Any },
            "updated": updated.map(MQTTFeed.timestamp) ?? JSON.null,
            "age": updated.map { max(0, Int(now.timeIntervalSince($0).rounded())) } ?? JSON.null,
            "stale": stale, "power": power ?? JSON.null,
        ]
        return MQTTFeed.json(fields)
    }
}

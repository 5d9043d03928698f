/// The screen's light: its brightness and whether it is on, as the night schedule's step, the
/// broker's commands, a touch or key (wake-on-input) and an identify ask. A new step of the schedule
/// takes over from what commands said; a command holds until then. Times are the frame loop's.
public struct ScreenLight: Equatable, Sendable {
    /// The brightness while on, 0 to 1 (kept while off: the screen comes back on at it).
    public private(set) var brightness = 1.0
    /// The last brightness above 0: "on" alone brings a screen dimmed to 0 back at it, as a light
    /// dimmed to nothing and then switched on comes back (Home Assistant shows brightness 0 as off).
    private var lit = 1.0
    /// Asked off, by the schedule or a command.
    public private(set) var off = false
    /// The schedule's step in force (its index), nil before the first or without a schedule.
    public private(set) var step: Int?
    /// Woken by input until then, though asked off.
    public private(set) var awakeUntil: Double?
    /// Showing its identity until then (the screen on for it).
    public private(set) var identifyUntil: Double?

    public init() {}

    /// Takes a schedule step's state (called when the step in force changes).
    public mutating func follow(_ state: Schedule.State) {
        if !state.screenOff {
            brightness = state.brightness
            if brightness > 0 { lit = brightness }
        }
        off = state.screenOff
        step = state.step
        awakeUntil = nil
    }

    /// Takes a command's brightness, screen and identify (reload is not the light's); an identify
    /// in the same command as "off" lights the screen for its seconds.
    public mutating func obey(_ command: ScreenCommand, at now: Double) {
        if let level = command.brightness {
            brightness = level
            if level > 0 { lit = level }
        } else if command.screenOn == true, brightness == 0 {
            brightness = lit
        }
        if let on = command.screenOn {
            off = !on
            // Off means dark now: a wake or an identify under way ends.
            awakeUntil = nil
            if !on { identifyUntil = nil }
        }
        if let seconds = command.identify { identifyUntil = seconds > 0 ? now + seconds : nil }
    }

    /// A touch or key on a screen that is off wakes it for `seconds` (and one while it is woken
    /// keeps it awake that long again); true when it woke or kept it so.
    public mutating func wake(at now: Double, for seconds: Double) -> Bool {
        guard off else { return false }
        awakeUntil = now + seconds
        return true
    }

    /// Ends what has run out by `now`: a wake, an identify. True when something ended.
    public mutating func expire(at now: Double) -> Bool {
        var ended = false
        if let until = awakeUntil, until <= now { awakeUntil = nil; ended = true }
        if let until = identifyUntil, until <= now { identifyUntil = nil; ended = true }
        return ended
    }

    /// When the next wake or identify runs out, if one runs.
    public var nextEnd: Double? { [awakeUntil, identifyUntil].compactMap { $0 }.min() }

    /// Showing its identity.
    public var identifying: Bool { identifyUntil != nil }

    /// Nothing is shown: asked off, and neither woken nor identifying.
    public var dark: Bool { off && awakeUntil == nil && identifyUntil == nil }

    /// The frame's brightness: 0 when dark.
    public var level: Double { dark ? 0 : brightness }
}

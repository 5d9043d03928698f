import FoundationEssentials
import Glibc
import Rings
import RingsAnimation

/// The live screen's light (`ScreenLight`): the night schedule read against the wall clock, the
/// broker's commands, a touch or key that wakes a screen that is off; each change eased into the
/// frame's brightness, said once on standard error when the screen goes off or on, and handed to
/// `changed` (the screen draws it and says its state).
final class LiveLight {
    /// How often the schedule is read against the wall clock: a step shows within this much of its time.
    static let scheduleCheck = 15.0
    /// A change of brightness eases over a second, as a display's own dimming does.
    static let dimming = AnimationSpec.tween(duration: 1, curve: .easeInEaseOut)

    private(set) var light = ScreenLight()
    /// The schedule's step last seen.
    private var scheduled = Schedule.State()
    /// The frame's brightness, easing to the light's level.
    let lighting = Animator(1.0)
    /// The light is dark and its black frame is on screen: nothing more is drawn.
    var dark = false
    /// The light is dark and done fading to black: the display itself can be switched off.
    var faded: Bool { light.dark && !lighting.isAnimating }
    /// Whether the light was dark when last said (on stderr, once per change).
    private var shownDark = false
    private var scheduleTimer: FrameLoop.TimerID?, endTimer: FrameLoop.TimerID?
    private let problems: ProblemLog
    weak var loop: FrameLoop?
    /// The screen's options of the moment (a reload changes the schedule).
    var options: () -> LiveOptions = { fatalError("LiveLight.options is set by its screen") }
    var changed: () -> Void = {}

    init(problems: ProblemLog) { self.problems = problems }

    /// Reads the schedule now (its step taken at once: no dimming as the screen starts) and every
    /// `scheduleCheck` seconds (the wall clock can jump, and the time zone's clocks change). While
    /// the screen is off nothing is drawn; values keep arriving, so the frame is current the moment
    /// a step turns it on. Again (a reload) reads it at once, eased.
    func followSchedule(at now: Double) {
        guard scheduleTimer == nil, let loop else { return applySchedule(at: now) }
        applySchedule(at: loop.clock.now(), eased: false)
        // The easing starts when the step is seen, not when the timer was due.
        let clock = loop.clock
        scheduleTimer = loop.addTimer(interval: Self.scheduleCheck) { [unowned self] _ in self.applySchedule(at: clock.now()) }
    }

    /// Takes the step in force at the wall clock's time (full brightness without a schedule) when
    /// it is a new one: it overrides what commands said.
    private func applySchedule(at now: Double, eased: Bool = true) {
        let options = options()
        let state = options.schedule?.state(at: options.wallClock(), in: options.timeZone) ?? Schedule.State()
        guard state != scheduled else { return }
        scheduled = state
        light.follow(state)
        lightChanged(at: now, eased: eased, why: "schedule")
    }

    /// A command: taken whole (a reload asked of `reload`, false without a config file) or refused in one line.
    func obey(_ order: Result<ScreenCommand, ScreenCommand.Refusal>, at now: Double, reload: () -> Bool) {
        switch order {
        case let .failure(refusal):
            problems.note(kind: "command \(refusal.kind)", "MQTT command on \(options().mqtt?.commandTopic ?? "cmd"): \(refusal.reason) (ignored; nothing changes)")
        case let .success(command):
            if command.reload && !reload() { problems.note(kind: "reload", "reload: rings was started without a config file; nothing to read") }
            light.obey(command, at: now)
            lightChanged(at: now, over: command.transition, why: "command")
        }
    }

    /// The screen's state with its light and the schedule's step in force (as its time, "22:00").
    func state(values: ScreenState.Rings, updated: Double?, power: String?) -> ScreenState {
        let steps = options().schedule?.steps ?? []
        let step = scheduled.step.flatMap { steps.indices.contains($0) ? steps[$0].time : nil }
        return ScreenState(brightness: light.brightness, screenOn: !light.dark, identifying: light.identifying, step: step,
                           rings: values, updated: updated.map(Date.init(timeIntervalSince1970:)), power: power)
    }

    /// A touch or key while the screen is off: with wake-on-input it turns the screen on (the touch
    /// does nothing else) or keeps it on; without, nothing but quitting is taken while nothing shows.
    /// True when the input is used up here.
    func wakeUp(by input: ScreenInput, at now: Double) -> Bool {
        guard light.off else { return false }
        switch input {
        case .key, .press, .wheel: break
        case .close: return false
        default: return light.dark
        }
        let wasDark = light.dark, options = options()
        if let seconds = options.wakeOnInput, light.wake(at: now, for: seconds) {
            if wasDark { lightChanged(at: now, why: "input") } else { watchEnds() }
            return wasDark
        }
        guard wasDark, case let .key(key, _) = input else { return wasDark }
        let quits = options.kiosk ? LiveControls.kiosk(input) == .quit : key.windowRequest == .quit
        return !quits
    }

    /// The light changed: the frame eases to its level over a second or `seconds` (at once when the
    /// screen starts, and when it goes dark without `seconds`), and a screen turned off or on says
    /// so once. A screen that goes dark over `seconds` is switched off when the fade has ended.
    private func lightChanged(at now: Double, eased: Bool = true, over seconds: Double? = nil, why: String) {
        if light.dark != shownDark {
            shownDark = light.dark
            problems.note(kind: "screen \(light.dark)", light.dark ? "\(why): screen off" : "\(why): screen on")
        }
        let easing = seconds.map { $0 > 0 ? AnimationSpec.tween(duration: $0, curve: .easeInEaseOut) : .immediate } ?? Self.dimming
        lighting.animate(to: light.level, with: eased && (!light.dark || seconds != nil) ? easing : .immediate, at: now)
        dark = false
        watchEnds()
        changed()
    }

    /// A timer for the moment a wake or an identify runs out (none while nothing runs).
    private func watchEnds() {
        guard let loop else { return }
        if let id = endTimer { loop.removeTimer(id); endTimer = nil }
        guard let end = light.nextEnd else { return }
        endTimer = loop.addTimer(interval: max(0.01, end - loop.clock.now())) { [unowned self] now in
            // A timer can be due a hair before the end it was set for.
            if self.light.expire(at: now + 0.005) { self.lightChanged(at: now, why: "timer") }
        }
    }
}

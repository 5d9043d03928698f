import FoundationEssentials
import Glibc
import Rings
import RingsAnimation

/// The screen's light (`ScreenLight`): the night schedule read against the wall clock, the
/// broker's commands, a touch or key that wakes a screen that is off, and the identity card; each
/// change eased into the frame's brightness and said on the broker's `STATUS-TOPIC/state`.
extension LiveScreen {
    /// How often the schedule is read against the wall clock: a step shows within this much of its time.
    public static let scheduleCheck = 15.0
    /// A change of brightness eases over a second, as a display's own dimming does.
    static let dimming = AnimationSpec.tween(duration: 1, curve: .easeInEaseOut)
    /// At most this many commands wait for the frame loop; more are refused.
    static let waitingCommands = 16

    /// Reads the schedule now (its step taken at once: no dimming as the screen starts) and every
    /// `scheduleCheck` seconds (the wall clock can jump, and the time zone's clocks change). While
    /// the screen is off nothing is drawn; values keep arriving, so the frame is current the moment
    /// a step turns it on.
    func followSchedule(on loop: FrameLoop) {
        applySchedule(at: loop.clock.now(), eased: false)
        // The easing starts when the step is seen, not when the timer was due.
        let clock = loop.clock
        scheduleTimer = loop.addTimer(interval: LiveScreen.scheduleCheck) { [unowned self] _ in self.applySchedule(at: clock.now()) }
    }

    /// Takes the step in force at the wall clock's time (full brightness without a schedule) when
    /// it is a new one: it overrides what commands said.
    func applySchedule(at now: Double, eased: Bool = true) {
        let state = options.schedule?.state(at: options.wallClock(), in: options.timeZone) ?? Schedule.State()
        guard state != scheduled else { return }
        scheduled = state
        light.follow(state)
        lightChanged(at: now, eased: eased, why: "schedule")
    }

    /// A command from the broker: taken whole (acknowledged on the state topic) or refused in one line.
    func obey(_ order: Result<ScreenCommand, ScreenCommand.Refusal>, at now: Double) {
        switch order {
        case let .failure(refusal):
            problems.note(kind: "command \(refusal.kind)", "MQTT command on \(options.mqtt?.commandTopic ?? "cmd"): \(refusal.reason) (ignored; nothing changes)")
        case let .success(command):
            if command.reload {
                if let watcher { watcher.reloadNow() } else { problems.note(kind: "reload", "reload: rings was started without a config file; nothing to read") }
            }
            light.obey(command, at: now)
            lightChanged(at: now, over: command.transition, why: "command")
        }
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
        let wasDark = light.dark
        if let seconds = options.wakeOnInput, light.wake(at: now, for: seconds) {
            if wasDark { lightChanged(at: now, why: "input") } else { watchLightEnds() }
            return wasDark
        }
        guard wasDark, case let .key(key, _) = input else { return wasDark }
        let quits = options.kiosk ? LiveControls.kiosk(input) == .quit : key.windowRequest == .quit
        return !quits
    }

    /// The light changed: the frame eases to its level over a second or `seconds` (at once when it
    /// goes dark or the screen starts), a screen turned off or on says so once, and the state topic
    /// hears of it.
    func lightChanged(at now: Double, eased: Bool = true, over seconds: Double? = nil, why: String) {
        if light.dark != shownDark {
            shownDark = light.dark
            problems.note(kind: "screen \(light.dark)", light.dark ? "\(why): screen off" : "\(why): screen on")
        }
        let easing = seconds.map { $0 > 0 ? AnimationSpec.tween(duration: $0, curve: .easeInEaseOut) : .immediate } ?? LiveScreen.dimming
        lighting.animate(to: light.level, with: eased && !light.dark ? easing : .immediate, at: now)
        dark = false
        changed = true
        watchLightEnds()
        sayState()
    }

    /// A timer for the moment a wake or an identify runs out (none while nothing runs).
    func watchLightEnds() {
        guard let loop else { return }
        if let id = lightTimer { loop.removeTimer(id); lightTimer = nil }
        guard let end = light.nextEnd else { return }
        lightTimer = loop.addTimer(interval: max(0.01, end - loop.clock.now())) { [unowned self] now in
            // A timer can be due a hair before the end it was set for.
            if self.light.expire(at: now + 0.005) { self.lightChanged(at: now, why: "timer") }
        }
    }

    /// The identity card while an identify lasts: the screen's name on its broker and its host.
    var identityCard: IdentityCard? {
        guard light.identifying, let glyphs = cardGlyphs else { return nil }
        return IdentityCard(name: options.mqtt?.clientID ?? "rings", host: ProcessInfo.processInfo.hostName, glyphs: glyphs)
    }
}

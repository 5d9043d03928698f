import Foundation
import Rings
import RingsAnimation

extension LiveScreen {
    /// How often the schedule is read against the wall clock: a step shows within this much of its time.
    public static let scheduleCheck = 15.0
    /// A change of brightness eases over a second, as a display's own dimming does.
    static let dimming = AnimationSpec.tween(duration: 1, curve: .easeInEaseOut)

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

    /// Takes the step in force at the wall clock's time (full brightness without a schedule): its
    /// brightness eased to from what is on screen, the screen off at once (one black frame) or on
    /// again (the whole frame redrawn).
    func applySchedule(at now: Double, eased: Bool = true) {
        let state = options.schedule?.state(at: options.wallClock(), in: options.timeZone) ?? Schedule.State()
        guard state != scheduled else { return }
        if state.screenOff != scheduled.screenOff { problems.note(kind: state.screenOff ? "schedule off" : "schedule on", state.screenOff ? "schedule: screen off" : "schedule: screen on") }
        scheduled = state
        lighting.animate(to: state.brightness, with: eased && !state.screenOff ? LiveScreen.dimming : .immediate, at: now)
        dark = false
        changed = true
    }
}

import Rings
import RingsAnimation

/// The screen's state said back where its sources say it (the broker's state topic): at once after
/// a command or a change of light, within a second of new values (at most once a second).
final class StateReport {
    weak var loop: FrameLoop?
    var sources: [any LiveSource] = []
    /// The state as it is now.
    var state: () -> ScreenState = { fatalError("StateReport.state is set by its screen") }
    private var timer: FrameLoop.TimerID?

    private var wanted: Bool { sources.contains(where: \.saysState) }

    /// Says the state within a second (a say already pending is this one).
    func soon() {
        guard wanted, timer == nil, let loop else { return }
        timer = loop.addTimer(interval: 1) { [unowned self] _ in self.now() }
    }

    /// Says the state now (a pending say is this one).
    func now() {
        if let timer { loop?.removeTimer(timer); self.timer = nil }
        guard wanted else { return }
        let state = state()
        sources.forEach { $0.say(state) }
    }
}

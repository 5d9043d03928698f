import Rings
import RingsAnimation

/// A demo's script (`ValueScript`) played on the screen's loop: each step's value set at its time,
/// by a timer as fast as its closest steps, stopped after the last.
final class ScriptPlayer {
    private var timer: FrameLoop.TimerID?

    /// Plays `script` from its start; `again` (Space or a click) first puts every ring back to 0.
    func play(_ script: ValueScript, on loop: FrameLoop, model: RingsModel, again: Bool = false) {
        if let timer { loop.removeTimer(timer) }
        let start = loop.clock.now()
        if again { for ring in model.targets.indices { model.apply(.set(ring: ring, value: 0), at: start) } }
        var done = -Double.infinity
        let gaps = zip(script.steps, script.steps.dropFirst()).map { $1.at - $0.at }.filter { $0 > 0 }
        timer = loop.addTimer(interval: max(0.005, gaps.min() ?? 0.01)) { [unowned self, unowned loop] now in
            let elapsed = now - start
            for step in script.steps(after: done, upTo: elapsed) {
                model.apply(.set(ring: step.ring, value: step.value), at: now)
            }
            done = elapsed
            if elapsed >= script.duration, let timer = self.timer { loop.removeTimer(timer); self.timer = nil }
        }
    }
}

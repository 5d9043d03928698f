import FoundationEssentials
import Glibc

/// The number a label shows when it is stepped by a repeating timer rather than drawn every frame,
/// as in the gold tutorial: every `interval` seconds (0.02 by default) it takes the presented value,
/// so it counts at the timer's pace whatever the frame rate.
public final class TimerCountingLabel {
    public let interval: Double
    public let format: LabelFormat
    /// The value the label shows now.
    public private(set) var shown: Double
    private var timer: FrameLoop.TimerID?

    public init(format: LabelFormat = .percent(), interval: Double = 0.02, initial: Double = 0) {
        self.format = format; self.interval = interval; shown = initial
    }

    public var text: String { format.text(for: shown) }

    /// Starts stepping on `loop`, reading the value from `presented`, until `stop()`.
    public func start(on loop: FrameLoop, presented: @escaping () -> Double) {
        stop(on: loop)
        timer = loop.addTimer(interval: interval) { [weak self] _ in self?.shown = presented() }
    }

    /// What such a label shows at `now` for a value that runs `animation` since `start`: the value at
    /// the timer's last step (every `interval` seconds from the start), without a timer waking the loop.
    public static func value<Value>(of animation: any Animation<Value>, since start: Double, at now: Double,
                                    interval: Double = 0.02) -> Value {
        guard interval > 0, now > start else { return animation.value(at: 0) }
        if animation.isFinished(at: now - start) { return animation.finalValue }
        return animation.value(at: ((now - start) / interval).rounded(.down) * interval)
    }

    public func stop(on loop: FrameLoop) {
        if let timer { loop.removeTimer(timer) }
        timer = nil
    }
}

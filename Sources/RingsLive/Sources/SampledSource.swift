import Rings
import RingsAnimation

/// `--source`: the built-in sources (/proc, /sys, statvfs), one ring each, sampled now and every
/// `--every` on the screen's loop (`SystemSampler`); hardware that is not there is said beside its ring.
final class SampledSource: LiveSource {
    private let sources: [SystemSource], interval: Double
    private weak var loop: FrameLoop?
    private var timer: FrameLoop.TimerID?

    init?(_ options: LiveOptions) {
        guard !options.sources.isEmpty else { return nil }
        sources = options.sources
        interval = options.every
    }

    static var periodic: Bool { true }

    static func identity(_ options: LiveOptions) -> String { "sources \(options.sources)" }

    func start(_ link: SourceLink, on loop: FrameLoop) {
        let sampler = SystemSampler(), sources = sources
        let sample = { (now: Double) in
            for (ring, source) in sources.enumerated() {
                let reading = sampler.sample(source, at: now)
                if reading == .unreadable || reading.value?.isFinite == false {
                    link.health("\(source)", Words.cannotRead.text)
                    link.problems.note(kind: "source \(source)", "cannot read \(source); the ring keeps its value")
                    continue
                }
                link.health("\(source)", nil)
                switch reading {
                case let .value(value, remark):
                    link.remark(ring: ring, remark)
                    link.deliver("source \(source)", .success([(ring, value)]), timed: false)
                case let .absent(words): link.remark(ring: ring, words)
                case .pending: link.remark(ring: ring, nil)
                case .unreadable: break
                }
            }
        }
        sample(loop.clock.now())
        self.loop = loop
        timer = loop.addTimer(interval: interval, action: sample)
    }

    func stop() {
        if let timer { loop?.removeTimer(timer) }
        timer = nil
    }
}

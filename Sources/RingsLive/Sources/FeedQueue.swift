import Rings
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster
import RingsBase

/// Lines parsed on a feed's thread, waiting for the main loop.
final class FeedQueue: Sendable {
    /// A line and where it came from, as a message names it ("feed line 4", "MQTT message 12 on office/rings");
    /// timed: a line whose way to the frame `--stats` measures (a sample taken on the loop is not).
    typealias Line = (origin: String, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>, timed: Bool)
    /// The waiting lines, and when the oldest of them arrived (monotonic seconds).
    private let waiting = Mutex<(lines: [Line], since: Double?)>(([], nil))

    func append(_ origin: String, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>, timed: Bool = true) {
        waiting.withLock {
            if timed && $0.since == nil { $0.since = MonotonicClock().now() }
            $0.lines.append((origin, result, timed))
        }
    }

    /// The waiting lines and when the first timed one of them arrived.
    func takeAll() -> (lines: [Line], since: Double?) {
        waiting.withLock { waiting in
            defer { waiting = ([], nil) }
            return waiting
        }
    }
}

import Rings
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster
import RingsBase

/// Lines parsed on a feed's thread, waiting for the main loop.
final class FeedQueue: Sendable {
    /// A line and where it came from, as a message names it ("feed line 4", "MQTT message 12 on office/rings").
    typealias Line = (origin: String, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>)
    /// The waiting lines, and when the oldest of them arrived (monotonic seconds).
    private let waiting = Mutex<(lines: [Line], since: Double?)>(([], nil))

    func append(_ origin: String, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>) {
        waiting.withLock {
            if $0.lines.isEmpty { $0.since = MonotonicClock().now() }
            $0.lines.append((origin, result))
        }
    }

    /// The waiting lines and when the first of them arrived.
    func takeAll() -> (lines: [Line], since: Double?) {
        waiting.withLock { waiting in
            defer { waiting = ([], nil) }
            return waiting
        }
    }
}

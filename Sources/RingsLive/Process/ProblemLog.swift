import Rings
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster
import RingsBase

/// Says each kind of problem at most once a minute, with the line it was seen on, so that a feed
/// full of garbage cannot flood the log.
public final class ProblemLog: Sendable {
    /// When each kind was last said.
    private let last = Mutex<[String: Double]>([:])
    private let now: @Sendable () -> Double
    private let write: @Sendable (String) -> Void

    public init(now: @escaping @Sendable () -> Double, write: @escaping @Sendable (String) -> Void) {
        self.now = now; self.write = write
    }

    /// Logs `message` unless something of `kind` was logged less than 60 s ago; returns whether it did.
    @discardableResult
    public func note(kind: String, _ message: String) -> Bool {
        let t = now()
        let due = last.withLock { last in
            if let previous = last[kind], t - previous < 60 { return false }
            last[kind] = t
            return true
        }
        if due { write(message) }
        return due
    }
}

extension ProblemLog {
    /// Problems as lines on standard error, `rings: ` first, each kind at most once a minute.
    public static var standardError: ProblemLog {
        ProblemLog(now: { MonotonicClock().now() }, write: { StandardError.say("rings: \($0)") })
    }
}

import Foundation

/// Says each kind of problem at most once a minute, with the line it was seen on, so that a feed
/// full of garbage cannot flood the log.
public final class ProblemLog: @unchecked Sendable {
    private var last: [String: Double] = [:]
    private let lock = NSLock()
    private let now: @Sendable () -> Double
    private let write: @Sendable (String) -> Void

    public init(now: @escaping @Sendable () -> Double, write: @escaping @Sendable (String) -> Void) {
        self.now = now; self.write = write
    }

    /// Logs `message` unless something of `kind` was logged less than 60 s ago; returns whether it did.
    @discardableResult
    public func note(kind: String, _ message: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let t = now()
        if let previous = last[kind], t - previous < 60 { return false }
        last[kind] = t
        write(message)
        return true
    }
}

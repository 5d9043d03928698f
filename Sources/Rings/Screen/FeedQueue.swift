import Foundation
import RingsAnimation

/// Lines parsed on a feed's thread, waiting for the main loop.
final class FeedQueue: @unchecked Sendable {
    typealias Line = (number: Int, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>)
    private var items: [Line] = []
    /// When the oldest waiting line arrived (monotonic seconds).
    private var firstArrival: Double?
    private let lock = NSLock()

    func append(number: Int, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>) {
        lock.lock()
        if items.isEmpty { firstArrival = MonotonicClock().now() }
        items.append((number, result))
        lock.unlock()
    }

    /// The waiting lines and when the first of them arrived.
    func takeAll() -> (lines: [Line], since: Double?) {
        lock.lock(); defer { lock.unlock() }
        let all = (items, firstArrival)
        items.removeAll()
        firstArrival = nil
        return all
    }
}

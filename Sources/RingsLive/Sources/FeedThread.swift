import Rings
import RingsRaster
import RingsBase

/// The thread a feed reads on, and the flag that asks it to stop (it checks `isStopped` between reads).
final class FeedThread: Sendable {
    private let stopped = Mutex(false)

    /// Runs `body` on a new thread called `name` (as `top -H` and a debugger show it).
    func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        Threads.start(named: name, body)
    }

    func stop() { stopped.withLock { $0 = true } }
    var isStopped: Bool { stopped.withLock { $0 } }
}

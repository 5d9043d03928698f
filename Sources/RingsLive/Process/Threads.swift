#if canImport(Glibc)
import Glibc
#endif

/// Threads of the process's own (feeds, the signal waiter), started detached and named as `top -H`
/// and a debugger show them, and a sleep that a signal does not cut short.
public enum Threads {
    /// Runs `body` on a new detached thread called `name` (the first 15 bytes); a thread that cannot
    /// be started ends the process with one line, as running without it would lose its work.
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Threads.Work>.fromOpaque(context!).takeRetainedValue()
            nameThisThread(work.name)
            work.body()
            return nil
        }, box)
        guard started == 0 else {
            StandardError.say("rings: cannot start a thread for \(name) (error \(started))")
            exit(1)
        }
        pthread_detach(thread)
    }

    /// Waits `seconds`, going back to sleep for what is left when a signal interrupts it.
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var asked = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9)), left = timespec()
        while nanosleep(&asked, &left) != 0 && errno == EINTR { asked = left }
    }

    fileprivate final class Work {
        let name: String, body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
}

/// Names the calling thread (what pthread_setname_np does, through the file it writes).
private func nameThisThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

import Rings
import FoundationEssentials
import Glibc
import RingsRaster
import CProcess
import RingsBase

/// Every signal whose default is to end the process without a core (SIGINT, SIGTERM, SIGHUP, SIGUSR1,
/// SIGALRM, SIGPWR, SIGIO, the real-time ones...), taken by a thread of its own blocked in `sigwait`:
/// no descriptor, no dispatch source and no handler, so they are obeyed at any descriptor limit and
/// whatever the main thread is stuck in (a stopped X server). The first of them calls the quit action
/// (SIGHUP its own when there is one), the ones that are not a usual way to stop a program with one
/// line and an exit status of 128 + the signal's number afterwards; if the process is still alive
/// `grace` seconds later, or another comes, the signal's default action ends it.
public enum ProcessSignals {
    private struct Actions {
        var quit: (@Sendable () -> Void)?
        var hangUp: (@Sendable () -> Void)?
        var quitting = false
        /// The exit status the quit asks for (a signal that is not SIGINT or SIGTERM).
        var status: Int32?
    }
    private static let actions = Mutex(Actions())
    /// SIGINT and SIGTERM, the usual ways to stop a program: a clean end, status 0.
    private static let usual: [Int32] = [SIGINT, SIGTERM]
    private static let taken: [Int32] = usual + [SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPWR, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, SIGSTKFLT]
        + Array(rings_signal_realtime_first()...rings_signal_realtime_last())

    /// Blocks the three signals in the calling thread and starts the waiter. Call it on the main
    /// thread before any other thread starts: threads inherit the mask (a child's spawn resets it).
    public static func start(grace: Double) {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A parent's SIG_IGN would discard them before sigwait sees them (`cmd &` in a script ignores SIGINT).
        taken.filter { $0 != SIGHUP }.forEach { signal($0, SIG_DFL) }
        Threads.start(named: "rings signals") { wait(grace: grace) }
    }

    /// What the first SIGINT or SIGTERM does from now on (nil: end at once); called at once when one came already.
    public static func onQuit(_ action: (@Sendable () -> Void)?) {
        let quitting = actions.withLock { $0.quit = action; return $0.quitting }
        if quitting { action?() }
    }

    /// What SIGHUP does from now on (nil: end the process, as SIGHUP does by default).
    public static func onHangUp(_ action: (@Sendable () -> Void)?) {
        // A parent's SIG_IGN (nohup) would discard SIGHUP before sigwait sees it; asked to reload, we take it.
        if action != nil { signal(SIGHUP, SIG_DFL) }
        actions.withLock { $0.hangUp = action }
    }

    /// Whether a signal that ends rings has come.
    public static var quitRequested: Bool { actions.withLock { $0.quitting } }

    /// The status to exit with after the clean end a signal asked for: 128 + its number for one that
    /// is not SIGINT or SIGTERM (a supervisor sees that something ended rings), nil otherwise.
    public static var exitStatus: Int32? { actions.withLock { $0.status } }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        taken.forEach { sigaddset(&set, $0) }
        return set
    }

    private static func wait(grace: Double) {
        var set = signalSet()
        while true {
            var number: Int32 = 0
            guard sigwait(&set, &number) == 0 else { continue }
            let (quit, hangUp, again) = actions.withLock { state in
                let again = state.quitting
                if number != SIGHUP || state.hangUp == nil {
                    state.quitting = true
                    if !usual.contains(number), state.status == nil { state.status = 128 + number }
                }
                return (state.quit, state.hangUp, again)
            }
            if number == SIGHUP, let hangUp {
                hangUp()
                continue
            }
            let name = rings_signal_name(number).map { "SIG" + String(cString: $0) } ?? "SIGRTMIN+\(number - rings_signal_realtime_first())"
            if !usual.contains(number) && !again {
                StandardError.say("rings: \(name) came; ending")
            }
            if again || quit == nil {
                end(by: number)
            } else {
                let number = number
                Threads.start(named: "rings deadline") {
                    Threads.sleep(seconds: grace)
                    StandardError.say("rings: still running \(grace) s after \(name); ending now")
                    end(by: number)
                }
                quit?()
            }
        }
    }

    /// Ends the process by `number`'s default action, as if it had never been blocked.
    private static func end(by number: Int32) -> Never {
        signal(number, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, number)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        raise(number)
        _exit(128 + number)
    }
}

import Rings
import CSystemd
import FoundationEssentials
import Glibc

/// systemd's notify protocol, through libsystemd's sd_notify (a datagram to NOTIFY_SOCKET; nothing
/// at all when not run by systemd): READY=1 once the first frame is on screen, WATCHDOG=1 from the
/// window's own loop at half of WATCHDOG_USEC (so a loop that hangs, or a stopped process, stops
/// the pings and systemd restarts it), and STATUS= with how the sources stand when it changes.
public final class Supervisor {
    /// Says `state` ("RELOADING=1", "READY=1") to the service manager, if there is one.
    public static func notify(_ state: String) { sd_notify(0, state) }

    /// How often the watchdog wants a ping, in seconds; nil when systemd set no watchdog for us.
    public let watchdogInterval: Double?
    /// A service manager listens (NOTIFY_SOCKET is set): otherwise the status is never even worked out.
    private let supervised = ProcessInfo.processInfo.environment["NOTIFY_SOCKET"] != nil
    private var ready = false, status = ""

    public init() {
        var microseconds: UInt64 = 0
        watchdogInterval = sd_watchdog_enabled(0, &microseconds) > 0 && microseconds > 0 ? Double(microseconds) / 2_000_000 : nil
    }

    /// A frame is on screen: the first one makes the service ready.
    public func presented(status now: @autoclosure () -> String) {
        guard !ready else { return }
        ready = true
        sd_notify(0, "READY=1")
        tell(status: now())
    }

    /// The loop is alive: a watchdog ping, with the status when it has changed.
    public func ping(status now: @autoclosure () -> String) {
        sd_notify(0, "WATCHDOG=1")
        tell(status: now())
    }

    /// Says how the sources stand when it has changed (from the first frame on: READY=1 comes first);
    /// the status is worked out only when someone listens, not on every wake of an unsupervised window.
    public func tell(status now: @autoclosure () -> String) {
        guard supervised, ready else { return }
        let text = now()
        guard text != status, !text.contains("\n") else { return }
        status = text
        sd_notify(0, "STATUS=" + text)
    }
}

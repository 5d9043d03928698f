import CSDL2
import CSDL2SysWM
import CWaylandProbe
import Glibc
import RingsBase
import RingsLive

/// Ends the process when the Wayland compositor goes away, so that a supervisor restarts the
/// kiosk: one line and status 1, as `X11Errors` does on X11. SDL notices the loss only in its event
/// loop (it sends SDL_QUIT, and the window's loop ends the clean way, its feeds' commands ended);
/// inside a call that waits for the compositor's answer it spins for ever instead (showing a window
/// waits for its first configure, which a compositor gone never sends). A thread watching the
/// connection's socket for the hang-up ends the process when the loop has not within a grace, as
/// `ProcessSignals` does for a signal.
enum WaylandLoss {
    private struct State {
        var said = false, watching = false, ending = false
        /// The end of a pipe written to stop the watch.
        var stop: Int32 = -1
    }
    private static let state = Mutex(State())
    /// What the one line says.
    static let problem = "lost the display (the Wayland compositor closed the connection)"
    /// How long the event loop has to end the clean way once the compositor has hung up.
    static let grace = 2.0

    /// Says the one line (unless it was said) and ends the process with status 1.
    static func end() -> Never {
        say("rings: error: " + problem)
        _exit(1)
    }

    /// The event loop has seen the loss and ends the clean way (its caller says the line): the
    /// watch then ends the process only if that takes more than its grace again.
    static func ending() {
        state.withLock { $0.ending = true; $0.said = true }
    }

    /// Ends the process as `end` does when the compositor, which answered as SDL started, cannot be
    /// reached any more: a window that cannot be made then fails for that (as "Could not initialize
    /// EGL", say), not for what SDL says.
    static func endIfGone() {
        if rings_wayland_has_seat(nil) < 0 { end() }
    }

    /// Watches the Wayland connection behind `window` from a thread of its own, asleep in poll(2)
    /// on a copy of its descriptor until the compositor hangs up or `stopWatching` is called (once:
    /// the connection lasts as long as SDL's video, through every window made on it). Nothing on
    /// other window systems.
    static func watch(_ window: OpaquePointer) {
        guard !state.withLock({ $0.watching }), let info = RingsWindow.systemInfo(of: window),
              info.subsystem == SDL_SYSWM_WAYLAND, let display = info.info.wl.display else { return }
        var ends: [Int32] = [-1, -1]
        let copy = fcntl(rings_wayland_fd(UnsafeMutableRawPointer(display)), F_DUPFD_CLOEXEC, 3)
        guard copy >= 0, pipe(&ends) == 0 else {
            if copy >= 0 { close(copy) }
            return StandardError.say("rings: cannot watch the Wayland connection (\(String(cString: strerror(errno))))")
        }
        let (woken, waker) = (ends[0], ends[1])
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        state.withLock { $0.watching = true; $0.stop = waker }
        Threads.start(named: "rings wayland") {
            // No events asked of the socket: poll(2) still says POLLHUP when the peer closes its end.
            var entries = [pollfd(fd: copy, events: 0, revents: 0),
                           pollfd(fd: woken, events: Int16(POLLIN), revents: 0)]
            while poll(&entries, 2, -1) < 0 && errno == EINTR {}
            let stopped = entries[1].revents != 0
            // Taken back under the lock, so that `stopWatching` never writes to it once closed.
            state.withLock { state in
                if state.stop == waker { state.stop = -1 }
            }
            [copy, woken, waker].forEach { close($0) }
            guard !stopped, entries[0].revents & Int16(POLLHUP | POLLERR) != 0 else { return }
            Threads.sleep(seconds: grace)
            guard state.withLock({ $0.ending }) else { end() }
            Threads.sleep(seconds: grace)
            StandardError.say("rings: still running \(Int(2 * grace)) s after losing the display; ending now")
            _exit(1)
        }
    }

    /// Stops the watch, before SDL's video closes the connection (native Wayland could not start
    /// its window, and X11 is tried next).
    static func stopWatching() {
        state.withLock { state in
            var one: UInt8 = 1
            if state.stop >= 0 { _ = write(state.stop, &one, 1) }
            state.watching = false
        }
    }

    /// Writes `text` as a line on stderr, once for the whole process.
    private static func say(_ text: String) {
        guard state.withLock({ state in defer { state.said = true }; return !state.said }) else { return }
        StandardError.say(text)
    }
}

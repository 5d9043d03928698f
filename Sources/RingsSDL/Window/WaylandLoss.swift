import CSDL2
import CSDL2SysWM
import CWaylandProbe
import Glibc
import RingsLive
import RingsBase

/// Ends the process when the Wayland compositor goes away: one line, status 1, at once, as
/// `X11Errors` does on X11, so that a supervisor restarts the kiosk. SDL notices the loss only in
/// its event loop (it sends SDL_QUIT); inside a call that waits for the compositor's answer it spins
/// for ever instead (showing a window waits for its first configure, and a compositor that dies
/// then never sends it). A thread that watches the connection's socket for the hang-up covers both.
enum WaylandLoss {
    private static let said = Mutex(false)
    private static let watching = Mutex(false)

    /// Says the one line and ends the process with status 1; a second caller waits for the first.
    static func end() -> Never {
        if said.withLock({ saying in defer { saying = true }; return !saying }) {
            let line = "rings: error: lost the display (the Wayland compositor closed the connection)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
        while true { pause() }
    }

    /// Ends the process as `end` does when the compositor, which answered as SDL started, cannot be
    /// reached any more: a window that cannot be made then fails for that (as "Could not initialize
    /// EGL", say), not for what SDL says.
    static func endIfGone() {
        if rings_wayland_has_seat(nil) < 0 { end() }
    }

    /// Watches the Wayland connection behind `window` from a thread of its own, which sleeps in
    /// poll(2) until the compositor hangs up (once per process: the connection lasts as long as
    /// SDL's video, through every window made on it). Nothing on other window systems.
    static func watch(_ window: OpaquePointer) {
        guard let info = RingsWindow.systemInfo(of: window), info.subsystem == SDL_SYSWM_WAYLAND,
              let display = info.info.wl.display,
              let library = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD),
              let getFD = dlsym(library, "wl_display_get_fd"),
              watching.withLock({ started in defer { started = true }; return !started }) else { return }
        typealias GetFD = @convention(c) (OpaquePointer) -> Int32
        let fd = unsafeBitCast(getFD, to: GetFD.self)(display)
        Threads.start(named: "rings wayland") {
            // No events asked for: poll(2) still says POLLHUP when the peer closes its end.
            var entry = pollfd(fd: fd, events: 0, revents: 0)
            while poll(&entry, 1, -1) < 0 && errno == EINTR {}
            // POLLNVAL: SDL closed the connection itself, as the process ends.
            if entry.revents & Int16(POLLHUP | POLLERR) != 0 { end() }
        }
    }
}

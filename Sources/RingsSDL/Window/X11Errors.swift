import CSDL2
import CSDL2SysWM
import Glibc

/// Keeps an X protocol error from ending the process. Xlib's default handler (which SDL's passes
/// errors on to) prints the error and exits 1: after another program destroys our window every call
/// on it fails with BadWindow until we have opened a new one, and at exit SDL's wake-up messages (sent
/// on a second connection) can reach a window already destroyed.
enum X11Errors {
    /// Replaces the process's X error handler with one that ignores the error and goes on.
    static func guardProcess() {
        _ = XSetErrorHandler { _, _ in 0 }
    }

    /// When the X server goes away (it was stopped, or the compositor running Xwayland was), Xlib
    /// calls this handler and must not go on: one line, status 1, at once, so that a supervisor
    /// restarts the kiosk. (Xlib's own prints three lines; SDL's keeps the loop alive.)
    static func exitWhenTheServerGoes() {
        _ = XSetIOErrorHandler { _ in
            let line = "rings: error: lost the display (the X server closed the connection)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
    }
}

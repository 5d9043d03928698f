import CXDPMS
import Glibc

/// An X server with several screens, each its own root window (a "Zaphod" set-up, or `Xvfb -screen
/// 0 ... -screen 1 ...`): SDL 2.26 numbers its displays across the screens through XRandR, but opens
/// every window on screen 0 (the screens' bounds overlap, and it places a window by its bounds).
/// There `--display N` is screen N: the connection's default screen (DISPLAY ":D.N"), which is
/// SDL's only display once it leaves XRandR aside (SDL_HINT_VIDEO_X11_XRANDR=0).
enum X11Screens {
    /// The DISPLAY that makes screen `index` the default one, when the server `name` names has
    /// more than `index` screens and `index` is not 0; nil otherwise (SDL's numbering holds).
    static func display(_ name: String, screen index: Int) -> String? {
        guard index > 0, !name.isEmpty, let connection = XOpenDisplay(name) else { return nil }
        defer { XCloseDisplay(connection) }
        guard Int(XScreenCount(connection)) > index, let colon = name.lastIndex(of: ":") else { return nil }
        let number = name[name.index(after: colon)...].prefix { $0 != "." }
        return "\(name[..<colon]):\(number).\(index)"
    }
}

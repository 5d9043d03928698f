/// Which of SDL's video drivers to try, in order, for an environment: native Wayland first in a
/// Wayland session (GNOME, KDE and sway set both WAYLAND_DISPLAY and DISPLAY, where SDL 2.26 alone
/// would pick X11 and be drawn through Xwayland, upscaled and blurry on a scaled output), X11 when it
/// is all there is or as the fallback; SDL_VIDEODRIVER, when set, wins.
public enum VideoDriverChoice {
    /// The drivers to try in order; empty when SDL_VIDEODRIVER says (SDL then picks it itself), nil
    /// when there is no display at all.
    public static func drivers(environment: [String: String]) -> [String]? {
        if !(environment["SDL_VIDEODRIVER"] ?? "").isEmpty { return [] }
        let x = !(environment["DISPLAY"] ?? "").isEmpty
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || environment["XDG_SESSION_TYPE"] == "wayland"
        switch (wayland, x) {
        case (true, true): return ["wayland", "x11"]
        case (true, false): return ["wayland"]
        case (false, true): return ["x11"]
        case (false, false): return nil
        }
    }
}

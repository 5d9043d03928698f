import CSDL2
import CSDL2SysWM

/// The display's power, switched where the window system lets a program do it: X11's DPMS extension
/// (`X11Power`), or on the console the DPMS property of the KMS/DRM connectors that show the window
/// (`ConsolePower`, through the descriptor the console's screen holds). When rings ends the display is on, and X's DPMS enabled or disabled as it was
/// found. Elsewhere (Wayland) it cannot be switched, and the screen stays on, drawn black.
final class DisplayPower {
    private var x11 = X11Power()
    private(set) var isOff = false

    /// Turns the display off or on through the window system of `window`; false where that cannot be done.
    func set(off: Bool, window: RingsWindow) -> Bool {
        let done: Bool
        switch DisplayPower.system(of: window) {
        case .x11(let display): done = x11.set(off: off, display: display)
        case .console(let console): done = console.switchPower(off: off)
        case nil: done = false
        }
        if done { isOff = off }
        return done
    }

    /// Off again after the window system turned it on by itself (an X server does on any input).
    func keepOff(window: RingsWindow) {
        if isOff { _ = set(off: true, window: window) }
    }

    /// The display on again, as rings ends (turning it on puts X's DPMS back as found).
    func restore(window: RingsWindow) {
        if isOff { _ = set(off: false, window: window) }
    }

    private enum System {
        case x11(OpaquePointer)
        /// The console's screen (its device holds DRM master).
        case console(ConsoleDisplay)
    }

    /// What `window` is drawn through: an X11 connection or a KMS/DRM device (nil on other systems).
    private static func system(of window: RingsWindow) -> System? {
        if let console = window.console { return .console(console) }
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window.window, &info) == SDL_TRUE else { return nil }
        switch info.subsystem {
        case SDL_SYSWM_X11: return info.info.x11.display.map { .x11($0) }
        default: return nil
        }
    }
}

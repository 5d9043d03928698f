import CSDL2SysWM
import CXDPMS

/// The display's power, switched where the window system lets a program do it: X11's DPMS
/// extension (the monitor off, as its power saving does). What DPMS was set to before is put back
/// when rings ends. Elsewhere (Wayland, KMS/DRM) it cannot be switched, and the screen stays on,
/// drawn black.
final class DisplayPower {
    /// The X server's DPMS as rings found it: enabled or not.
    private var found: Bool?
    private(set) var isOff = false

    /// Turns the display off or on through the X server of `window`; false where that cannot be done.
    func set(off: Bool, window: OpaquePointer) -> Bool {
        // Asked first: DPMSCapable on a server without the extension makes Xlib print a line of its own.
        var events: Int32 = 0, errors: Int32 = 0
        guard let display = DisplayPower.x11Display(of: window), DPMSQueryExtension(display, &events, &errors) != 0,
              DPMSCapable(display) != 0 else { return false }
        if found == nil {
            var level: CARD16 = 0, enabled: BOOL = 0
            DPMSInfo(display, &level, &enabled)
            found = enabled != 0
        }
        if off { DPMSEnable(display) }
        guard DPMSForceLevel(display, CARD16(off ? DPMSModeOff : DPMSModeOn)) != 0 else { return false }
        if !off && found == false { DPMSDisable(display) }
        XFlush(display)
        isOff = off
        return true
    }

    /// The display on, and DPMS as it was found.
    func restore(window: OpaquePointer) {
        guard found != nil else { return }
        if isOff { _ = set(off: false, window: window) }
        if found == false, let display = DisplayPower.x11Display(of: window) { DPMSDisable(display); XFlush(display) }
    }

    /// The X11 connection SDL draws the window through (nil on other systems).
    private static func x11Display(of window: OpaquePointer) -> OpaquePointer? {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        return info.info.x11.display
    }
}

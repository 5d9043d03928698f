import CXDPMS

/// An X server's display power through its DPMS extension: forced off, and on again with DPMS
/// enabled or disabled as it was found.
struct X11Power {
    /// Whether the server's DPMS was enabled when rings first switched it.
    private var found: Bool?

    /// Whether the server has DPMS and its monitor can be switched by it.
    static func capable(_ display: OpaquePointer) -> Bool {
        // Asked first: DPMSCapable on a server without the extension makes Xlib print a line of its own.
        var events: Int32 = 0, errors: Int32 = 0
        return DPMSQueryExtension(display, &events, &errors) != 0 && DPMSCapable(display) != 0
    }

    /// Forces the monitor off or on; false where the server has no DPMS.
    mutating func set(off: Bool, display: OpaquePointer) -> Bool {
        guard Self.capable(display) else { return false }
        if found == nil {
            var level: CARD16 = 0, enabled: BOOL = 0
            DPMSInfo(display, &level, &enabled)
            found = enabled != 0
        }
        // A forced level holds only while DPMS is enabled.
        if off { DPMSEnable(display) }
        guard DPMSForceLevel(display, CARD16(off ? DPMSModeOff : DPMSModeOn)) != 0 else { return false }
        if !off && found == false { DPMSDisable(display) }
        XFlush(display)
        return true
    }
}

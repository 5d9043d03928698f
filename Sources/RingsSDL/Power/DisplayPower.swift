import CSDL2
import CSDL2SysWM
import RingsLive

/// The display's power, switched off by the first way that works: HDMI-CEC, which puts a TV in
/// standby (`CECPower`); then the window system's own switch: X11's DPMS (`X11Power`), the console's
/// KMS/DRM connectors that show the window (`ConsolePower`) or a wlroots compositor's outputs
/// (`WaylandPower`); else nothing, and the screen stays on, drawn black. Each fall-back is said
/// once. It comes on again the way it went off; when rings ends the display is on, and X's DPMS
/// enabled or disabled as it was found.
final class DisplayPower {
    /// A way the display's power is switched.
    enum Way: Equatable {
        case cec, system
    }

    private let cec: CECPower?
    /// Why no CEC adapter is used although one was asked for or is there; said at the first switch.
    private let cecWhy: String?
    private var x11 = X11Power()
    /// The compositor's output power, asked for once (`waylandAsked`).
    private var wayland: WaylandPower?
    private var waylandAsked = false
    /// How the display was turned off; nil while it is on.
    private(set) var offBy: Way?
    /// Whether the display was last asked off (whether or not that could be done).
    private(set) var askedOff = false
    private let problems: ProblemLog
    private var said: Set<String> = []
    /// No way worked when the display was asked off: it stays on, drawn black.
    private var drawnBlack: Bool { said.contains("black") }

    init(cec choice: CECChoice, problems: ProblemLog) {
        (cec, cecWhy) = CECPower.open(choice)
        self.problems = problems
    }

    /// What switches the display's power on `window`, for --stats and the broker's state: "hdmi-cec
    /// (/dev/cec0, vc4-hdmi-0)", "dpms (x11)", "dpms (kmsdrm)", "wlr-output-power (wayland)" or
    /// "none (black)" (also once a switch has failed: the screen is then drawn black).
    func name(window: RingsWindow) -> String {
        if let cec { return "hdmi-cec (\(cec.path), \(cec.name))" }
        if drawnBlack { return "none (black)" }
        switch system(of: window) {
        case .x11(let display)?: return X11Power.capable(display) ? "dpms (x11)" : "none (black)"
        case .console?: return "dpms (\(window.driver))"
        case .wayland?: return "wlr-output-power (wayland)"
        case nil: return "none (black)"
        }
    }

    /// Turns the display off or on; where it cannot be turned off, that is said once and it stays on.
    func set(off: Bool, window: RingsWindow) {
        askedOff = off
        if !off {
            if offBy == .cec, let why = cec?.set(off: false) { sayOnce("cec on", why + "; the TV may still be in standby") }
            if offBy == .system { _ = switchSystem(off: false, window: window) }
            offBy = nil
            return
        }
        let instead = systemWay(window).map { "; switching the display by \($0)" } ?? ""
        if let cec {
            guard let why = cec.set(off: true) else { offBy = .cec; return }
            sayOnce("cec", why + (instead.isEmpty ? "" : instead + " instead"))
        } else if let cecWhy {
            sayOnce("cec", cecWhy + instead)
        }
        if switchSystem(off: true, window: window) { offBy = .system; return }
        sayOnce("black", "the display's power cannot be switched on \(window.driver) (by HDMI-CEC, X11's DPMS, the console's KMS/DRM or a wlroots compositor's output power); it stays on, drawn black")
    }

    /// Off again after the window system turned it on by itself (an X server does on any input).
    func keepOff(window: RingsWindow) {
        if offBy == .system, case .x11? = system(of: window) { _ = switchSystem(off: true, window: window) }
    }

    /// The display on again, as rings ends (turning it on puts X's DPMS back as found).
    func restore(window: RingsWindow) {
        if offBy != nil { set(off: false, window: window) }
    }

    private func sayOnce(_ kind: String, _ line: String) {
        guard said.insert(kind).inserted else { return }
        problems.note(kind: "power " + kind, line)
    }

    private func switchSystem(off: Bool, window: RingsWindow) -> Bool {
        switch system(of: window) {
        case .x11(let display)?: x11.set(off: off, display: display)
        case .console(let console)?: console.switchPower(off: off)
        case .wayland(let power)?: power.set(off: off)
        case nil: false
        }
    }

    /// The window system's switch in words (nil where it has none).
    private func systemWay(_ window: RingsWindow) -> String? {
        switch system(of: window) {
        case .x11?, .console?: "DPMS"
        case .wayland?: "the compositor's output power"
        case nil: nil
        }
    }

    private enum System {
        case x11(OpaquePointer)
        /// The console's screen (its device holds DRM master).
        case console(ConsoleDisplay)
        case wayland(WaylandPower)
    }

    /// What `window` is drawn through: an X11 connection, a KMS/DRM device or a wlroots compositor
    /// (nil where the power has no switch).
    private func system(of window: RingsWindow) -> System? {
        if let console = window.console { return .console(console) }
        guard let info = window.systemInfo else { return nil }
        switch info.subsystem {
        case SDL_SYSWM_X11: return info.info.x11.display.map { .x11($0) }
        case SDL_SYSWM_WAYLAND:
            if !waylandAsked { waylandAsked = true; wayland = WaylandPower() }
            return wayland.map { .wayland($0) }
        default: return nil
        }
    }
}

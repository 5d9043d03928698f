import CWaylandPower

/// The outputs' power on a wlroots compositor (sway, labwc, ...) through its
/// wlr-output-power-management protocol, on a Wayland connection of its own to the compositor SDL's
/// window is on (SDL's own is left to SDL). Every output of the compositor is switched, as X11's
/// DPMS switches every monitor. An output's control is held only while it is switched, so that
/// `wlopm` can switch it too.
final class WaylandPower {
    private let power: OpaquePointer

    /// Nil when the compositor does not offer the protocol (GNOME, KDE, weston, cage 0.1).
    init?() {
        guard let power = rings_output_power_new() else { return nil }
        self.power = power
    }

    deinit { rings_output_power_free(power) }

    /// Turns the outputs off or on; whether the compositor did it on one at least.
    func set(off: Bool) -> Bool {
        rings_output_power_set(power, off ? 0 : 1) > 0
    }
}

// The outputs' power on a wlroots compositor (sway, labwc, ...) through its
// wlr-output-power-management-unstable-v1 protocol, on a connection of its own.
#ifndef RINGS_OUTPUT_POWER_H
#define RINGS_OUTPUT_POWER_H

struct rings_output_power;

/// The output power manager and the outputs of the compositor at WAYLAND_DISPLAY (as SDL connects),
/// on a connection of our own; NULL when it cannot be reached or offers no manager.
struct rings_output_power *rings_output_power_new(void);

/// Turns every output off (`on` 0) or on and waits up to a second for the compositor's answer: the
/// number of outputs that took it (did not fail), or -1 when the connection failed. The outputs'
/// controls are held only meanwhile (wlroots gives each to one client at a time).
int rings_output_power_set(struct rings_output_power *power, int on);

void rings_output_power_free(struct rings_output_power *power);

#endif

// An HDMI-CEC adapter (the kernel's /dev/cecN) used as a playback device that puts the TV in
// standby and wakes it.
#ifndef RINGS_CEC_POWER_H
#define RINGS_CEC_POWER_H

#include <stddef.h>

/// The adapter's name (its driver's, e.g. "vc4-hdmi-0") into `name`; 1 when a TV has claimed it (it is
/// the TV's own adapter, not one to switch a TV from), 0 when not, -errno when it cannot be asked.
int rings_cec_describe(int fd, char *name, size_t size);

/// Claims a playback device's logical address (unless the adapter has one already), then sends the
/// TV Standby (`on` 0), or Image View On and Active Source (`on` 1; without an address, Image View On
/// alone from the unregistered one). 0 when the TV took it; -ENONET with no logical address (nothing
/// on the HDMI port), -EHOSTUNREACH when the TV did not answer, else -errno.
int rings_cec_power(int fd, int on);

#endif

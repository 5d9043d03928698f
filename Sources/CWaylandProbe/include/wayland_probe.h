#ifndef RINGS_WAYLAND_PROBE_H
#define RINGS_WAYLAND_PROBE_H

/// Whether the Wayland compositor at `display` (NULL: WAYLAND_DISPLAY's, as SDL connects) offers a
/// seat (wl_seat): 1 yes, 0 no, -1 it cannot be reached. SDL 2.26's Wayland driver crashes in
/// SDL_Init on a compositor without one (headless weston), so the window asks first.
int rings_wayland_has_seat(const char *display);

/// The descriptor of the connection `display` (SDL's `wl_display`) reads and writes.
int rings_wayland_fd(void *display);

/// The error that broke the connection `display` (0 while it holds): the compositor went away.
int rings_wayland_error(void *display);

#endif

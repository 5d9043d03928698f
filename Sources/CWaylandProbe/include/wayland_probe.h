#ifndef RINGS_WAYLAND_PROBE_H
#define RINGS_WAYLAND_PROBE_H

/// Whether the Wayland compositor at `display` (NULL: WAYLAND_DISPLAY's, as SDL connects) offers a
/// seat (wl_seat): 1 yes, 0 no, -1 it cannot be reached. SDL 2.26's Wayland driver crashes in
/// SDL_Init on a compositor without one (headless weston), so the window asks first.
int rings_wayland_has_seat(const char *display);

#endif

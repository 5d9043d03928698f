// A desktop widget's window on X11: an ARGB visual where a compositing manager runs, and the
// window-manager hints (below, on every workspace, out of the taskbar and pager) and the empty input
// shape (clicks fall through) that SDL 2 does not set. Displays and windows are passed as Xlib's
// Display* and Window, untyped so that Swift need not import Xlib beside SDL.
#ifndef RINGS_X11_WIDGET_H
#define RINGS_X11_WIDGET_H

// On the X display `name` (NULL: $DISPLAY), screen `screen`: 1 when a compositing manager owns
// _NET_WM_CM_Sn, 0 when none does, -1 when the display cannot be opened. With a compositing
// manager, `*visual` is a 32-bit TrueColor visual's id (0 when the server has none).
int rings_x11_compositing(const char *name, int screen, unsigned long *visual);

// Before the window is mapped: _NET_WM_STATE below, sticky, skip-taskbar and skip-pager, on every
// workspace (_NET_WM_DESKTOP 0xFFFFFFFF), and with `click_through` an empty input shape. 0 on
// success, -1 when the server has no SHAPE extension (then clicks still reach the window).
int rings_x11_make_widget(void *display, unsigned long window, int click_through);

// After it is mapped: asks the window manager for the states again (some read them only then)
// and lowers the window below its siblings.
void rings_x11_settle_widget(void *display, unsigned long window);

#endif

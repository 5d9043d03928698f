#include "x11_widget.h"
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/extensions/shape.h>
#include <stdio.h>

int rings_x11_compositing(const char *name, int screen, unsigned long *visual) {
    *visual = 0;
    Display *d = XOpenDisplay(name);
    if (!d) return -1;
    if (screen < 0 || screen >= ScreenCount(d)) screen = DefaultScreen(d);
    char selection[32];
    snprintf(selection, sizeof selection, "_NET_WM_CM_S%d", screen);
    int composited = XGetSelectionOwner(d, XInternAtom(d, selection, False)) != None;
    XVisualInfo info;
    if (composited && XMatchVisualInfo(d, screen, 32, TrueColor, &info)) *visual = info.visualid;
    XCloseDisplay(d);
    return composited;
}

static const char *states[] = {"_NET_WM_STATE_BELOW", "_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"};
enum { stateCount = sizeof states / sizeof *states };

int rings_x11_make_widget(void *display, unsigned long window, int click_through) {
    Display *d = display;
    Atom atoms[stateCount];
    for (int i = 0; i < stateCount; i++) atoms[i] = XInternAtom(d, states[i], False);
    XChangeProperty(d, window, XInternAtom(d, "_NET_WM_STATE", False), XA_ATOM, 32, PropModeReplace,
                    (unsigned char *)atoms, stateCount);
    long every = 0xFFFFFFFF;
    XChangeProperty(d, window, XInternAtom(d, "_NET_WM_DESKTOP", False), XA_CARDINAL, 32, PropModeReplace,
                    (unsigned char *)&every, 1);
    int result = 0;
    if (click_through) {
        int events, errors;
        if (XShapeQueryExtension(d, &events, &errors)) XShapeCombineRectangles(d, window, ShapeInput, 0, 0, NULL, 0, ShapeSet, YXBanded);
        else result = -1;
    }
    XFlush(d);
    return result;
}

void rings_x11_settle_widget(void *display, unsigned long window) {
    Display *d = display;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(d, window, &attributes)) return;
    Atom state = XInternAtom(d, "_NET_WM_STATE", False);
    for (int i = 0; i < stateCount; i += 2) {
        // _NET_WM_STATE_ADD of two states at a time, as the EWMH says a client asks.
        XEvent event = {0};
        event.xclient.type = ClientMessage;
        event.xclient.window = window;
        event.xclient.message_type = state;
        event.xclient.format = 32;
        event.xclient.data.l[0] = 1;
        event.xclient.data.l[1] = XInternAtom(d, states[i], False);
        event.xclient.data.l[2] = XInternAtom(d, states[i + 1], False);
        event.xclient.data.l[3] = 1;
        XSendEvent(d, attributes.root, False, SubstructureRedirectMask | SubstructureNotifyMask, &event);
    }
    XEvent desktop = {0};
    desktop.xclient.type = ClientMessage;
    desktop.xclient.window = window;
    desktop.xclient.message_type = XInternAtom(d, "_NET_WM_DESKTOP", False);
    desktop.xclient.format = 32;
    desktop.xclient.data.l[0] = 0xFFFFFFFF;
    desktop.xclient.data.l[1] = 1;
    XSendEvent(d, attributes.root, False, SubstructureRedirectMask | SubstructureNotifyMask, &desktop);
    XLowerWindow(d, window);
    XFlush(d);
}

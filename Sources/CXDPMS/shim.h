#ifndef RINGS_CXDPMS_SHIM_H
#define RINGS_CXDPMS_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/dpms.h>
#endif

#ifndef RINGS_CDRM_SHIM_H
#define RINGS_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif

#ifndef RINGS_CPANGO_SHIM_H
#define RINGS_CPANGO_SHIM_H
#include <pango/pangoft2.h>
#endif

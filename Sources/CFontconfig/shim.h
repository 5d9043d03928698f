#ifndef RINGS_CFONTCONFIG_SHIM_H
#define RINGS_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif

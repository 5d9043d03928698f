#ifndef RINGS_CWIDEFILL_SHIM_H
#define RINGS_CWIDEFILL_SHIM_H
#include <wchar.h>
#endif

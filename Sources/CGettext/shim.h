#ifndef RINGS_CGETTEXT_SHIM_H
#define RINGS_CGETTEXT_SHIM_H
#include <libintl.h>
#endif

#ifndef RINGS_CSDL2_SHIM_H
#define RINGS_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#endif

#ifndef RINGS_CSDL2_SYSWM_H
#define RINGS_CSDL2_SYSWM_H
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#endif

// What Swift cannot call itself: glibc extensions behind _GNU_SOURCE, a variadic prctl, and
// SIGRTMIN and SIGRTMAX, which are function calls in glibc.
#define _GNU_SOURCE
#include "process.h"
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

int rings_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int rings_become_reaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int rings_signal_realtime_first(void) { return SIGRTMIN; }

int rings_signal_realtime_last(void) { return SIGRTMAX; }

const char *rings_signal_name(int number) { return sigabbrev_np(number); }

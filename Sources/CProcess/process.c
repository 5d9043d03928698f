// What Swift cannot call itself: a glibc extension behind _GNU_SOURCE and a variadic prctl.
#define _GNU_SOURCE
#include "process.h"
#include <sys/prctl.h>

int rings_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int rings_become_reaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

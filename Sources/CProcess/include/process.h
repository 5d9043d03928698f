#ifndef RINGS_PROCESS_H
#define RINGS_PROCESS_H

#include <malloc.h>  // mallopt and malloc_trim, which Swift's Glibc module leaves out
#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child (glibc's
/// posix_spawn_file_actions_addclosefrom_np, which Swift cannot see); 0, or an errno value.
int rings_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Makes the process the reaper of its descendants (prctl's PR_SET_CHILD_SUBREAPER, variadic in
/// C and so out of Swift's reach): orphans come back to it rather than to init. 0, or -1 and errno.
int rings_become_reaper(void);

/// The lowest and highest real-time signal numbers this process may use (SIGRTMIN and SIGRTMAX,
/// which are calls in glibc, not constants).
int rings_signal_realtime_first(void);
int rings_signal_realtime_last(void);

/// A signal's abbreviation without SIG ("USR1"), or NULL for an unknown number.
const char *rings_signal_name(int number);

#endif

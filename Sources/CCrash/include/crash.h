#ifndef RINGS_CRASH_H
#define RINGS_CRASH_H

/// Makes a crash end the process at once: on SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT or
/// SIGSYS (a Swift trap, a fault in a library, systemd's watchdog abort, a forbidden system call),
/// and on SIGQUIT (whose default is to end the process with a core, as a crash), write one line
/// naming the signal to stderr and _exit(128 + signal), so that a supervisor restarts the screen within a second
/// instead of waiting on a process that the runtime's backtracer keeps alive. `program` begins the
/// line (copied; at most 32 bytes are kept). The handlers run on an alternate stack, so a stack
/// overflow ends the same way; the signals are unblocked, whatever mask the parent left. Call it
/// on the main thread before any other thread starts.
void rings_crash_handlers_install(const char *program);

#endif

// Crash handlers that only do what is safe in a signal handler: write(2) of text prepared
// beforehand, then _exit(2). Written in C because nothing of the Swift runtime may run there.
#include "crash.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char prefix[40];
static size_t prefix_length;

static const struct { int number; const char *line; } fatal[] = {
    { SIGSEGV, "crashed: SIGSEGV (invalid memory access)" },
    { SIGBUS, "crashed: SIGBUS (bad memory access)" },
    { SIGFPE, "crashed: SIGFPE (arithmetic error)" },
    { SIGILL, "crashed: SIGILL (illegal instruction, as a Swift runtime error traps)" },
    { SIGTRAP, "crashed: SIGTRAP (a trap)" },
    { SIGABRT, "crashed: SIGABRT (aborted, as by systemd's watchdog)" },
    { SIGSYS, "crashed: SIGSYS (a system call the service's filter forbids)" },
    { SIGQUIT, "quit: SIGQUIT ends rings as a crash does" },
};
static const char tail[] = "; exiting at once (SWIFT_BACKTRACE=enable=yes for a backtrace)\n";

static void say(const char *text, size_t length) {
    while (length > 0) {
        ssize_t n = write(2, text, length);
        if (n <= 0) return;
        text += n;
        length -= (size_t)n;
    }
}

static void on_fatal(int number) {
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        if (fatal[i].number != number) continue;
        say(prefix, prefix_length);
        say(fatal[i].line, strlen(fatal[i].line));
        say(tail, sizeof tail - 1);
    }
    _exit(128 + number);
}

void rings_crash_handlers_install(const char *program) {
    size_t length = strlen(program);
    if (length > 32) length = 32;
    memcpy(prefix, program, length);
    memcpy(prefix + length, ": ", 2);
    prefix_length = length + 2;

    static char alternate[64 * 1024];
    stack_t stack = { .ss_sp = alternate, .ss_size = sizeof alternate, .ss_flags = 0 };
    sigaltstack(&stack, NULL);

    // A parent may have left these blocked (a mask is inherited across exec): a blocked SIGABRT
    // would stay pending, and the watchdog's abort do nothing. Threads made later inherit this.
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaddset(&unblock, fatal[i].number);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal;
    action.sa_flags = SA_ONSTACK | SA_NODEFER | SA_RESETHAND;
    sigfillset(&action.sa_mask);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i].number, &action, NULL);
}

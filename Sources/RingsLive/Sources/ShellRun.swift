import Rings
import FoundationEssentials
import Glibc
import CProcess

/// One run of a shell command in a process group of its own (so that it and everything it starts
/// can be ended together), with the signals `rings` ignores or blocks set back to their defaults,
/// standard input from /dev/null, its output and errors read through pipes, and no other descriptor
/// of rings (the broker's socket, the display's) open in it.
final class ShellRun {
    let pid: pid_t
    /// Our ends of its standard output and standard error (non-blocking, closed by `close`).
    private(set) var output: Int32, errors: Int32

    init(_ command: String) throws(ShellRun.Failure) {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw Failure(errno) }
        guard pipe(&err) == 0 else { out.forEach { _ = Glibc.close($0) }; throw Failure(errno) }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // the child gets them as 1 and 2 alone
        var actions = posix_spawn_file_actions_t(), attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawn_file_actions_destroy(&actions); posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        // Libraries open descriptors without close-on-exec (libmosquitto's socket): none is the child's.
        guard rings_spawn_close_from(&actions, 3) == 0 else { out.forEach { _ = Glibc.close($0) }; err.forEach { _ = Glibc.close($0) }; throw Failure(ENOMEM) }
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL); sigdelset(&defaults, SIGSTOP)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in word.withCString { strdup($0) } } + [nil]
        defer { arguments.forEach { free($0) } }
        let code = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, environ)
        Glibc.close(out[1]); Glibc.close(err[1])
        guard code == 0 else { Glibc.close(out[0]); Glibc.close(err[0]); throw Failure(code) }
        pid = child; output = out[0]; errors = err[0]
        Orphans.started(child)
        for fd in [output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Waits up to `seconds` for output; appends what came (each stream at most `limit` bytes). A
    /// stream at its end is closed, so that waiting on it again sleeps instead of spinning.
    func read(within seconds: Double, into out: inout Data, _ err: inout Data, limit: Int) {
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, Int32(max(0, min(seconds, 60)) * 1000))
        if !drain(output, into: &out, limit: limit) { Glibc.close(output); output = -1 }
        if !drain(errors, into: &err, limit: limit) { Glibc.close(errors); errors = -1 }
    }

    /// Reads what is waiting now, without blocking; false at the stream's end.
    private func drain(_ fd: Int32, into data: inout Data, limit: Int) -> Bool {
        guard fd >= 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n == 0 { return false }
            guard n > 0 else { return errno == EAGAIN || errno == EINTR }
            if data.count < limit { data.append(contentsOf: buffer[0..<min(n, limit - data.count)]) }
        }
    }

    /// The shell's exit status once it has ended (reaped), or nil while it runs.
    func exited() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        Orphans.reaped(pid)
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Ends the whole group, then reaps the shell.
    func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(-pid, signal)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        Orphans.reaped(pid)
    }

    /// Stops reading: what the command's background children write later goes nowhere.
    func close() {
        for fd in [output, errors] where fd >= 0 { Glibc.close(fd) }
        output = -1; errors = -1
    }

    deinit { close() }

    /// The command could not be started.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        init(_ code: Int32) { self.code = code }
        var description: String { String(cString: strerror(code)) }
    }
}

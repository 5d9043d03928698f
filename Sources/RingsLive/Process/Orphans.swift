import FoundationEssentials
import Glibc
import CProcess
import RingsRaster
import RingsBase

/// What `--exec` commands leave behind when they step out of their process group (`setsid`, a
/// daemon's double fork). Once `adopt` has made rings their reaper (PR_SET_CHILD_SUBREAPER), such a
/// process comes back to rings as a child when its parent ends, instead of to init: every child of
/// rings that is not a command's running shell is one of them, and `end` ends and reaps them.
public enum Orphans {
    private static let state = Mutex((adopted: false, shells: Set<pid_t>()))

    /// Makes rings the reaper of its commands' descendants. The executable calls it once, at start: it
    /// says that every child of the process is a command's or a command's leftover.
    public static func adopt() {
        guard rings_become_reaper() == 0 else { return }
        state.withLock { $0.adopted = true }
    }

    /// A command's shell has started (it is not an orphan while it runs).
    static func started(_ shell: pid_t) { state.withLock { _ = $0.shells.insert(shell) } }

    /// A command's shell has been reaped.
    static func reaped(_ shell: pid_t) { state.withLock { _ = $0.shells.remove(shell) } }

    /// Sends `signal` to every orphan and reaps those that have ended; how many were still running.
    @discardableResult
    static func end(_ signal: Int32) -> Int {
        let (adopted, shells) = state.withLock { ($0.adopted, $0.shells) }
        guard adopted else { return 0 }
        var running = 0
        for child in children() where !shells.contains(child) {
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child { continue }
            if Glibc.kill(child, signal) == 0 { running += 1 }
        }
        return running
    }

    /// Ends every orphan: SIGTERM, SIGKILL to what is left `grace` seconds later, then reaps them.
    /// An orphan's own children come back to rings as it ends, so it goes round until none is left.
    static func endAll(grace: Double) {
        guard end(SIGTERM) > 0 else { return }
        usleep(UInt32(grace * 1_000_000))
        for _ in 0..<20 where end(SIGKILL) > 0 { usleep(20_000) }
    }

    /// The children of every thread of rings (a reaped orphan is given to one of them).
    private static func children() -> [pid_t] {
        guard let tasks = opendir("/proc/self/task") else { return [] }
        defer { closedir(tasks) }
        var found: [pid_t] = []
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(name) != nil, let text = try? BoundedFile.read("/proc/self/task/\(name)/children", limit: 1 << 16) else { continue }
            found += text.split { $0 == 0x20 || $0 == 0x0A }.compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        }
        return found
    }
}

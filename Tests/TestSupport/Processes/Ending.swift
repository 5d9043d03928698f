import Foundation
import Testing

/// Waits up to `seconds` for `process` to end (true). A process still running then is a hang: what
/// each of its threads is doing is recorded as an issue (`comment`), and it is killed and reaped, so
/// that a test never waits for it for ever.
@discardableResult
public func ends(_ process: Process, within seconds: Double = 30, _ comment: Comment = "the process ends",
                 sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if eventually(within: seconds, { !process.isRunning }) {
        process.waitUntilExit()
        return true
    }
    let pid = process.processIdentifier
    Issue.record("\(comment.rawValue): still running after \(seconds) s; its threads:\n\(threads(of: pid))",
                 sourceLocation: sourceLocation)
    // Its children too: Foundation learns of an end only once every holder of the child's end of
    // its pipe has closed it. Reaped by hand if Foundation does not.
    for child in descendants(of: pid) { kill(child, SIGKILL) }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = eventually(within: 10) { !process.isRunning || waitpid(pid, &status, WNOHANG) == pid }
    return false
}

/// Sends `signal` to `process` and waits for it to end, as `ends` does (a hang is recorded and killed).
@discardableResult
public func end(_ process: Process, by signal: Int32 = SIGTERM, within seconds: Double = 30,
                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if process.isRunning { kill(process.processIdentifier, signal) }
    return ends(process, within: seconds, "it ends on signal \(signal)", sourceLocation: sourceLocation)
}

/// Ends `process` with SIGTERM, as a supervisor would, and returns what it wrote to each of `pipes`
/// once it has exited (read as it writes, so that a full pipe cannot hold it).
public func terminate(_ process: Process, reading pipes: Pipe..., sourceLocation: SourceLocation = #_sourceLocation)
    -> [String] {
    let watches = pipes.map(OutputWatch.init)
    end(process, sourceLocation: sourceLocation)
    return watches.map { _ = $0.waitForEnd(within: 10); return $0.text }
}

/// Where each thread of a running process is: gdb's backtraces when gdb is here, else the kernel's
/// word for each (its name, state, the call it waits in).
public func threads(of pid: pid_t) -> String {
    if let gdb = which("gdb"), let traced = try? runProgram(gdb, ["-p", "\(pid)", "-batch", "-nx",
                                                               "-ex", "thread apply all bt 24"], timeout: 60) {
        let lines = traced.stdout.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread") }
        if !lines.isEmpty { return lines.joined(separator: "\n") }
    }
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.sorted().map { tid in
        let read = { (name: String) in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/\(name)", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        }
        return "\(tid) \(read("comm")) wchan \(read("wchan")) syscall \(read("syscall"))"
    }.joined(separator: "\n")
}

import Foundation
import RingsAnimation
import RingsRaster

/// Runs a shell command every `interval` seconds (on absolute times, like conky's exec) on a thread
/// of its own and hands each line of its output to `deliver`, numbered across runs. A run that is
/// still going when the next is due is killed; a failing command is reported and tried again.
public final class CommandFeed: @unchecked Sendable {
    public let command: String
    public let interval: Double
    private let deliver: @Sendable (_ number: Int, _ line: [UInt8]) -> Void
    private let report: @Sendable (String) -> Void
    private let thread = FeedThread()
    /// Output beyond this is not read (the lines it held are lost, the rest still count).
    static let outputLimit = 1 << 20

    public init(command: String, interval: Double, report: @escaping @Sendable (String) -> Void,
                deliver: @escaping @Sendable (_ number: Int, _ line: [UInt8]) -> Void) {
        self.command = command; self.interval = max(0.05, interval); self.deliver = deliver; self.report = report
    }

    public func start() { thread.start(named: "rings exec") { [self] in run() } }
    public func stop() { thread.stop() }

    private func run() {
        let monotonic = MonotonicClock(), clock = { monotonic.now() }
        let origin = clock()
        var number = 0, round = 0
        while !thread.isStopped {
            once(deadline: origin + Double(round + 1) * interval, clock: clock, number: &number)
            round = max(round + 1, Int(((clock() - origin) / interval).rounded(.down)))
            let wait = origin + Double(round) * interval - clock()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
    }

    /// One run of the command, killed at `deadline` if it has not ended.
    private func once(deadline: Double, clock: () -> Double, number: inout Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            report("cannot run '\(command)': \(error.localizedDescription)")
            return
        }
        // Read while it runs, so that a talkative command cannot block on a full pipe.
        let (collected, drained) = CommandFeed.drain(output, limit: CommandFeed.outputLimit)
        let (said, saidAll) = CommandFeed.drain(errors, limit: 4096)
        while process.isRunning && clock() < deadline { usleep(5_000) }
        if process.isRunning {
            report("'\(command)' ran past its \(interval) s and was stopped")
            CommandFeed.killTree(process.processIdentifier)
        }
        process.waitUntilExit()
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        // The end of its output; a grandchild that keeps the pipe open is not waited for long.
        _ = drained.wait(timeout: .now() + 1)
        _ = saidAll.wait(timeout: .now() + 0.2)
        if process.terminationReason == .exit && process.terminationStatus != 0 {
            // The command's (or the shell's) own last words: "sh: 1: nosuchcmd: not found".
            let words = String(decoding: said.data, as: UTF8.self).split(separator: "\n").last.map { ": \($0)" } ?? ""
            report("'\(command)' failed with status \(process.terminationStatus)\(words)")
        }
        for line in collected.data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            number += 1
            deliver(number, Array(line))
        }
    }

    /// Reads `pipe` to its end on a thread of its own, keeping at most `limit` bytes; the semaphore
    /// is signalled at the end.
    private static func drain(_ pipe: Pipe, limit: Int) -> (Collected, DispatchSemaphore) {
        let collected = Collected(), done = DispatchSemaphore(value: 0)
        Thread {
            let handle = pipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collected.append(chunk, limit: limit)
            }
            done.signal()
        }.start()
        return (collected, done)
    }

    /// Kills a process and every process descended from it (found through /proc), children first,
    /// so that nothing is left holding the output pipe.
    static func killTree(_ root: pid_t) {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (name)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        func kill(_ pid: pid_t) {
            for (child, parent) in parents where parent == pid { kill(child) }
            Foundation.kill(pid, SIGKILL)
        }
        kill(root)
    }

    /// Output gathered by the reader thread.
    private final class Collected: Sendable {
        private let bytes = Mutex(Data())
        var data: Data { bytes.withLock { $0 } }
        func append(_ chunk: Data, limit: Int) {
            bytes.withLock { if $0.count < limit { $0.append(chunk.prefix(limit - $0.count)) } }
        }
    }
}

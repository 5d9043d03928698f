import Rings
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster
import RingsBase

/// Runs a shell command every `interval` seconds (on absolute times, like conky's exec) on a thread
/// of its own and hands each line of its output to `deliver`, numbered across runs. A run that is
/// still going when the next is due is killed with everything it started, and what a run leaves in
/// the background when its shell exits is ended then (what left the run's process group too, once
/// `Orphans.adopt` has made rings its reaper); a failing command is reported and tried again; `stop`
/// ends whatever the runs left running.
public final class CommandFeed: @unchecked Sendable {
    public let command: String
    public let interval: Double
    private let deliver: @Sendable (_ number: Int, _ line: [UInt8]) -> Void
    private let report: @Sendable (String) -> Void
    private let state: @Sendable (String?) -> Void
    private let thread = FeedThread()
    /// Output beyond this is not read (the lines it held are lost, the rest still count).
    static let outputLimit = 1 << 20

    /// `state` gets a few words while runs fail (`not found: CMD`), nil once one succeeds.
    public init(command: String, interval: Double, report: @escaping @Sendable (String) -> Void,
                state: @escaping @Sendable (String?) -> Void = { _ in },
                deliver: @escaping @Sendable (_ number: Int, _ line: [UInt8]) -> Void) {
        self.command = command; self.interval = max(0.05, interval); self.deliver = deliver; self.report = report; self.state = state
    }

    /// The process groups of runs that may still have processes (background children), ended by `stop`.
    private let groups = Mutex<Set<pid_t>>([])

    public func start() { thread.start(named: "rings exec") { [self] in run() } }

    /// Stops the runs: the one going is killed by the feed's thread, what earlier ones left here.
    public func stop() {
        thread.stop()
        endGroups()
    }

    private func run() {
        let monotonic = MonotonicClock(), clock = { monotonic.now() }
        let origin = clock()
        var number = 0, round = 0
        while !thread.isStopped {
            once(deadline: origin + Double(round + 1) * interval, clock: clock, number: &number)
            round = max(round + 1, Int(((clock() - origin) / interval).rounded(.down)))
            let wait = origin + Double(round) * interval - clock()
            if wait > 0 { Threads.sleep(seconds: wait) }
        }
    }

    /// One run of the command, in a process group of its own: its output is read until the shell
    /// exits (not until every background child has closed the pipe); the group is killed at `deadline`
    /// if the shell has not ended.
    private func once(deadline: Double, clock: () -> Double, number: inout Int) {
        // Whatever an earlier run left and SIGTERM did not end.
        for group in groups.withLock({ $0 }) { Glibc.kill(-group, SIGKILL) }
        Orphans.end(SIGKILL)
        let run: ShellRun
        do { run = try ShellRun(command) } catch {
            state(Words.cannotRun.with("\(error)"))
            report("cannot run '\(command)': \(error)")
            return
        }
        groups.withLock { _ = $0.insert(run.pid) }
        var output = Data(), said = Data(), status: Int32?
        while status == nil {
            if thread.isStopped { run.kill(); return }
            if clock() >= deadline {
                report("'\(command)' ran past its \(interval) s and was stopped")
                state(Words.ranPast.with("\(interval)"))
                run.kill()
                break
            }
            run.read(within: min(0.05, deadline - clock()), into: &output, &said, limit: CommandFeed.outputLimit)
            status = run.exited()
        }
        // Ended by `stop` (which ends every group) rather than by itself: nothing more to say.
        if thread.isStopped { run.kill(); return }
        if status != nil { run.read(within: 0, into: &output, &said, limit: CommandFeed.outputLimit) }
        run.close()
        // What the run left in the background is ended now (SIGTERM; SIGKILL at the next run), so
        // that samples taken every 100 ms cannot pile up processes.
        let grouped = status != nil && Glibc.kill(-run.pid, SIGTERM) == 0
        if status != nil, Orphans.end(SIGTERM) > 0 || grouped {
            report("'\(command)' left processes running when it exited; they were ended (a sample's command must finish its work)")
        }
        // Groups whose every process has ended are forgotten (their number may be given again).
        groups.withLock { $0 = $0.filter { Glibc.kill(-$0, 0) == 0 } }
        if let status, status != 0 {
            // The command's (or the shell's) own last words: "sh: 1: nosuchcmd: not found".
            let last = String(decoding: said.prefix(4096), as: UTF8.self).split(separator: "\n").last
            report("'\(command)' failed with status \(status)\(last.map { ": \($0)" } ?? "")")
            state(status == 127 ? Words.notFound.with(String(command.split(separator: " ").first ?? "")) : Words.failedWithStatus.with("\(status)"))
        } else if status != nil {
            state(nil)
        }
        for line in output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            number += 1
            deliver(number, Array(line))
        }
    }

    /// Ends every process the runs started that is still there: SIGTERM, and SIGKILL 0.2 s later.
    private func endGroups() {
        let left = groups.withLock { groups in defer { groups = [] }; return groups }
        defer { Orphans.endAll(grace: 0.2) }
        guard !left.isEmpty else { return }
        for group in left { Glibc.kill(-group, SIGTERM) }
        usleep(200_000)
        for group in left { Glibc.kill(-group, SIGKILL) }
    }
}

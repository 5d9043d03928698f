import Foundation
import Rings
@testable import RingsLive
import Testing

/// `--exec`: real shell commands on a schedule.
@Suite(.serialized) struct CommandFeedTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [(Int, String)] = [], reports: [String] = []
        func line(_ n: Int, _ bytes: [UInt8]) { lock.lock(); lines.append((n, String(decoding: bytes, as: UTF8.self))); lock.unlock() }
        func report(_ text: String) { lock.lock(); reports.append(text); lock.unlock() }
        var all: (lines: [(Int, String)], reports: [String]) { lock.lock(); defer { lock.unlock() }; return (lines, reports) }
    }

    typealias Hearing = (lines: [(Int, String)], reports: [String])

    /// Runs `command` every `every` seconds until what was heard satisfies `enough` (or 20 s pass).
    func listen(_ command: String, every: Double, until enough: (Hearing) -> Bool) -> Hearing {
        let heard = Heard()
        let feed = CommandFeed(command: command, interval: every, report: heard.report, deliver: heard.line)
        feed.start()
        let deadline = Date().addingTimeInterval(20)
        while !enough(heard.all) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        feed.stop()
        return heard.all
    }

    @Test func eachLineOfEachRunIsDeliveredAndNumbered() {
        let (lines, reports) = listen("echo 1=0.5; echo 'stand=430/600'", every: 0.1) { $0.lines.count >= 6 }
        #expect(lines.count >= 6, "\(lines)")
        #expect(lines.map(\.0) == Array(1...lines.count))
        #expect(lines.first?.1 == "1=0.5" && lines.dropFirst().first?.1 == "stand=430/600")
        #expect(reports.isEmpty, "\(reports)")
    }

    @Test func aCommandThatOverrunsIsStoppedAndAFailingOneIsReported() {
        // The report comes when the run is stopped, its lines a moment later: wait for both.
        let slow = listen("echo 1=0.25; sleep 30", every: 3) { heard in
            heard.reports.contains { $0.contains("ran past") } && heard.lines.contains { $0.1 == "1=0.25" }
        }
        #expect(slow.reports.contains { $0.contains("ran past") }, "\(slow.reports)")
        #expect(slow.lines.contains { $0.1 == "1=0.25" }, "what it said before it was stopped still counts")
        let failing = listen("exit 3", every: 0.1) { $0.reports.contains { $0.contains("failed with status 3") } }
        #expect(failing.reports.contains { $0.contains("failed with status 3") }, "\(failing.reports)")
        // The shell's own words say why.
        let missing = listen("nosuchcommand-rings", every: 0.1) { $0.reports.contains { $0.contains("status 127") } }
        #expect(missing.reports.contains { $0.contains("status 127") && $0.contains("nosuchcommand-rings: not found") }, "\(missing.reports)")
    }

    /// Processes whose command line holds `marker`.
    func running(_ marker: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int(entry) != nil, let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\0", with: " ").contains(marker)
        }.count
    }

    /// A command that leaves a child in the background: its output is read until the shell exits,
    /// every run, with no word of running late; what it left is ended then and said (the
    /// regression: 300 children piled up in 30 s at every 100 ms, until rings exited).
    @Test func aBackgroundChildNeitherHoldsTheFeedNorOutlivesItsRun() {
        let marker = "44.\(getpid())"  // 46 in the window test that may run at the same time
        var most = 0
        let (lines, reports) = listen("echo 1=0.5; sleep \(marker) &", every: 0.1) { heard in
            most = max(most, running(marker))
            return heard.lines.count >= 20
        }
        #expect(lines.count >= 20 && lines.allSatisfy { $0.1 == "1=0.5" }, "\(lines)")
        #expect(most <= 2, "at most the last run's child is left at any time, not one a run: \(most)")
        #expect(!reports.isEmpty && reports.allSatisfy { $0.contains("left processes running when it exited; they were ended") }, "\(reports)")
        #expect(running(marker) == 0, "the background children ended with the feed")
    }

    /// A run still going when the feed stops (rings exits) is ended with everything it started.
    @Test func stoppingEndsTheRunningCommandAndItsChildren() {
        let marker = "30.\(getpid())"
        var started = false
        let (lines, _) = listen("echo 1=0.1; sleep \(marker) & sleep \(marker)", every: 60) { _ in
            started = started || self.running(marker) == 3  // the shell and its two sleeps
            return started
        }
        #expect(started, "the command ran")
        #expect(lines.isEmpty, "nothing delivered from a run that was stopped")
        #expect(running(marker) == 0)
    }

    /// The command starts with every signal at its default and none blocked (rings ignores SIGINT and
    /// SIGTERM itself, and a test runner blocks some), so that it can be ended as any program can;
    /// glibc's own two real-time signals (32 and 33) are not ours to set.
    @Test func theCommandStartsWithDefaultSignals() {
        // Read by the shell's own builtins: a forked grep would catch the shell inside fork(), where
        // glibc blocks every signal for a moment.
        let read = "while read -r key value; do case $key in SigBlk:|SigIgn:) echo \"$key $value\";; esac; done < /proc/$$/status"
        let (lines, _) = listen(read, every: 0.2) { $0.lines.count >= 2 }
        let masks = lines.prefix(2).map { UInt64($0.1.split(separator: " ").last ?? "", radix: 16) }
        #expect(masks.count == 2 && masks.allSatisfy { $0 != nil && $0! & 0x7fff_ffff == 0 }, "\(lines)")
    }

    /// The command holds standard input, output and error and nothing else of rings: a descriptor
    /// opened without close-on-exec (as libmosquitto opens the broker's socket) stays out of it.
    @Test func theCommandGetsNoDescriptorButItsThree() {
        let leaked = open("/dev/null", O_RDONLY)  // no O_CLOEXEC
        defer { close(leaked) }
        #expect(leaked > 2)
        let (lines, _) = listen("ls /proc/$$/fd", every: 0.2) { $0.lines.count >= 3 }
        #expect(lines.prefix(3).map(\.1) == ["0", "1", "2"], "\(lines)")
        #expect(!lines.contains { $0.1 == String(leaked) }, "descriptor \(leaked) stays out: \(lines)")
    }
}

import Foundation
@testable import Rings
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
}

import Foundation
import Testing
import TestSupport

/// Under systemd's notify protocol (Type=notify, WatchdogSec): a test socket as NOTIFY_SOCKET.
@Suite(.serialized) struct NotifyTests {
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func readyAfterTheFirstFrameAndAWatchdogThatStopsWithTheProcess() throws {
        let socket = try NotifySocket()
        let display = try VirtualDisplay()
        let missing = "/tmp/rings-notify-missing-\(getpid())"
        let arguments = ["--theme", "flat", "--size", "200x200", "--feed", missing]
        let (process, _) = try display.launchRings(arguments) { process in
            process.environment?["NOTIFY_SOCKET"] = socket.path
            process.environment?["WATCHDOG_USEC"] = "400000"
            process.standardError = FileHandle.nullDevice
        }
        defer { if process.isRunning { kill(process.processIdentifier, SIGCONT); process.terminate() } }
        // What it says until it has pinged the watchdog ten times (or a minute has passed).
        var start: [(line: String, at: Date)] = []
        let deadline = Date().addingTimeInterval(60)
        while start.filter({ $0.line == "WATCHDOG=1" }).count < 10 && Date() < deadline { start += socket.receive(for: 0.5) }
        let lines = start.map(\.line)
        #expect(lines.first == "READY=1", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("STATUS=0 of 3 rings with values; feed no such file: ") }, "\(lines)")
        // At half of WATCHDOG_USEC, every 0.2 s: the median interval is well inside the watchdog's 0.4 s.
        let pings = start.filter { $0.line == "WATCHDOG=1" }.map(\.at)
        let intervals = zip(pings.dropFirst(), pings).map { $0.timeIntervalSince($1) }.sorted()
        #expect(pings.count >= 10 && intervals[intervals.count / 2] < 0.4, "\(pings.count) pings, intervals \(intervals)")
        // A stopped process says nothing; it speaks again once it goes on.
        kill(process.processIdentifier, SIGSTOP)
        _ = socket.receive(for: 0.3)  // what was on its way
        #expect(socket.receive(for: 1).filter { $0.line == "WATCHDOG=1" }.isEmpty, "no ping while stopped")
        kill(process.processIdentifier, SIGCONT)
        #expect(!socket.receive(for: 1).filter { $0.line == "WATCHDOG=1" }.isEmpty, "pings again")
    }

    /// The unit file the README installs is one systemd takes: Type=notify with a watchdog, restarted
    /// on failure (checked by systemd-analyze with the built binary as its ExecStart).
    @Test(.needs(which("systemd-analyze") != nil, "needs systemd-analyze"))
    func theShippedUnitFileIsValid() throws {
        let shipped = URL(fileURLWithPath: checkoutRoot + "/Assets/systemd/rings-kiosk.service")
        let text = try String(contentsOf: shipped, encoding: .utf8)
        for line in ["Type=notify", "WatchdogSec=", "Restart=on-failure", "User=rings", "ExecStart=/usr/local/bin/rings --kiosk --config /etc/rings/kiosk.toml"] {
            #expect(text.contains(line), "\(line)")
        }
        let directory = NSTemporaryDirectory() + "rings-unit-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let unit = directory + "/rings-kiosk.service"
        try Data(text.replacingOccurrences(of: "/usr/local/bin/rings", with: ringsBinary).utf8).write(to: URL(fileURLWithPath: unit))
        let verdict = try runProgram(which("systemd-analyze")!, ["verify", unit], timeout: 60)
        let complaints = (verdict.stdout + verdict.stderr).split(separator: "\n").filter { $0.contains("rings-kiosk.service") }
        #expect(verdict.status == 0 && complaints.isEmpty, "\(verdict.stdout)\(verdict.stderr)")
    }
}

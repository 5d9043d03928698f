import Foundation
import TestSupport
import Testing

/// SIGTERM and SIGINT end `rings` within a second whatever else is wrong: the X server stopped
/// (the regression: alive 10 s after SIGTERM, until X went on), or few descriptors left (the signal
/// was never acted on, and at `ulimit -n 7` libdispatch trapped).
@Suite(.serialized) struct SignalTests {
    static let displayReady = VirtualDisplay.missingTools.isEmpty

    /// Waits for `process` to end; returns the seconds since `start` (nil when it did not end within 5 s).
    func ended(_ process: Process, since start: Date) -> Double? {
        let over = eventually(within: 5) { !process.isRunning }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        return over ? Date().timeIntervalSince(start) : nil
    }

    @Test(.enabled(if: displayReady, "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"),
          arguments: [SIGTERM, SIGINT])
    func aQuitSignalIsObeyedWhileTheDisplayIsStopped(number: Int32) throws {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", "none", "--size", "300x300"]) { $0.standardError = errors }
        display.freeze(true)
        defer { display.freeze(false) }
        usleep(300_000)
        let start = Date()
        kill(process.processIdentifier, number)
        let took = ended(process, since: start)
        #expect(took.map { $0 < 1.5 } == true, "signal \(number) with X stopped: still running after \(took ?? 5) s")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("still running 0.9 s after \(number == SIGINT ? "SIGINT" : "SIGTERM"); ending now"), "\(said)")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number,
                "ended by the signal's own action: \(process.terminationReason) \(process.terminationStatus)")
    }

    @Test(.enabled(if: displayReady, "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"))
    func aLowDescriptorLimitIsSaidOrLivedWith() throws {
        let display = try VirtualDisplay()
        // A broker that is not there: its attempts take a descriptor each second.
        let arguments = "--config none --size 300x300 --mqtt mqtt://127.0.0.1:9 --topic 't/+'"
        for limit in [7, 12] {
            let run = try runProgram("/bin/sh", ["-c", "ulimit -n \(limit); exec '\(ringsBinary)' \(arguments)"],
                                     environment: display.environment, timeout: 10)
            #expect(run.status == 1 && run.stderr == "rings: error: at most \(limit) files may be open (ulimit -n); rings needs at least 24\n",
                    "ulimit -n \(limit): \(run.status) \(run.stderr)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 24; exec '\(ringsBinary)' \(arguments)"]
        process.environment = display.environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        _ = try display.xdotool(["search", "--sync", "--onlyvisible", "--name", "^rings"])
        usleep(2_500_000)
        #expect(process.isRunning, "runs with 24 descriptors")
        let start = Date()
        kill(process.processIdentifier, SIGTERM)
        let took = ended(process, since: start)
        #expect(took.map { $0 < 1 } == true, "SIGTERM at ulimit -n 24: still running after \(took ?? 5) s")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0 && !said.contains("crashed"), "\(said)")
    }
}

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

    /// Every other signal whose default would end rings on the spot ends it the clean way: one line,
    /// the broker told `offline` (a death would leave that to the will), and 128 + the signal's number
    /// for a supervisor. The regression: each ended rings at once, without a word.
    @Test(.enabled(if: displayReady && !Broker.missing, "needs the display tools and mosquitto (make test installs them)"),
          arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGPWR, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, 40 /* SIGRTMIN+6 */])
    func aSignalThatWouldEndRingsEndsItTheCleanWay(number: Int32) throws {
        let broker = try Broker(), display = try VirtualDisplay()
        let config = try broker.screenConfig("signal", mqtt: "url = \"\(broker.url)\"\ntopic = \"t\"\nclient-id = \"signal\"\nstatus-topic = \"screens/signal\"\n")
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", config]) { $0.standardError = errors }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(eventually { ((try? broker.retained("screens/signal")) ?? nil)?.contains(#""state":"online""#) == true }, "the screen says it is online")
        kill(process.processIdentifier, number)
        #expect(ended(process, since: Date()) != nil)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.split(separator: "\n").count == 1 && said.hasPrefix("rings: SIG") && said.contains(" came; ending"), "\(said)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + number, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(try broker.retained("screens/signal")?.contains(#""state":"offline""#) == true, "the clean end said offline itself")
    }

    /// SIGQUIT ends rings as a crash does: one line, at once, with a crash's status (it used to print
    /// a long report and leave the screen running).
    @Test(.enabled(if: displayReady, "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"))
    func quitEndsRingsAsACrash() throws {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", "none", "--size", "300x300"]) { $0.standardError = errors }
        kill(process.processIdentifier, SIGQUIT)
        let took = ended(process, since: Date())
        #expect(took.map { $0 < 1 } == true, "\(took ?? 5) s")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.split(separator: "\n").count == 1 && said.contains("SIGQUIT"), "\(said)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGQUIT)
    }
}

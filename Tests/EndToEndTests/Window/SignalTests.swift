import Foundation
import TestSupport
import Testing

/// SIGTERM and SIGINT end `rings` whatever else is wrong: the X server stopped (the regression:
/// alive after SIGTERM until X went on), or few descriptors left (the signal was never acted on,
/// and at `ulimit -n 7` libdispatch trapped). How fast is not asked here: only that it ends.
@Suite(.serialized) struct SignalTests {
    static let displayReady = VirtualDisplay.missingTools.isEmpty

    /// Waits for `process` to end; false (and it is killed) when it did not within 30 s.
    func ends(_ process: Process) -> Bool {
        let over = eventually(within: 30) { !process.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return over
    }

    /// With the X server stopped, SIGTERM or SIGINT still ends rings (X stays stopped until after).
    /// rings is kept drawing (`--shift-every 100ms`), so it is mostly in a call to X as the signal
    /// comes: it says it is ending 0.9 s after the signal, and ends by the signal's own action. Caught
    /// between two frames, it needs nothing of X to end (its window is never closed) and ends
    /// cleanly, status 0: on a busy machine the test's signal can come then.
    @Test(.needs(displayReady, tools: VirtualDisplay.tools),
          arguments: [SIGTERM, SIGINT])
    func aQuitSignalIsObeyedWhileTheDisplayIsStopped(number: Int32) throws {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let arguments = ["--config", "none", "--size", "300x300", "--shift-every", "100ms"]
        let (process, _) = try display.launchRings(arguments) { $0.standardError = errors }
        display.freeze(true)
        defer { display.freeze(false) }
        kill(process.processIdentifier, number)
        #expect(ends(process), "signal \(number) with X stopped: still running after 30 s")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        if said.contains("still running 0.9 s after \(name); ending now") {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number,
                    "ended by the signal's own action: \(process.terminationReason) \(process.terminationStatus)")
        } else {
            #expect(process.terminationReason == .exit && process.terminationStatus == 0 && said.isEmpty,
                    "ended cleanly between frames, or said why not: \(process.terminationStatus) \(said)")
        }
    }

    /// Below 24 descriptors rings refuses to start, in one line; at 24 it runs (its broker's attempts,
    /// each a descriptor, fail and are tried again) and SIGTERM ends it cleanly.
    @Test(.needs(displayReady, tools: VirtualDisplay.tools))
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
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let log = OutputWatch(errors)
        #expect(!display.window().isEmpty, "rings' window shows")
        // A failed attempt on the broker is said once it has been made and its descriptor given back.
        #expect(log.waitFor("trying again"), "\(log.text)")
        #expect(process.isRunning, "runs with 24 descriptors")
        kill(process.processIdentifier, SIGTERM)
        #expect(ends(process), "SIGTERM at ulimit -n 24: still running after 30 s")
        #expect(log.waitForEnd())
        #expect(process.terminationReason == .exit && process.terminationStatus == 0 && !log.text.contains("crashed"), "\(log.text)")
    }

    /// Every other signal whose default would end rings on the spot ends it the clean way: one line,
    /// the broker told `offline` (a death would leave that to the will), and 128 + the signal's number
    /// for a supervisor. The regression: each ended rings at once, without a word.
    @Test(.needs(displayReady && !Broker.missing, "needs the display tools and mosquitto (make test installs them)"),
          arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGPWR, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, 40 /* SIGRTMIN+6 */])
    func aSignalThatWouldEndRingsEndsItTheCleanWay(number: Int32) throws {
        let broker = try Broker(), display = try VirtualDisplay()
        let config = try broker.screenConfig("signal", mqtt: "url = \"\(broker.url)\"\ntopic = \"t\"\nclient-id = \"signal\"\nstatus-topic = \"screens/signal\"\n")
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", config]) { $0.standardError = errors }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(eventually { ((try? broker.retained("screens/signal")) ?? nil)?.contains(#""state":"online""#) == true }, "the screen says it is online")
        kill(process.processIdentifier, number)
        #expect(ends(process))
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.split(separator: "\n").count == 1 && said.hasPrefix("rings: SIG") && said.contains(" came; ending"), "\(said)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + number, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(try broker.retained("screens/signal")?.contains(#""state":"offline""#) == true, "the clean end said offline itself")
    }

    /// SIGQUIT ends rings as a crash does: one line, and a crash's status (it used to print a long
    /// report and leave the screen running).
    @Test(.needs(displayReady, tools: VirtualDisplay.tools))
    func quitEndsRingsAsACrash() throws {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", "none", "--size", "300x300"]) { $0.standardError = errors }
        kill(process.processIdentifier, SIGQUIT)
        #expect(ends(process), "still running 30 s after SIGQUIT")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.split(separator: "\n").count == 1 && said.contains("SIGQUIT"), "\(said)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGQUIT)
    }
}

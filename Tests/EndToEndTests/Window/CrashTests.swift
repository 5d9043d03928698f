import Foundation
import TestSupport
import Testing

/// A crash is over at once: a fatal signal (a fault, systemd's watchdog abort) or a Swift trap ends
/// `rings` by itself, with a non-zero status and at most three lines on stderr, so that its
/// supervisor restarts it (the regression: Swift's backtracer printed for seconds, then left the
/// process alive until something killed it). How soon is a figure (within a second here), not a check.
@Suite(.serialized) struct CrashTests {
    static let displayReady = VirtualDisplay.missingTools.isEmpty

    /// Starts `rings` on `display` with `environment` changes, waits for its window; returns it and its stderr.
    func launch(_ display: VirtualDisplay, _ arguments: [String], trap: Bool = false) throws -> (Process, Pipe) {
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = arguments
        var env = display.environment
        env.removeValue(forKey: "SWIFT_BACKTRACE")
        if trap { env["RINGS_TEST_TRAP"] = "1" }
        process.environment = env
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Waits for the process to end by itself; returns the seconds it took (nil when it did not end within 60 s).
    func ended(_ process: Process, since start: Date) -> Double? {
        eventually(within: 60) { !process.isRunning } ? Date().timeIntervalSince(start) : nil
    }

    @Test(.needs(displayReady, tools: VirtualDisplay.tools),
          arguments: [["--size", "300x300"], ["--kiosk", "--source", "cpu,mem"]])
    func aFatalSignalEndsTheProcessByItself(mode: [String]) throws {
        let display = try VirtualDisplay()
        for (name, number) in [("SIGSEGV", SIGSEGV), ("SIGABRT", SIGABRT), ("SIGBUS", SIGBUS), ("SIGFPE", SIGFPE)] {
            let (process, errors) = try launch(display, ["--no-intro"] + mode)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            #expect(!display.window().isEmpty, "rings' window shows")
            let start = Date()
            kill(process.processIdentifier, number)
            let took = ended(process, since: start)
            #expect(took != nil, "\(name) in \(mode): still running after 60 s")
            if process.isRunning {
                let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
                Issue.record("\(status.split(separator: "\n").filter { $0.hasPrefix("Sig") || $0.hasPrefix("Shd") })")
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 128 + number, "\(name): status \(process.terminationStatus)")
            let lines = said.split(separator: "\n")
            #expect(lines.count <= 3 && said.contains("rings: crashed: \(name)"), "\(name) in \(mode): \(said)")
            // The next window must not see this one's.
            _ = eventually(within: 2) { (try? display.xdotool(["search", "--onlyvisible", "--name", "^rings"]).stdout.isEmpty) ?? true }
        }
    }

    @Test(.needs(displayReady, tools: VirtualDisplay.tools),
          arguments: [["--size", "300x300"], ["--kiosk", "--source", "cpu,mem"]])
    func aSwiftTrapEndsTheProcessByItself(mode: [String]) throws {
        let display = try VirtualDisplay()
        let start = Date()
        let (process, errors) = try launch(display, ["--no-intro"] + mode, trap: true)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let took = ended(process, since: start)
        #expect(took != nil, "a trap after the first frame: still running after 60 s (start-up included)")
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        let lines = said.split(separator: "\n")
        #expect(lines.count <= 3 && said.contains("Fatal error: RINGS_TEST_TRAP=1") && said.contains("rings: crashed: SIGILL"), "\(said)")
    }
}

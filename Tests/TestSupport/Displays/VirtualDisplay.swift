import Foundation
import RingsBase
import RingsRaster
import RingsPNG

/// A private X server (Xvfb) with a window manager (openbox), for driving the real window with xdotool.
public final class VirtualDisplay {
    public private(set) var name = ""
    private var server = Process()
    private var windowManager: Process?

    /// The tools a display test needs; the test is skipped with this list when any is missing.
    public static let tools = ["Xvfb", "xdotool", "xwininfo", "xprop", "import", "openbox"]
    public static var missingTools: [String] { tools.filter { which($0) == nil } }

    /// A server with one screen of `width` by `height`, and a second one of `second`'s size when
    /// asked (an X server with two screens: SDL's display 1). A server whose window manager does not
    /// take it is given up and a new one started, once.
    public init(width: Int = 1280, height: Int = 1024, second: (width: Int, height: Int)? = nil) throws {
        let arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
            + (second.map { ["-screen", "1", "\($0.width)x\($0.height)x24"] } ?? [])
        var failures: [String] = []
        for _ in 0..<2 {
            let log = NSTemporaryDirectory() + "rings-xvfb-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
            defer { unlink(log) }
            try startServer(arguments, log: log)
            guard let failure = try startWindowManager() else { return }
            let serverSaid = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").trimmed
            failures.append("\(failure); Xvfb \(server.isRunning ? "runs" : "ended") and said: \(serverSaid)")
            stop()
        }
        throw TestFailure(failures.joined(separator: "\n"))
    }

    /// Starts Xvfb with `arguments`, its errors to `log`, and waits for the display it took.
    private func startServer(_ arguments: [String], log: String) throws {
        server = Process()
        server.executableURL = URL(fileURLWithPath: which("Xvfb")!)
        server.arguments = arguments
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = try logFile(log)
        try server.run()
        var number = ""
        while !number.hasSuffix("\n") {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        name = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts openbox and waits until it has taken the screen: it names itself on the root window
    /// (EWMH). One that ended or did not take it within 20 s is started again, twice at most.
    /// nil once it has; else what went wrong.
    private func startWindowManager() throws -> String? {
        let log = NSTemporaryDirectory() + "rings-openbox-\(getpid())\(suffix).log"
        defer { unlink(log) }
        var lastLook = ""
        for _ in 0..<3 {
            if let wm = windowManager, wm.isRunning { kill(wm.processIdentifier, SIGKILL); wm.waitUntilExit() }
            let wm = try start("openbox", [], output: .nullDevice, errors: try logFile(log))
            windowManager = wm
            let managed = eventually(within: 20) {
                do {
                    let look = try runProgram(which("xprop")!, ["-root", "_NET_SUPPORTING_WM_CHECK"],
                                              environment: environment, timeout: 20)
                    lastLook = "xprop said \(look.status): " + (look.stdout + look.stderr).trimmed
                    return look.stdout.contains("window id #") || !wm.isRunning
                } catch {
                    lastLook = "xprop: \(error)"
                    return !wm.isRunning
                }
            }
            if managed && wm.isRunning { return nil }
        }
        let said = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").trimmed
        return "openbox did not take display \(name) in 3 tries of 20 s; it said: \(said); \(lastLook)"
    }

    /// Ends the window manager and the server.
    private func stop() {
        for process in [windowManager, server].compactMap({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    /// Stops the X server (SIGSTOP), as a hung display server would be, or lets it go on (SIGCONT).
    public func freeze(_ frozen: Bool) {
        kill(server.processIdentifier, frozen ? SIGSTOP : SIGCONT)
    }

    /// Where programs on this display keep their state (XDG_STATE_HOME): a folder of its own, so that
    /// one test's kiosk never shows the values another's kept.
    public var stateHome: String { NSTemporaryDirectory() + "rings-state-\(getpid())\(suffix)" }

    /// The display's name as a part of a file's name: "-7" for ":7".
    private var suffix: String { name.replacingOccurrences(of: ":", with: "-") }

    /// The state files rings keeps on this display (its XDG_STATE_HOME's rings/values-*.json), by name.
    public var stateFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: stateHome + "/rings")) ?? [])
            .filter { $0.hasPrefix("values-") && $0.hasSuffix(".json") }.sorted()
    }

    /// Where programs on this display look for their config (XDG_CONFIG_HOME): the same private
    /// folder, so that no config of the machine's user reaches a test.
    public var configHome: String { stateHome }

    /// The environment for programs on this display.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        env["XDG_STATE_HOME"] = stateHome
        env["XDG_CONFIG_HOME"] = configHome
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        return inEnglish(env)
    }

    /// Starts the program `name` (found on the PATH) with `arguments` on this display, its output and
    /// errors into the handles given.
    public func start(_ name: String, _ arguments: [String], output: FileHandle,
                      errors: FileHandle) throws -> Process {
        guard let path = which(name) else { throw TestFailure("no \(name) on this machine") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return process
    }

    /// Starts `rings` with `arguments` on this display, waits until its window shows and has the
    /// keyboard (keys sent from then on reach it); returns the process and the window's id.
    /// `configure` sets the process's pipes before it starts.
    public func launchRings(_ arguments: [String], environment added: [String: String] = [:],
                            configure: (Process) -> Void = { $0.standardError = FileHandle.nullDevice })
        throws -> (process: Process, window: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = arguments
        process.environment = environment.merging(added) { $1 }
        configure(process)
        try process.run()
        let window = window()
        guard !window.isEmpty else {
            guard process.isRunning else {
                throw TestFailure("rings ended (exit \(process.terminationStatus)) before its window showed")
            }
            throw TestFailure("rings' window did not show within 90 s")
        }
        let focused = eventually(within: 60) {
            (try? xdotool(["getwindowfocus"]))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == window
        }
        guard focused else { throw TestFailure("the window \(window) did not get the keyboard within 60 s") }
        return (process, window)
    }

    /// The first visible window whose name matches `pattern` (on `screen` when given), waited for up
    /// to `seconds`: on a busy machine a window can take long to show (a GL context from llvmpipe),
    /// longer than one xdotool call may run. "" when none shows.
    public func window(named pattern: String = "^rings", screen: Int? = nil, within seconds: Double = 90) -> String {
        var found = ""
        let screens = screen.map { ["--screen", "\($0)"] } ?? []
        _ = eventually(within: seconds) {
            let result = try? xdotool(["search"] + screens + ["--onlyvisible", "--name", pattern])
            found = result?.stdout.split(separator: "\n").first.map(String.init) ?? ""
            return !found.isEmpty
        }
        return found
    }

    /// Runs xdotool with these arguments on this display.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> RunResult {
        try runProgram(which("xdotool")!, arguments, environment: environment, timeout: 20)
    }

    /// Where a window's client area is on the screen and how big (xwininfo's absolute numbers; xdotool
    /// reports decorated windows' positions wrongly under a reparenting window manager).
    public func clientArea(of window: String) throws -> IntRect {
        let info = try runProgram(which("xwininfo")!, ["-id", window], environment: environment, timeout: 20).stdout
        func value(_ label: String) -> Int {
            let line = info.split(separator: "\n").first { $0.contains(label) } ?? ""
            return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
        }
        return IntRect(x: value("Absolute upper-left X"), y: value("Absolute upper-left Y"),
                       width: value("Width"), height: value("Height"))
    }

    /// Where the pointer is, in screen pixels.
    public func pointer() throws -> (x: Int, y: Int) {
        let out = try runProgram(which("xdotool")!, ["getmouselocation", "--shell"],
                                 environment: environment, timeout: 20).stdout
        func value(_ key: String) -> Int {
            Int(out.split(separator: "\n").first { $0.hasPrefix(key + "=") }?.dropFirst(key.count + 1) ?? "") ?? -1
        }
        return (value("X"), value("Y"))
    }

    /// A screenshot of the whole screen (of screen 1 of a server that has two, when asked).
    public func screenshot(screen: Int = 0) throws -> Pixmap {
        let path = NSTemporaryDirectory() + "rings-screen-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        var env = environment
        env["DISPLAY"] = "\(name).\(screen)"
        _ = try runProgram(which("import")!, ["-window", "root", path], environment: env, timeout: 20)
        return try PNGFile.read(path)
    }
}

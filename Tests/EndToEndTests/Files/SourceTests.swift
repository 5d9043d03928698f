import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// Built-in sources and commands in the real window.
@Suite(.serialized) struct SourceTests {
    /// Runs rings with `arguments` on a fresh display until `measure` of its window's picture is 0 (or
    /// 30 s pass); returns the last measure, what it said on stderr, and whether SIGTERM then ended it
    /// with status 0.
    func watch(_ arguments: [String], environment: [String: String] = [:],
               until measure: (Pixmap) throws -> Int) throws -> (remaining: Int, log: String, cleanExit: Bool) {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none"] + arguments,
                                                        environment: environment) {
            $0.standardError = errors
        }
        defer { if process.isRunning { process.terminate() } }
        let remaining = try settled { try measure(try display.screenshot().subview(try display.clientArea(of: window))) }
        end(process)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (remaining, log, process.terminationStatus == 0)
    }

    static let ready = VirtualDisplay.missingTools.isEmpty

    /// Built-in sources (CPU, memory, a disk) set the rings, read without a word of complaint.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func theRingsFollowTheMachine() throws {
        let empty = try ringsRender("300x300", "0,0,0")
        let (remaining, log, cleanExit) = try watch(["--source", "cpu,mem,disk:/", "--every", "100ms"]) { differingPixels($0, empty) > 0 ? 0 : 1 }
        #expect(remaining == 0, "the disk ring at least shows how full / is")
        #expect(cleanExit)
        #expect(!log.contains("cannot read"), "\(log)")
    }

    /// The gauges read the tree `RINGS_SYSTEM_ROOT` names: the hottest sensor against its critical
    /// point, the battery's charge, memory in use, exactly as the fake kernel says them.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func theGaugesReadTheTreeTheyAreGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rings-sys-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in [("proc/meminfo", "MemTotal:       1000 kB\nMemAvailable:    250 kB\n"),
                             ("sys/class/hwmon/hwmon0/name", "k10temp"), ("sys/class/hwmon/hwmon0/temp1_input", "54000"),
                             ("sys/class/hwmon/hwmon0/temp1_crit", "90000"), ("sys/class/thermal/thermal_zone0/temp", "30000"),
                             ("sys/class/power_supply/BAT0/type", "Battery"), ("sys/class/power_supply/BAT0/capacity", "35")] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let expected = try ringsRender("300x300", "0.6,0.35,0.75")
        let (remaining, log, cleanExit) = try watch(["--source", "temp,battery,mem", "--every", "100ms"],
                                                    environment: ["RINGS_SYSTEM_ROOT": root.path]) { differingPixels($0, expected) }
        #expect(remaining == 0, "54 of 90 °C, 35 %, 750 of 1000 kB in use")
        #expect(cleanExit && !log.contains("cannot read"), "\(log)")
    }

    /// What a command prints, run every 200 ms, sets the rings.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aCommandsOutputSetsTheRings() throws {
        let half = try ringsRender("300x300", "0.5,0.5,0.5")
        let (remaining, _, cleanExit) = try watch(["--progress", "0.2,0.3,0.4", "--exec", "echo 1=0.5 2=50% 3=1/2", "--every", "200ms"]) { differingPixels($0, half) }
        #expect(remaining == 0)
        #expect(cleanExit)
    }

    /// A command that leaves a child behind: its value shows every run, nothing says it ran late, and
    /// when rings exits nothing it started is left running.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aCommandWithABackgroundChildSetsTheRingsAndLeavesNothingBehind() throws {
        let half = try ringsRender("300x300", "0.5,0.5,0.5"), marker = "46.\(getpid())"
        let (remaining, log, cleanExit) = try watch(["--progress", "0.2,0.3,0.4", "--exec", "echo 1=0.5 2=50% 3=1/2; sleep \(marker) &",
                                                     "--every", "200ms"]) { differingPixels($0, half) }
        #expect(remaining == 0)
        #expect(cleanExit && !log.contains("ran past"), "\(log)")
        let left = try runProgram("/usr/bin/pgrep", ["-f", "sleep \(marker)"])
        #expect(left.stdout.isEmpty, "left running: \(left.stdout)")
    }

    /// What steps out of a command's process group (`setsid`) is ended like the rest: at most the last
    /// run's is left at any time, none once rings has exited (the regression: 39 piled up in 10 s, and
    /// outlived rings). What such a child holds is read whenever one is caught alive: its three
    /// descriptors alone (`CommandFeedTests` proves that without a race).
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aCommandsSetsidChildrenEndWithItsRuns() throws {
        let marker = "47.\(getpid())", folder = NSTemporaryDirectory() + "rings-exec-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let display = try VirtualDisplay()
        let command = "echo 1=0.5; setsid sleep \(marker) & echo run >> \(folder)/runs"
        let (process, _) = try display.launchRings(["--size", "300x300", "--exec", command, "--every", "100ms"])
        defer { if process.isRunning { process.terminate() } }
        var most = 0, descriptors: Set<String> = []
        let runs = { (try? String(contentsOfFile: folder + "/runs", encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        #expect(eventually(within: 30) {
            let children = (try? runProgram("/usr/bin/pgrep", ["-f", "^sleep \(marker)"]))?.stdout.split(separator: "\n") ?? []
            most = max(most, children.count)
            for child in children { descriptors.formUnion((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/fd")) ?? []) }
            return runs() >= 20
        })
        #expect(most <= 2, "at most the last run's is left at any time: \(most)")
        #expect(descriptors.isSubset(of: ["0", "1", "2"]), "\(descriptors.sorted())")
        end(process)
        let left = try runProgram("/usr/bin/pgrep", ["-f", "^sleep \(marker)"])
        #expect(left.stdout.isEmpty, "left running after rings: \(left.stdout)")
    }

    /// A kiosk fills the screen with its rings alone, hides the cursor, shows what its FIFO says, takes
    /// Esc and clicks without ending (a value written after them still shows) and quits on Ctrl+Alt+Q.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aKioskFillsTheScreenShowsItsFeedIgnoresKeysAndQuitsOnlyOnTheChord() throws {
        let display = try VirtualDisplay()
        try display.xdotool(["mousemove", "640", "512"])
        #expect(display.cursorIsBlank() == false, "the X cursor shows before the kiosk opens")
        let fifo = NSTemporaryDirectory() + "rings-kiosk-feed-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let (process, window) = try display.launchRings(["--kiosk", "--chrome", "none", "--theme", "flat", "--progress", "0.3,0.6,0.9", "--duration", "0.2",
                                                         "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        #expect(try eventually { try display.clientArea(of: window).width == 1280 })
        let area = try display.clientArea(of: window)
        #expect(area.width == 1280 && area.height == 1024, "fullscreen: \(area)")
        let expected = try ringsRender("1280x1024", "0.3,0.6,0.9")
        #expect(try settled { differingPixels(try display.screenshot().subview(area), expected) } == 0, "--chrome none: the rings alone")
        try display.xdotool(["mousemove", "700", "500"])
        #expect(eventually { display.cursorIsBlank() == true }, "the cursor is hidden")
        let fed = try ringsRender("1280x1024", "0.3,0.45,0.9")
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        writer.write(Data("2=45%\n".utf8))
        #expect(try settled { differingPixels(try display.screenshot().subview(area), fed) } == 0, "the value written to the FIFO shows")
        try display.xdotool(["key", "--window", window, "Escape"])
        try display.xdotool(["click", "1"])
        // Written after the key and the click: once it shows, the kiosk has been through both.
        writer.write(Data("2=75%\n".utf8))
        try writer.close()
        let later = try ringsRender("1280x1024", "0.3,0.75,0.9")
        #expect(try settled { differingPixels(try display.screenshot().subview(area), later) } == 0, "a value written after Esc and a click shows")
        #expect(process.isRunning, "Esc and clicks do not end a kiosk")
        try display.xdotool(["key", "--window", window, "ctrl+alt+q"])
        #expect(eventually { !process.isRunning } && process.terminationStatus == 0, "the chord quits")
    }

    /// A bad source option is refused in one line that says what is wrong.
    @Test(arguments: [(["--source", "fan"], "unknown source"), (["--source", "down:lo"], "no link speed for lo"), (["--source", "cpu", "--progress", "0.5"], "leave out --progress"),
                      (["--source", "cpu", "--every", "0s"], "interval")])
    func badSourceOptionsGiveOneLine(arguments: [String], message: String) throws {
        let result = try runProgram(ringsBinary, arguments, timeout: 20)
        #expect(result.status != 0 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

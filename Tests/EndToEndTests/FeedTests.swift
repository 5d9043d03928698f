import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// Live values into the real window: through a FIFO and through standard input.
@Suite(.serialized) struct FeedTests {
    let scratch = ScratchDirectory("rings-feed")
    var directory: String { scratch.path }

    /// Starts rings on a fresh display; returns it, its window, its display and its stdin and stderr.
    func launch(_ arguments: [String]) throws -> (Process, String, VirtualDisplay, Pipe, Pipe) {
        let display = try VirtualDisplay()
        let input = Pipe(), errors = Pipe()
        let (process, window) = try display.launchRings(arguments) { process in
            process.standardInput = input
            process.standardError = errors
        }
        return (process, window, display, input, errors)
    }

    func capture(_ display: VirtualDisplay, _ window: String) throws -> Pixmap {
        try display.screenshot().subview(try display.clientArea(of: window))
    }

    static let ready = VirtualDisplay.missingTools.isEmpty

    /// A state-file path that is no regular file (a FIFO, whose open would block for ever; a folder)
    /// is said in one line and not used: the window opens and runs.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aStateFileThatIsNoRegularFileIsSaidAndLeftAlone() throws {
        let fifo = directory + "/state.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, directory] {
            let (process, _, display, _, errors) = try launch(["--feed", directory + "/no-feed", "--state-file", path, "--no-intro"])
            defer { withExtendedLifetime(display) {} }
            let said = terminate(process, reading: errors)[0]
            #expect(process.terminationStatus == 0)
            #expect(said.contains("rings: state file \(path) is not a regular file; the last values are not shown\n"), "\(said)")
        }
    }

    /// Nothing invented: a kiosk fed through a FIFO shows empty rings until a line comes (not the
    /// theme's sample values), then the rings that line names; a feed path that does not exist is said
    /// on stderr and tried again until it does.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aKioskShowsNothingUntilItsFeedSaysSomething() throws {
        let fifo = directory + "/empty-feed"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let (process, window, display, _, _) = try launch(["--kiosk", "--theme", "flat", "--duration", "0.1", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        let area = try display.clientArea(of: window), size = "\(area.width)x\(area.height)"
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender(size, "0,0,0")) } == 0, "empty before any line")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        handle.write(Data("1=0.6\n".utf8))
        try handle.close()
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender(size, "0.6,0,0")) } == 0, "the named ring alone")

        let missing = directory + "/not-yet"
        unlink(missing)
        let (late, lateWindow, lateDisplay, _, errors) = try launch(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none",
                                                                     "--feed", missing])
        defer { if late.isRunning { late.terminate() } }
        FileManager.default.createFile(atPath: missing, contents: Data("2=0.4\n".utf8))
        #expect(try settled { differingPixels(try capture(lateDisplay, lateWindow), try ringsRender("300x300", "0,0.4,0")) } == 0,
                "the feed is opened once it exists")
        late.terminate()
        late.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("cannot open the feed \(missing): No such file or directory; trying again"), "\(said)")
    }

    /// `--stale-after 2s`: 3 s after the last line every ring is faded (darker and greyer wherever it
    /// was coloured, the background as it was); a new line brings the rings back exactly.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func oldValuesAreShownAsStaleUntilAFreshOneComes() throws {
        let fifo = directory + "/stale-feed"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let (process, window, display, _, _) = try launch(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none",
                                                           "--stale-after", "2s", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        func write(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
            handle.write(Data(text.utf8))
            try handle.close()
        }
        let fresh = try ringsRender("300x300", "0.6,0.6,0.6")
        try write("1=0.6 2=0.6 3=0.6\n")
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0)
        sleep(3)
        let stale = try capture(display, window)
        var coloured = 0, fadedAsSaid = 0, background = 0, backgroundKept = 0
        for y in 0..<fresh.height {
            for x in 0..<fresh.width {
                let a = fresh[x, y], b = stale[x, y]
                let chroma = { (p: PackedPixel) in Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) }
                if a.bits & 0xFFFFFF == fresh[0, 0].bits & 0xFFFFFF {
                    background += 1
                    if b.bits & 0xFFFFFF == a.bits & 0xFFFFFF { backgroundKept += 1 }
                } else if chroma(a) > 60 {
                    coloured += 1
                    if Int(max(b.r, b.g, b.b)) < Int(max(a.r, a.g, a.b)) * 3 / 4 && chroma(b) < chroma(a) / 2 { fadedAsSaid += 1 }
                }
            }
        }
        #expect(coloured > 5000 && fadedAsSaid >= coloured * 99 / 100, "\(fadedAsSaid) of \(coloured) coloured pixels faded")
        #expect(backgroundKept == background, "the background is not faded")
        try write("1=0.6 2=0.6 3=0.6\n")
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0, "a fresh line brings them back")
    }

    /// The last values outlive the kiosk: killed and started again, it shows them at once, faded as
    /// stale, until a fresh line comes.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aRestartedKioskShowsItsLastValuesAsStale() throws {
        let fifo = directory + "/kept-feed"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let display = try VirtualDisplay()
        let arguments = ["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none", "--no-intro", "--feed", fifo]
        func write(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
            handle.write(Data(text.utf8))
            try handle.close()
        }
        let fresh = try ringsRender("300x300", "0.6,0.4,0.2"), empty = try ringsRender("300x300", "0,0,0")
        var (process, window) = try display.launchRings(arguments)
        try write("1=0.6 2=0.4 3=0.2\n")
        #expect(try settled { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), fresh) } == 0)
        #expect(eventually(within: 5) { FileManager.default.fileExists(atPath: display.stateHome + "/rings/values.json") }, "kept within a second")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        (process, window) = try display.launchRings(arguments, settle: 1)
        defer { if process.isRunning { process.terminate() } }
        let shown = try display.screenshot().subview(try display.clientArea(of: window))
        #expect(differingPixels(shown, empty) > 1000, "the kept values, not empty rings")
        var brighter = 0
        for y in 0..<shown.height { for x in 0..<shown.width where max(shown[x, y].r, shown[x, y].g, shown[x, y].b) > max(fresh[x, y].r, fresh[x, y].g, fresh[x, y].b) { brighter += 1 } }
        #expect(differingPixels(shown, fresh) > 1000 && brighter < 50, "faded, as stale: \(brighter) pixels brighter than fresh")
        try write("1=0.6 2=0.4 3=0.2\n")
        #expect(try settled { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), fresh) } == 0, "fresh again")
    }

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aValueWrittenToAFIFOAppearsOnScreenAndAWriterMayComeBack() throws {
        let fifo = directory + "/feed"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let (process, window, display, _, _) = try launch(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4",
                                                           "--duration", "0.2", "--chrome", "none", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        func write(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
            handle.write(Data(text.utf8))
            try handle.close()
        }
        let half = try ringsRender("300x300", "0.5,0.5,0.5"), redUp = try ringsRender("300x300", "0.9,0.5,0.5")
        try write("1=0.5 2=50% blue=1/2\n")
        #expect(try settled { differingPixels(try capture(display, window), half) } == 0)
        try write("red=0.9\n")   // a new writer after the first closed
        #expect(try settled { differingPixels(try capture(display, window), redUp) } == 0)
        // A quiet feed costs nothing: the reader blocks on the FIFO, the window in SDL_WaitEvent.
        let before = cpuSeconds(of: process.processIdentifier)
        sleep(3)
        let used = cpuSeconds(of: process.processIdentifier) - before
        #expect(used <= 0.03, "\(used) s of CPU in 3 s of a quiet feed (1 % is 0.03 s)")
        process.terminate()   // SIGTERM: a clean exit
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func badLinesOnStandardInputAreRefusedWithTheirLineNumberAndTheDisplayGoesOn() throws {
        let (process, window, display, input, errors) = try launch(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4",
                                                                    "--duration", "0.2", "--chrome", "none", "--feed", "-"])
        defer { if process.isRunning { process.terminate() } }
        var garbage = "1=nan\n2=abc\n9=0.5\n\u{1}\u{2}\u{3}\n" + String(repeating: "x", count: 100_000) + "\n"
        garbage += "1=nan\n"   // the same kind again: not logged twice within a minute
        input.fileHandleForWriting.write(Data(garbage.utf8) + Data([0xFF, 0xFE, 0x0A]))
        input.fileHandleForWriting.write(Data("3=0.75\n".utf8))
        let expected = try ringsRender("300x300", "0.2,0.3,0.75")
        #expect(try settled { differingPixels(try capture(display, window), expected) } == 0, "the good line after the garbage applies")
        #expect(process.isRunning)
        try input.fileHandleForWriting.close()   // the feed ends; the window stays
        usleep(300_000)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("feed line 1:") && log.contains("feed line 3:") && log.contains("feed line 5:"), "\(log)")
        #expect(log.components(separatedBy: "not finite").count == 2, "one 'not finite' a minute: \(log)")
        #expect(log.contains("standard input ended"), "\(log)")
    }
}

/// Built-in sources and commands in the real window.
@Suite(.serialized) struct SourceTests {
    /// Runs rings with `arguments` on a fresh display until `measure` of its window's picture is 0 (or
    /// 10 s pass); returns the last measure, what it said on stderr, and whether SIGTERM then ended it
    /// with status 0.
    func watch(_ arguments: [String], until measure: (Pixmap) throws -> Int) throws -> (remaining: Int, log: String, cleanExit: Bool) {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none"] + arguments,
                                                        settle: 0.2) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        let remaining = try settled { try measure(try display.screenshot().subview(try display.clientArea(of: window))) }
        process.terminate()
        process.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (remaining, log, process.terminationStatus == 0)
    }

    static let ready = VirtualDisplay.missingTools.isEmpty

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func theRingsFollowTheMachine() throws {
        let empty = try ringsRender("300x300", "0,0,0")
        let (remaining, log, cleanExit) = try watch(["--source", "cpu,mem,disk:/", "--every", "100ms"]) { differingPixels($0, empty) > 0 ? 0 : 1 }
        #expect(remaining == 0, "the disk ring at least shows how full / is")
        #expect(cleanExit)
        #expect(!log.contains("cannot read"), "\(log)")
    }

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aCommandsOutputSetsTheRings() throws {
        let half = try ringsRender("300x300", "0.5,0.5,0.5")
        let (remaining, _, cleanExit) = try watch(["--progress", "0.2,0.3,0.4", "--exec", "echo 1=0.5 2=50% 3=1/2", "--every", "200ms"]) { differingPixels($0, half) }
        #expect(remaining == 0)
        #expect(cleanExit)
    }

    /// A command that leaves a child behind: its value shows every run, nothing says it ran late, and
    /// when rings exits nothing it started is left running.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aCommandWithABackgroundChildSetsTheRingsAndLeavesNothingBehind() throws {
        let half = try ringsRender("300x300", "0.5,0.5,0.5"), marker = "46.\(getpid())"
        let (remaining, log, cleanExit) = try watch(["--progress", "0.2,0.3,0.4", "--exec", "echo 1=0.5 2=50% 3=1/2; sleep \(marker) &",
                                                     "--every", "200ms"]) { differingPixels($0, half) }
        #expect(remaining == 0)
        #expect(cleanExit && !log.contains("ran past"), "\(log)")
        let left = try runProgram("/usr/bin/pgrep", ["-f", "sleep \(marker)"])
        #expect(left.stdout.isEmpty, "left running: \(left.stdout)")
    }

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aKioskFillsTheScreenShowsItsFeedIgnoresKeysAndQuitsOnlyOnTheChord() throws {
        let display = try VirtualDisplay()
        try display.xdotool(["mousemove", "640", "512"])
        #expect(display.cursorIsBlank() == false, "the X cursor shows before the kiosk opens")
        let fifo = NSTemporaryDirectory() + "rings-kiosk-feed-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let (process, window) = try display.launchRings(["--kiosk", "--theme", "flat", "--progress", "0.3,0.6,0.9", "--duration", "0.2",
                                                         "--feed", fifo], settle: 0.2)
        defer { if process.isRunning { process.terminate() } }
        #expect(try eventually { try display.clientArea(of: window).width == 1280 })
        let area = try display.clientArea(of: window)
        #expect(area.width == 1280 && area.height == 1024, "fullscreen: \(area)")
        let expected = try ringsRender("1280x1024", "0.3,0.6,0.9")
        #expect(try settled { differingPixels(try display.screenshot().subview(area), expected) } == 0, "no chrome in a kiosk unless asked")
        try display.xdotool(["mousemove", "700", "500"])
        #expect(eventually { display.cursorIsBlank() == true }, "the cursor is hidden")
        let fed = try ringsRender("1280x1024", "0.3,0.45,0.9")
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        writer.write(Data("2=45%\n".utf8))
        #expect(try settled { differingPixels(try display.screenshot().subview(area), fed) } == 0, "the value written to the FIFO shows")
        try writer.close()
        try display.xdotool(["key", "--window", window, "Escape"])
        try display.xdotool(["click", "1"])
        usleep(400_000)
        #expect(process.isRunning, "Esc and clicks do not end a kiosk")
        try display.xdotool(["key", "--window", window, "ctrl+alt+q"])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning && process.terminationStatus == 0)
    }

    @Test(arguments: [(["--source", "gpu"], "unknown source"), (["--source", "cpu", "--progress", "0.5"], "leave out --progress"),
                      (["--source", "cpu", "--every", "0s"], "interval")])
    func badSourceOptionsGiveOneLine(arguments: [String], message: String) throws {
        let result = try runProgram(ringsBinary, arguments, timeout: 20)
        #expect(result.status != 0 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

/// Kiosk options that need no long wait.
@Suite(.serialized) struct KioskOptionTests {
    @Test(.enabled(if: VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func burnInProtectionMovesTheRingsAFewPixels() throws {
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "400x400", "--progress", "0.3,0.6,0.9",
                                                         "--chrome", "none", "--shift-every", "500ms"], settle: 0.2)
        defer { if process.isRunning { process.terminate() } }
        let area = try display.clientArea(of: window)
        let still = try ringsRender("400x400", "0.3,0.6,0.9")
        // A shifted picture is the still one moved by a step round the square (400 px: a step of 1), to
        // within a level: the gradient's interpolation blocks sit on absolute columns, not on the centre.
        func close(_ a: PackedPixel, _ b: PackedPixel) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1
        }
        func matches(_ shot: Pixmap, moved dx: Int, _ dy: Int) -> Bool {
            for y in 1..<399 { for x in 1..<399 where !close(shot[x, y], still[x - dx, y - dy]) { return false } }
            return true
        }
        let steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        #expect(try eventually(within: 20) {
            let shot = try display.screenshot().subview(area)
            return steps.contains { matches(shot, moved: $0.0, $0.1) }
        }, "the picture moves by one step round a small square")
        #expect(matches(still, moved: 0, 0) && !matches(still, moved: 1, 0), "moving by a pixel changes the picture")
    }

    /// Another program destroys the window, the screen changes resolution: the kiosk goes on.
    @Test(.enabled(if: VirtualDisplay.missingTools.isEmpty && which("xrandr") != nil, "needs the display tools and xrandr (make test installs them)"))
    func aKioskSurvivesTheLossOfItsWindowAndAChangeOfResolution() throws {
        let display = try VirtualDisplay(width: 1600, height: 1200)
        let errors = Pipe()
        let (process, first) = try display.launchRings(["--kiosk", "--theme", "flat", "--progress", "0.3,0.6,0.9"], settle: 0.2) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        let large = try ringsRender("1600x1200", "0.3,0.6,0.9"), small = try ringsRender("1280x1024", "0.3,0.6,0.9")
        func shows(_ expected: Pixmap, in window: String) throws -> Int {
            let area = try display.clientArea(of: window)
            guard area.width == expected.width, area.height == expected.height else { return -1 }
            return differingPixels(try display.screenshot().subview(area), expected)
        }
        #expect(try settled { try shows(large, in: first) } == 0)

        // xrandr says the output no longer fits the smaller screen, but the screen does change.
        _ = try runProgram(which("xrandr")!, ["--fb", "1280x1024"], environment: display.environment, timeout: 20)
        #expect(try settled { try shows(small, in: first) } == 0, "laid out anew for the new resolution")

        try display.xdotool(["windowclose", first])
        var second = ""
        #expect(try eventually {
            second = try display.xdotool(["search", "--onlyvisible", "--name", "^rings$"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
            return !second.isEmpty && second != first
        }, "a new window")
        #expect(try settled { try shows(small, in: second) } == 0, "the new window shows the rings, fullscreen")
        #expect(process.isRunning)
        try display.xdotool(["key", "--window", second, "ctrl+alt+q"])
        #expect(eventually { !process.isRunning })
        #expect(process.terminationStatus == 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("destroyed by another program; opening a new one"), "\(log)")
    }

    @Test func aDisplayThatDoesNotExistIsReported() throws {
        guard VirtualDisplay.missingTools.isEmpty else { return }
        let display = try VirtualDisplay()
        let result = try runProgram(ringsBinary, ["--display", "3"], environment: display.environment, timeout: 20)
        #expect(result.status != 0 && result.stderr.contains("display 3 does not exist"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

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

    /// A source that repeats its values leaves the screen still and exact: the frames stop within
    /// the animation's duration after the first line, the window equals `rings render` of the
    /// values, and rings then uses no CPU while the lines keep coming (the regression: every repeat
    /// restarted the animation, 590 frames in 10 s and never exact).
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aFeedThatRepeatsItselfLeavesTheScreenStillAndExact() throws {
        let display = try VirtualDisplay()
        let input = Pipe(), output = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--chrome", "none", "--no-intro",
                                                         "--duration", "0.5", "--feed", "-", "--stats"]) { process in
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
        }
        defer { if process.isRunning { process.terminate() } }
        func speak(for seconds: Double) {
            for _ in 0..<Int(seconds * 10) {
                input.fileHandleForWriting.write(Data("1=0.25 2=0.5 3=0.75\n".utf8))
                usleep(100_000)
            }
        }
        speak(for: 2)
        let cpu = cpuSeconds(of: process.processIdentifier)
        speak(for: 3)
        let used = cpuSeconds(of: process.processIdentifier) - cpu
        #expect(used < 0.05, "CPU while the same line kept coming: \(used) s")
        #expect(differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), try ringsRender("300x300", "0.25,0.5,0.75")) == 0)
        let said = terminate(process, reading: output)[0]
        let frames = number(after: "frames presented ", in: said) ?? .infinity
        #expect(frames <= 0.5 * 60 + 15, "frames presented in 5 s of repeated lines: \(said)")
    }

    /// Nothing invented: a kiosk fed through a FIFO shows empty rings until a line comes (not the
    /// theme's sample values), then the rings that line names; a feed path that does not exist is said
    /// on stderr and tried again until it does.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aKioskShowsNothingUntilItsFeedSaysSomething() throws {
        let fifo = try scratch.fifo("/empty-feed")
        let (process, window, display, _, _) = try launch(["--kiosk", "--chrome", "none", "--theme", "flat", "--duration", "0.1", "--feed", fifo])
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

    /// `--stale-after 4s`: once the last line is that old every ring is faded (darker and greyer
    /// wherever it was coloured, the background as it was); a new line brings the rings back exactly.
    /// (4 s, not less: the fresh picture must be seen before it goes stale again on a busy machine.)
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func oldValuesAreShownAsStaleUntilAFreshOneComes() throws {
        let fifo = try scratch.fifo("/stale-feed")
        let (process, window, display, _, _) = try launch(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none",
                                                           "--stale-after", "4s", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        func write(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
            handle.write(Data(text.utf8))
            try handle.close()
        }
        let fresh = try ringsRender("300x300", "0.6,0.6,0.6")
        try write("1=0.6 2=0.6 3=0.6\n")
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0)
        /// How many of the fresh picture's coloured pixels are faded in `stale`, of how many; and
        /// how many of its background pixels are kept, of how many.
        func fading(_ stale: Pixmap) -> (colored: Int, faded: Int, background: Int, kept: Int) {
            var colored = 0, faded = 0, background = 0, kept = 0
            for y in 0..<fresh.height {
                for x in 0..<fresh.width {
                    let a = fresh[x, y], b = stale[x, y]
                    let chroma = { (p: PackedPixel) in Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) }
                    if a.bits & 0xFFFFFF == fresh[0, 0].bits & 0xFFFFFF {
                        background += 1
                        if b.bits & 0xFFFFFF == a.bits & 0xFFFFFF { kept += 1 }
                    } else if chroma(a) > 60 {
                        colored += 1
                        if Int(max(b.r, b.g, b.b)) < Int(max(a.r, a.g, a.b)) * 3 / 4 && chroma(b) < chroma(a) / 2 { faded += 1 }
                    }
                }
            }
            return (colored, faded, background, kept)
        }
        var seen = fading(fresh)
        _ = try eventually(within: 30) {
            seen = fading(try capture(display, window))
            return seen.faded >= seen.colored * 99 / 100
        }
        #expect(seen.colored > 5000 && seen.faded >= seen.colored * 99 / 100, "\(seen.faded) of \(seen.colored) coloured pixels faded")
        #expect(seen.kept == seen.background, "the background is not faded")
        try write("1=0.6 2=0.6 3=0.6\n")
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0, "a fresh line brings them back")
    }

    /// The last values outlive the kiosk: killed and started again, it shows them at once, faded as
    /// stale, until a fresh line comes.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aRestartedKioskShowsItsLastValuesAsStale() throws {
        let fifo = try scratch.fifo("/kept-feed")
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
        #expect(eventually(within: 5) { display.stateFiles.count == 1 }, "kept within a second")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The X server may still show the dead client's window for a moment: the next search would
        // find it, and the checks below would look where no window is any more.
        #expect(eventually(within: 10) { ((try? display.xdotool(["search", "--onlyvisible", "--name", "^rings"]).stdout) ?? "x").isEmpty },
                "the killed kiosk's window is gone")
        let errors = Pipe()
        (process, window) = try display.launchRings(arguments, settle: 1) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        let shown = try display.screenshot().subview(try display.clientArea(of: window))
        #expect(differingPixels(shown, empty) > 1000, "the kept values, not empty rings")
        var brighter = 0
        for y in 0..<shown.height { for x in 0..<shown.width where max(shown[x, y].r, shown[x, y].g, shown[x, y].b) > max(fresh[x, y].r, fresh[x, y].g, fresh[x, y].b) { brighter += 1 } }
        #expect(differingPixels(shown, fresh) > 1000 && brighter < 50, "faded, as stale: \(brighter) pixels brighter than fresh")
        try write("1=0.6 2=0.4 3=0.2\n")
        let again = try settled(within: 30) { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), fresh) }
        let said = again == 0 ? "" : terminate(process, reading: errors)[0]
        #expect(again == 0, "fresh again (the restarted kiosk said: \(said))")
    }

    /// The state file belongs to what a screen shows: a run on a FIFO after a run of a command with
    /// the same theme starts empty (the regression: it showed the command's values, stale), and two
    /// screens at once keep two files.
    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func theStateFileBelongsToItsSourcesAndToOneScreen() throws {
        let display = try VirtualDisplay()
        let look = ["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none", "--no-intro"]
        let fresh = try ringsRender("300x300", "0.6,0.4,0.2"), empty = try ringsRender("300x300", "0,0,0")
        let exec = look + ["--exec", "echo 1=0.6 2=0.4 3=0.2", "--every", "1s"]
        let (first, _) = try display.launchRings(exec)
        let (second, _) = try display.launchRings(exec)
        #expect(eventually(within: 8) { display.stateFiles.count == 2 }, "two screens of one config, two files: \(display.stateFiles)")
        for process in [first, second] { _ = terminate(process) }
        let (fed, window) = try display.launchRings(look + ["--feed", try scratch.fifo("/other-source")], settle: 1)
        defer { if fed.isRunning { fed.terminate() } }
        let shown = try display.screenshot().subview(try display.clientArea(of: window))
        #expect(differingPixels(shown, empty) == 0 && differingPixels(shown, fresh) > 1000, "nothing remembered from the command's runs")
    }

    @Test(.enabled(if: ready, "needs the display tools (make test installs them)"))
    func aValueWrittenToAFIFOAppearsOnScreenAndAWriterMayComeBack() throws {
        let fifo = try scratch.fifo("/feed")
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

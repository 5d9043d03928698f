import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// Live values into the real window: through a FIFO and through standard input.
@Suite(.serialized) struct FeedTests {
    let scratch = ScratchDirectory("rings-feed")

    /// Starts rings on a fresh display, its stdout into `output` if given; returns it, its window, display, stdin and stderr.
    func launch(_ arguments: [String], output: Pipe? = nil) throws -> (Process, String, VirtualDisplay, Pipe, Pipe) {
        let display = try VirtualDisplay()
        let input = Pipe(), errors = Pipe()
        let (process, window) = try display.launchRings(arguments) { process in
            process.standardInput = input
            process.standardError = errors
            if let output { process.standardOutput = output }
        }
        return (process, window, display, input, errors)
    }

    func capture(_ display: VirtualDisplay, _ window: String) throws -> Pixmap { try display.screenshot().subview(try display.clientArea(of: window)) }

    /// The frames `--stats` counted (its line `stats`), and the most that `animations` animations of `duration` s explain: a
    /// frame a refresh and a few more each, and ten whole frames (the first, exposes). Frames while nothing changed go past it.
    func presented(_ stats: String, animations: Double, of duration: Double) throws -> (frames: Double, most: Double) {
        let (frames, refresh) = try presentedFrames(in: stats)
        return (frames, animations * (duration / refresh + 3) + 10)
    }

    /// How far a pixel is from grey: its brightest channel less its darkest.
    func chroma(_ p: PackedPixel) -> Int { Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) }

    static let ready = VirtualDisplay.missingTools.isEmpty

    /// A source that repeats its value presents nothing new: after each repeat the window is still
    /// exactly `rings render` of it, and the frames counted on exit are what the two changes explain; a
    /// new value after the repeats shows, so they had all been taken. (The regression: every repeat
    /// restarted the animation, 590 frames in 10 s and never exact.)
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aFeedThatRepeatsItselfPresentsNothingNew() throws {
        let output = Pipe()
        let (process, window, display, input, _) = try launch(["--theme", "flat", "--size", "300x300", "--chrome", "none", "--no-intro",
                                                               "--duration", "0.5", "--feed", "-", "--stats"], output: output)
        defer { if process.isRunning { process.terminate() } }
        let value = try ringsRender("300x300", "0.25,0.5,0.75"), next = try ringsRender("300x300", "0.5,0.5,0.75")
        func say(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        for time in 0...10 {
            say("1=0.25 2=0.5 3=0.75")
            #expect(try settled { differingPixels(try capture(display, window), value) } == 0, "exact after the line, time \(time)")
        }
        say("1=0.5")   // after the repeats on the same pipe: once it shows, they have all been taken
        #expect(try settled { differingPixels(try capture(display, window), next) } == 0, "a new value shows")
        let stats = terminate(process, reading: output)[0]
        let shown = try presented(stats, animations: 2, of: 0.5)
        #expect(shown.frames <= shown.most, "two changes and ten repeats: \(stats)")
    }

    /// Nothing invented: a kiosk fed through a FIFO shows empty rings until a line comes (not the
    /// theme's sample values), then the rings that line names; a feed path that does not exist is said
    /// on stderr and tried again until it does.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aKioskShowsNothingUntilItsFeedSaysSomething() throws {
        let fifo = try scratch.fifo("/empty-feed")
        let (process, window, display, _, _) = try launch(["--kiosk", "--chrome", "none", "--theme", "flat", "--duration", "0.1", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        let area = try display.clientArea(of: window), size = "\(area.width)x\(area.height)"
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender(size, "0,0,0")) } == 0, "empty before any line")
        try writeAlone("1=0.6\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender(size, "0.6,0,0")) } == 0, "the named ring alone")

        let missing = scratch.path + "/not-yet"
        unlink(missing)
        let (late, lateWindow, lateDisplay, _, errors) = try launch(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none",
                                                                     "--feed", missing])
        defer { if late.isRunning { late.terminate() } }
        try writeFile("2=0.4\n", to: missing)
        #expect(try settled { differingPixels(try capture(lateDisplay, lateWindow), try ringsRender("300x300", "0,0.4,0")) } == 0,
                "the feed is opened once it exists")
        let said = terminate(late, reading: errors)[0]
        #expect(said.contains("cannot open the feed \(missing): No such file or directory; trying again"), "\(said)")
    }

    /// `--stale-after 10s`: once the last line is that old every ring is faded (darker and greyer
    /// wherever it was coloured, the background as it was); a new line brings the rings back exactly.
    /// (10 s: the fresh picture must be seen before it goes stale again, on a busy machine too.)
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func oldValuesAreShownAsStaleUntilAFreshOneComes() throws {
        let fifo = try scratch.fifo("/stale-feed")
        let (process, window, display, _, _) = try launch(["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none",
                                                           "--stale-after", "10s", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        let fresh = try ringsRender("300x300", "0.6,0.6,0.6")
        try writeAlone("1=0.6 2=0.6 3=0.6\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0)
        /// How many of the fresh picture's coloured pixels are faded in `stale`, of how many; and
        /// how many of its background pixels are kept, of how many.
        func fading(_ stale: Pixmap) -> (colored: Int, faded: Int, background: Int, kept: Int) {
            var colored = 0, faded = 0, background = 0, kept = 0
            guard stale.width == fresh.width, stale.height == fresh.height else { return (1, 0, 0, 0) }
            for y in 0..<fresh.height {
                for x in 0..<fresh.width {
                    let a = fresh[x, y], b = stale[x, y]
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
        _ = try eventually(within: 60) {
            seen = fading(try capture(display, window))
            return seen.faded >= seen.colored * 99 / 100
        }
        #expect(seen.colored > 5000 && seen.faded >= seen.colored * 99 / 100, "\(seen.faded) of \(seen.colored) coloured pixels faded")
        #expect(seen.kept == seen.background, "the background is not faded")
        try writeAlone("1=0.6 2=0.6 3=0.6\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0, "a fresh line brings them back")
    }

    /// The last values outlive the kiosk: killed and started again, before any line it shows them
    /// faded as stale (drawn, not empty rings, nowhere brighter than fresh), until a fresh line comes.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aRestartedKioskShowsItsLastValuesAsStale() throws {
        let fifo = try scratch.fifo("/kept-feed")
        let display = try VirtualDisplay()
        let arguments = ["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none", "--no-intro", "--feed", fifo]
        let fresh = try ringsRender("300x300", "0.6,0.4,0.2"), empty = try ringsRender("300x300", "0,0,0")
        var (process, window) = try display.launchRings(arguments)
        try writeAlone("1=0.6 2=0.4 3=0.2\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0)
        #expect(eventually(within: 30) { display.stateFiles.count == 1 }, "the values are kept")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The X server may still show the dead client's window for a moment: the next search would
        // find it, and the checks below would look where no window is any more.
        #expect(eventually(within: 30) { ((try? display.xdotool(["search", "--onlyvisible", "--name", "^rings"]).stdout) ?? "x").isEmpty },
                "the killed kiosk's window is gone")
        let errors = Pipe()
        (process, window) = try display.launchRings(arguments) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        /// The kept values faded: lit where fresh is coloured (unlike a window not drawn yet), neither empty nor fresh, not brighter.
        func stale(_ shown: Pixmap) -> Bool {
            guard shown.width == fresh.width, shown.height == fresh.height else { return false }
            var colored = 0, lit = 0, brighter = 0
            for y in 0..<shown.height {
                for x in 0..<shown.width {
                    let a = fresh[x, y], b = shown[x, y]
                    if max(b.r, b.g, b.b) > max(a.r, a.g, a.b) { brighter += 1 }
                    if chroma(a) > 60 { colored += 1; if max(b.r, b.g, b.b) > 16 { lit += 1 } }
                }
            }
            return lit >= colored * 95 / 100 && brighter < 50 && differingPixels(shown, empty) > 1000 && differingPixels(shown, fresh) > 1000
        }
        #expect(try eventually(within: 30) { stale(try capture(display, window)) }, "the kept values, faded as stale")
        try writeAlone("1=0.6 2=0.4 3=0.2\n", to: fifo)
        let again = try settled(within: 30) { differingPixels(try capture(display, window), fresh) }
        let said = again == 0 ? "" : terminate(process, reading: errors)[0]
        #expect(again == 0, "fresh again (the restarted kiosk said: \(said))")
    }

    /// The state file belongs to what a screen shows: a run on a FIFO after a run of a command with
    /// the same theme starts empty (the regression: it showed the command's values, stale), and two
    /// screens at once keep two files.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func theStateFileBelongsToItsSourcesAndToOneScreen() throws {
        let display = try VirtualDisplay()
        let look = ["--theme", "flat", "--size", "300x300", "--duration", "0.1", "--chrome", "none", "--no-intro"]
        let fresh = try ringsRender("300x300", "0.6,0.4,0.2"), empty = try ringsRender("300x300", "0,0,0")
        let exec = look + ["--exec", "echo 1=0.6 2=0.4 3=0.2", "--every", "1s"]
        let (first, _) = try display.launchRings(exec)
        let (second, _) = try display.launchRings(exec)
        #expect(eventually(within: 30) { display.stateFiles.count == 2 }, "two screens of one config, two files: \(display.stateFiles)")
        for process in [first, second] { _ = terminate(process) }
        let fifo = try scratch.fifo("/other-source")
        let (fed, window) = try display.launchRings(look + ["--feed", fifo])
        defer { if fed.isRunning { fed.terminate() } }
        #expect(try settled { differingPixels(try capture(display, window), empty) } == 0, "empty rings: nothing remembered from the command's runs")
        // It reads its own feed: the empty rings were its picture, not a feed that never opened.
        try writeAlone("1=0.6 2=0.4 3=0.2\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), fresh) } == 0, "its own feed's values")
    }

    /// A value written to a FIFO shows, and so does one from a writer that comes after the first
    /// closed. A quiet feed leaves the window still and presenting nothing (the reader blocks on the
    /// FIFO, the window in SDL_WaitEvent; `--stats` counts the frames), and a writer after the quiet is read.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aValueWrittenToAFIFOAppearsOnScreenAndAWriterMayComeBack() throws {
        let fifo = try scratch.fifo("/feed")
        let output = Pipe()
        let (process, window, display, _, _) = try launch(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--duration", "0.2",
                                                           "--chrome", "none", "--stats", "--feed", fifo], output: output)
        defer { if process.isRunning { process.terminate() } }
        let half = try ringsRender("300x300", "0.5,0.5,0.5"), redUp = try ringsRender("300x300", "0.9,0.5,0.5")
        try writeAlone("1=0.5 2=50% blue=1/2\n", to: fifo)
        #expect(try settled { differingPixels(try capture(display, window), half) } == 0)
        try writeAlone("red=0.9\n", to: fifo)   // a new writer after the first closed
        #expect(try settled { differingPixels(try capture(display, window), redUp) } == 0)
        for look in 1...10 { #expect(differingPixels(try capture(display, window), redUp) == 0, "still while the feed is quiet, look \(look)") }
        try writeAlone("blue=0.1\n", to: fifo)   // a writer after the quiet
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.9,0.5,0.1")) } == 0)
        let stats = terminate(process, reading: output)[0]   // SIGTERM: a clean exit
        #expect(process.terminationStatus == 0)
        let shown = try presented(stats, animations: 4, of: 0.2)
        #expect(shown.frames <= shown.most, "the grow-in and three changes, nothing while quiet: \(stats)")
    }

    /// Bad lines on standard input are each said with their line number (one kind once a minute),
    /// and a good line after them applies; when the input ends the window stays, still taking keys.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func badLinesOnStandardInputAreRefusedWithTheirLineNumberAndTheDisplayGoesOn() throws {
        let (process, window, display, input, errors) = try launch(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4",
                                                                    "--duration", "0.2", "--chrome", "none", "--feed", "-"])
        defer { if process.isRunning { process.terminate() } }
        let log = OutputWatch(errors)
        var garbage = "1=nan\n2=abc\n9=0.5\n\u{1}\u{2}\u{3}\n" + String(repeating: "x", count: 100_000) + "\n"
        garbage += "1=nan\n"   // the same kind again: not logged twice within a minute
        input.fileHandleForWriting.write(Data(garbage.utf8) + Data([0xFF, 0xFE, 0x0A]))
        input.fileHandleForWriting.write(Data("3=0.75\n".utf8))
        let expected = try ringsRender("300x300", "0.2,0.3,0.75")
        #expect(try settled { differingPixels(try capture(display, window), expected) } == 0, "the good line after the garbage applies")
        try input.fileHandleForWriting.close()   // the feed ends; the window stays
        #expect(log.waitFor("standard input ended"), "\(log.text)")
        try display.xdotool(["key", "--window", window, "5"])   // taken after the end: the window outlived its feed
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.5,0.5,0.5")) } == 0, "a key after the end")
        #expect(process.isRunning)
        end(process, by: SIGINT)
        #expect(process.terminationStatus == 0)
        #expect(log.waitForEnd())
        let said = log.text
        #expect(said.contains("feed line 1:") && said.contains("feed line 3:") && said.contains("feed line 5:"), "\(said)")
        #expect(said.components(separatedBy: "not finite").count == 2, "one 'not finite' a minute: \(said)")
    }
}

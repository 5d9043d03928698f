import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// The real binary under a real Wayland kiosk compositor (cage, headless): natively on Wayland and
/// through Xwayland, as kiosks run it.
@Suite(.serialized) struct CageTests {
    static let ready = Compositor.missingTools.isEmpty
    static let flat = ["--theme", "flat", "--chrome", "none"]

    /// The X window rings opened on Xwayland, waited for up to 90 s ("" when none shows): on a busy
    /// machine it can take longer than one xdotool call may run.
    func xWindow(_ cage: Compositor) throws -> String {
        var window = ""
        _ = try eventually(within: 90) {
            let found = try cage.run("xdotool", ["search", "--onlyvisible", "--name", "^rings"], native: false)
            window = found.stdout.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }
        return window
    }

    func fifo(_ cage: Compositor) throws -> String {
        let path = NSTemporaryDirectory() + "rings-cage-feed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkfifo(path, 0o666) == 0, chmod(path, 0o666) == 0 else { throw TestFailure("mkfifo \(path)") }
        return path
    }

    /// cage sizes the output 1280x720: an X kiosk fills it, laid out for that size (the
    /// regression: it showed the rings laid out for 800x800, off centre, the bottom cut off), and
    /// shows the values fed to it through a FIFO.
    @Test(.needs(ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
    func anXwaylandKioskFillsTheOutputAsRenderDrawsIt() throws {
        let cage = try Compositor()
        let feed = try fifo(cage)
        defer { unlink(feed) }
        let rings = try cage.launchRings(["--kiosk", "--chrome", "none", "--feed", feed, "--duration", "0.2"] + Self.flat + ["--progress", "0.72,1.35,0.48"],
                                         native: false)
        defer { if rings.isRunning { rings.terminate() } }
        let window = try xWindow(cage)
        let expected = try ringsRender("1280x720", "0.72,1.35,0.48")
        #expect(try settled { differingPixels(try cage.capture(window: window), expected) } == 0)
        try writeAlone("1=0.3 2=90% 3=1.2\n", to: feed)
        let fed = try ringsRender("1280x720", "0.3,0.9,1.2")
        #expect(try settled { differingPixels(try cage.capture(window: window), fed) } == 0)
    }

    /// A kiosk on native Wayland, fed through a FIFO: the vsync presenter shows the rings, commits
    /// frames while they move, and none once they stop (libwayland's WAYLAND_DEBUG log shows every
    /// surface commit); SIGTERM prints the figures and ends it cleanly. How evenly the compositor
    /// paces the frames is a figure, not a fact: Tests/Bench/pacing.sh measures it.
    @Test(.needs(ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
    func aNativeWaylandKioskCommitsFramesOnlyWhileTheRingsMove() throws {
        let cage = try Compositor()
        let feed = try fifo(cage)
        defer { unlink(feed) }
        let output = Pipe(), errors = Pipe()
        let rings = try cage.launchRings(["--kiosk", "--chrome", "none", "--present", "vsync", "--stats", "--feed", feed, "--duration", "1",
                                          "--curve", "linear", "--progress", "0,0,0"] + Self.flat, native: true) { process in
            process.environment?["WAYLAND_DEBUG"] = "client"
            process.standardOutput = output
            process.standardError = errors
        }
        defer { if rings.isRunning { rings.terminate() } }
        let log = OutputWatch(errors)
        func commits() -> Int { log.text.split(separator: "\n").filter { $0.contains("-> wl_surface@") && $0.hasSuffix(".commit()") }.count }
        // The output shows rings while they move (a still native client reads back black from this
        // headless compositor): each line starts a new second of motion, until a screenshot shows them.
        var lit = 0, value = 0.1
        let seen = try eventually(within: 120) {
            value = value >= 1 ? 0.1 : value + 0.1
            try writeAlone("1=\(value) 2=\(value) 3=\(value)\n", to: feed)
            let shot = try cage.screenshot()
            lit = 0
            for y in Swift.stride(from: 0, to: shot.height, by: 4) { for x in Swift.stride(from: 0, to: shot.width, by: 4) where shot[x, y].bits & 0xFFFFFF != 0 { lit += 1 } }
            return shot.width == 1280 && shot.height == 720 && lit > 2_000
        }
        #expect(seen, "\(lit) of 57,600 sampled pixels lit while the rings move")
        // Once the last second of motion is over, the commits stop: the count holds for 3 s on end.
        var last = commits(), since = Date()
        let still = eventually(within: 120) {
            let now = commits()
            if now != last { last = now; since = Date() }
            return Date().timeIntervalSince(since) >= 3
        }
        #expect(still && last > 0, "\(last) commits; still: \(still)")
        // A new value moves the rings again: commits resume (the count was still for want of motion).
        try writeAlone("1=1 2=1.5 3=0.8\n", to: feed)
        #expect(eventually(within: 60) { commits() > last + 10 }, "a new value commits frames again: \(commits()) after \(last)")
        end(rings)
        #expect(rings.terminationStatus == 0, "\(log.text.split(separator: "\n").filter { !$0.contains("wl_") }.suffix(5))")
        let stats = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stats.contains("presenter vsync") && stats.contains("frames presented "), "\(stats)")
    }

    /// Keys reach the window under the kiosk compositor: Tab selects the outer ring and 5 sets it to
    /// 50 %. From wtype where the compositor takes a virtual keyboard; cage 0.1.4 does not, and then
    /// from xdotool through Xwayland's XTEST.
    @Test(.needs(ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
    func keysFromWtypeSelectAndSetARing() throws {
        let cage = try Compositor()
        let rings = try cage.launchRings(Self.flat + ["--size", "600x600", "--progress", "0.72,1.35,0.48", "--duration", "0.2"], native: false)
        defer { if rings.isRunning { rings.terminate() } }
        let window = try xWindow(cage)
        // How far the window is from `rings render` at its size then: cage may still be sizing it to
        // the output (on a busy machine the first look came before, at 600x600).
        var renders: [String: Pixmap] = [:]
        func distance(to values: String) throws -> Int {
            let shot = try cage.capture(window: window), size = "\(shot.width)x\(shot.height)"
            let expected = try renders[size] ?? ringsRender(size, values)
            renders = [size: expected]
            return differingPixels(shot, expected)
        }
        // Keys typed before the window shows its first frame could reach it before it takes them.
        #expect(try settled { try distance(to: "0.72,1.35,0.48") } == 0)
        renders = [:]
        var typed = try cage.run("wtype", ["-k", "Tab", "5"], native: true)
        if typed.stderr.contains("does not support the virtual keyboard") {
            typed = try cage.run("xdotool", ["key", "--window", window, "Tab", "5"], native: false)
        }
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try settled { try distance(to: "0.5,1.35,0.48") } == 0)
    }

    /// The compositor killed under a kiosk, native and through Xwayland: rings exits with status 1
    /// and one line (how soon is a figure; a kiosk that stayed would hang the test's 30 s wait).
    @Test(.needs(ready, "needs cage, grim, wtype, Xwayland (make test installs them)"), arguments: [true, false])
    func aKioskWhoseCompositorDiesEndsWithOneLine(native: Bool) throws {
        let cage = try Compositor()
        let errors = Pipe()
        let rings = try cage.launchRings(["--kiosk"] + Self.flat, native: native) { process in
            process.environment?["WAYLAND_DEBUG"] = "client"
            process.standardError = errors
        }
        defer { if rings.isRunning { kill(rings.processIdentifier, SIGKILL) } }
        let log = OutputWatch(errors)
        // The kiosk is up once its window shows: an X window, or a native surface's first commit.
        if !native { _ = try xWindow(cage) } else {
            #expect(log.waitFor(".commit()", within: 60), "no surface committed")
        }
        #expect(rings.isRunning)
        cage.stop(waiting: false)
        guard ends(rings, "rings ends with its compositor") else { return }
        #expect(rings.terminationStatus == 1)
        let said = log.text.split(separator: "\n").filter { $0.hasPrefix("rings") }
        #expect(said.count == 1 && said.last?.contains("lost the display") == true, "\(said)")
    }

    /// The compositor gone while a kiosk's window starts: as its EGL starts (SDL then says "Could
    /// not initialize EGL"), and after it asked for its window and before the answer (SDL waits in a
    /// loop for that answer, which it never leaves by itself). rings still ends with the one line.
    @Test(.needs(ready && WaylandCut.ready, "needs cage, grim, wtype, Xwayland, python3 (make test installs them)"),
          arguments: WaylandCut.Moment.allCases)
    func aKioskWhoseCompositorDiesAsItsWindowStartsEndsWithOneLine(moment: WaylandCut.Moment) throws {
        let cage = try Compositor()
        let cut = try WaylandCut(cage, at: moment)
        let errors = Pipe()
        let rings = try cage.launchRings(["--kiosk"] + Self.flat, native: true) { process in
            process.environment?["WAYLAND_DISPLAY"] = cut.socketName
            process.standardError = errors
        }
        defer { if rings.isRunning { kill(rings.processIdentifier, SIGKILL) } }
        let log = OutputWatch(errors)
        #expect(cut.cut(), "rings reached the moment")
        guard ends(rings, "rings ends when its compositor dies") else { return }
        #expect(rings.terminationStatus == 1)
        let said = log.text.split(separator: "\n").filter { $0.hasPrefix("rings") }
        #expect(said.count == 1 && said.last?.contains("lost the display") == true, "\(said)")
    }
}

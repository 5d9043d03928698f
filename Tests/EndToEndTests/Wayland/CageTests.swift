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

    /// The X window rings opened on Xwayland.
    func xWindow(_ cage: Compositor) throws -> String {
        let found = try cage.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^rings"], native: false)
        return found.stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    func fifo(_ cage: Compositor) throws -> String {
        let path = NSTemporaryDirectory() + "rings-cage-feed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkfifo(path, 0o666) == 0, chmod(path, 0o666) == 0 else { throw TestFailure("mkfifo \(path)") }
        return path
    }

    func write(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// cage sizes the output 1280x720: an X kiosk fills it, laid out for that size (the
    /// regression: it showed the rings laid out for 800x800, off centre, the bottom cut off), and
    /// shows the values fed to it through a FIFO.
    @Test(.enabled(if: ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
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
        try write("1=0.3 2=90% 3=1.2\n", to: feed)
        let fed = try ringsRender("1280x720", "0.3,0.9,1.2")
        #expect(try settled { differingPixels(try cage.capture(window: window), fed) } == 0)
    }

    /// A kiosk on native Wayland, fed through a FIFO: the vsync presenter, paced by the compositor
    /// while the rings move for 8 s, no CPU once they stop; SIGTERM prints the figures and ends it cleanly.
    @Test(.enabled(if: ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
    func aNativeWaylandKioskIsPacedByTheCompositorAndIdlesAtNoCost() throws {
        let cage = try Compositor()
        let feed = try fifo(cage)
        defer { unlink(feed) }
        let output = Pipe(), errors = Pipe()
        let rings = try cage.launchRings(["--kiosk", "--chrome", "none", "--present", "vsync", "--stats", "--feed", feed, "--duration", "8",
                                          "--curve", "linear", "--progress", "0,0,0"] + Self.flat, native: true) { process in
            process.standardOutput = output
            process.standardError = errors
        }
        defer { if rings.isRunning { rings.terminate() } }
        usleep(800_000)
        try write("1=1 2=1.5 3=0.8\n", to: feed)
        // Mid-animation the output shows rings (a still native client reads back black from this
        // headless compositor, so the pixel-exact checks are the Xwayland ones).
        usleep(1_500_000)
        let shot = try cage.screenshot()
        #expect(shot.width == 1280 && shot.height == 720)
        var lit = 0
        for y in Swift.stride(from: 0, to: shot.height, by: 4) { for x in Swift.stride(from: 0, to: shot.width, by: 4) where shot[x, y].bits & 0xFFFFFF != 0 { lit += 1 } }
        #expect(lit > 2_000, "\(lit) of 57,600 sampled pixels lit mid-animation")
        usleep(7_000_000)
        let before = cpuSeconds(of: rings.processIdentifier)
        sleep(3)
        let idle = cpuSeconds(of: rings.processIdentifier) - before
        #expect(idle <= 0.03, "\(idle) s of CPU in 3 s idle (1 % is 0.03 s)")
        rings.terminate()
        rings.waitUntilExit()
        #expect(rings.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let stats = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stats.contains("presenter vsync"), "\(stats)")
        let median = try #require(number(after: "frame interval median ", in: stats))
        let presented = try #require(number(after: "frames presented ", in: stats))
        let dropped = try #require(number(after: "dropped ", in: stats))
        // cage's headless output paces presents at about 16 ms (60 Hz).
        #expect(abs(median - 16.4) <= 1.64, "median interval \(median) ms: \(stats)")
        // Over 8 s (about 490 frames) a burst of noise on this 2-core machine weighs less than over 4 s.
        #expect(presented >= 400 && dropped <= presented * 0.02, "\(stats)")
    }

    /// Keys reach the window under the kiosk compositor: Tab selects the outer ring and 5 sets it to
    /// 50 %. From wtype where the compositor takes a virtual keyboard; cage 0.1.4 does not, and then
    /// from xdotool through Xwayland's XTEST.
    @Test(.enabled(if: ready, "needs cage, grim, wtype, Xwayland (make test installs them)"))
    func keysFromWtypeSelectAndSetARing() throws {
        let cage = try Compositor()
        let rings = try cage.launchRings(Self.flat + ["--size", "600x600", "--progress", "0.72,1.35,0.48", "--duration", "0.2"], native: false)
        defer { if rings.isRunning { rings.terminate() } }
        let window = try xWindow(cage)
        usleep(500_000)
        var typed = try cage.run("wtype", ["-k", "Tab", "5"], native: true)
        if typed.stderr.contains("does not support the virtual keyboard") {
            typed = try cage.run("xdotool", ["key", "--window", window, "Tab", "5"], native: false)
        }
        #expect(typed.status == 0, "\(typed.stderr)")
        let shot = try cage.capture(window: window)
        let expected = try ringsRender("\(shot.width)x\(shot.height)", "0.5,1.35,0.48")
        #expect(try settled { differingPixels(try cage.capture(window: window), expected) } == 0)
    }

    /// The compositor killed under a kiosk, native and through Xwayland: rings exits within a
    /// second with status 1 and one line, and does not spin meanwhile.
    @Test(.enabled(if: ready, "needs cage, grim, wtype, Xwayland (make test installs them)"), arguments: [true, false])
    func aKioskWhoseCompositorDiesExitsAtOnce(native: Bool) throws {
        let cage = try Compositor()
        let errors = Pipe()
        let rings = try cage.launchRings(["--kiosk"] + Self.flat, native: native) { $0.standardError = errors }
        defer { if rings.isRunning { kill(rings.processIdentifier, SIGKILL) } }
        if !native { _ = try xWindow(cage) } else { usleep(1_500_000) }
        #expect(rings.isRunning)
        let killed = Date()
        cage.stop(waiting: false)
        let ended = eventually(within: 5) { !rings.isRunning }
        let took = Date().timeIntervalSince(killed)
        #expect(ended && took <= 1, "rings ended: \(ended), after \(took) s")
        rings.waitUntilExit()
        #expect(rings.terminationStatus == 1)
        let lines = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("rings") }.count == 1 && lines.last?.contains("lost the display") == true, "\(lines)")
    }
}

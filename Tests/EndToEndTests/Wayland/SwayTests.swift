import Foundation
import RingsRaster
import TestSupport
import Testing

/// Wayland first, on a Wayland desktop: sway headless (1920x1080 physical pixels at an output scale),
/// `rings` started as a desktop session starts it, with both WAYLAND_DISPLAY and DISPLAY set.
/// Natively the window is drawn at the output's physical pixels, so a screenshot of it equals
/// `rings render` at that size to the pixel; through Xwayland it would be upscaled.
@Suite(.serialized) struct SwayTests {
    static let ready = Compositor.missingSwayTools.isEmpty
    static let flat = ["--theme", "flat", "--chrome", "none", "--no-intro"]

    /// Waits until sway shows a window of each process; returns their rectangles (logical pixels).
    func windows(of processes: [Process], in sway: Compositor) throws -> [IntRect] {
        var found: [pid_t: IntRect] = [:]
        _ = eventually(within: 15) {
            found = (try? sway.swayWindows()) ?? [:]
            return processes.allSatisfy { found[$0.processIdentifier] != nil }
        }
        return try processes.map { process in
            guard let rect = found[process.processIdentifier] else { throw TestFailure("sway shows no window of rings") }
            return rect
        }
    }

    /// At scale 2 the window fills the output; `--stats` names the Wayland driver; the screenshot is
    /// `rings render` at 1920x1080.
    @Test(.needs(ready, tools: Compositor.swayTools))
    func inAWaylandSessionTheWindowIsNativeAndSharpAtScale2() throws {
        let sway = try Compositor(.sway(scale: "2"))
        let output = Pipe(), errors = Pipe()
        let rings = try sway.launchRingsInSession(["--stats", "--progress", "0.72,1.35,0.48"] + Self.flat) { process in
            process.standardOutput = output
            process.standardError = errors
        }
        defer { if rings.isRunning { rings.terminate() } }
        let rect = try windows(of: [rings], in: sway)[0]
        #expect(rect == IntRect(x: 0, y: 0, width: 960, height: 540), "a tiled window fills its tile: \(rect)")
        let expected = try ringsRender("1920x1080", "0.72,1.35,0.48")
        #expect(try settled { differingPixels(try sway.screenshot(), expected) } == 0, "the window equals rings render at the physical size")
        let ended = terminate(rings, reading: output, errors)
        let (stats, said) = (ended[0], ended[1])
        #expect(rings.terminationStatus == 0)
        #expect(stats.contains(" on wayland, "), "\(stats)")
        #expect(said.isEmpty, "nothing on stderr: \(said)")
    }

    /// At scale 1.5, two windows tiled side by side each fill their tile (640x720 logical, 960x1080
    /// physical) and each equals `rings render` at 960x1080.
    @Test(.needs(ready, tools: Compositor.swayTools))
    func atScaleOneAndAHalfTwoTiledWindowsEachFillTheirTileSharply() throws {
        let sway = try Compositor(.sway(scale: "1.5"))
        let left = try sway.launchRingsInSession(["--progress", "0.3,0.6,0.9"] + Self.flat)
        defer { if left.isRunning { left.terminate() } }
        _ = try windows(of: [left], in: sway)
        let right = try sway.launchRingsInSession(["--progress", "0.5,0.2,1.4"] + Self.flat)
        defer { if right.isRunning { right.terminate() } }
        let rects = try windows(of: [left, right], in: sway)
        #expect(rects == [IntRect(x: 0, y: 0, width: 640, height: 720), IntRect(x: 640, y: 0, width: 640, height: 720)], "\(rects)")
        let expectedLeft = try ringsRender("960x1080", "0.3,0.6,0.9"), expectedRight = try ringsRender("960x1080", "0.5,0.2,1.4")
        #expect(try settled {
            let screen = try sway.screenshot()
            return differingPixels(screen.subview(IntRect(x: 0, y: 0, width: 960, height: 1080)), expectedLeft)
                + differingPixels(screen.subview(IntRect(x: 960, y: 0, width: 960, height: 1080)), expectedRight)
        } == 0, "each window equals rings render at its tile's physical size")
    }

    /// When native Wayland cannot start (here: WAYLAND_DISPLAY names no compositor), the window opens
    /// on X11 and says so in one line.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, tools: VirtualDisplay.tools))
    func withoutAWorkingWaylandItFallsBackToX11AndSaysSo() throws {
        let display = try VirtualDisplay()
        let output = Pipe(), errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = ["--stats", "--size", "200x200"] + Self.flat
        var env = display.environment
        env["WAYLAND_DISPLAY"] = "rings-no-such-compositor"
        let runtime = ScratchDirectory("sway-fallback")
        chmod(runtime.path, 0o700)
        env["XDG_RUNTIME_DIR"] = runtime.path
        process.environment = env
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(!display.window().isEmpty, "rings' window shows")
        let ended = terminate(process, reading: output, errors)
        let (stats, said) = (ended[0], ended[1])
        #expect(process.terminationStatus == 0)
        #expect(stats.contains(" on x11, "), "\(stats)")
        let lines = said.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("rings: native Wayland could not start (") && lines[0].hasSuffix("); using X11 (\(display.name))"), "\(said)")
    }

    /// A compositor that is there but cannot give SDL an EGL window (here: SDL told to load an EGL
    /// library that does not exist, as on a system without Mesa's EGL) is not the end: the window
    /// opens on X11 through Xwayland, the one line says why, and the picture is right.
    @Test(.needs(ready, tools: Compositor.swayTools))
    func aWaylandWindowThatCannotBeMadeFallsBackToX11AndSaysSo() throws {
        let sway = try Compositor(.sway(scale: "1"))
        let output = Pipe(), errors = Pipe()
        let rings = try sway.launchRingsInSession(["--stats", "--progress", "0.72,1.35,0.48"] + Self.flat) { process in
            process.environment?["SDL_VIDEO_EGL_DRIVER"] = "/nonexistent/libEGL.so.1"
            process.standardOutput = output
            process.standardError = errors
        }
        defer { if rings.isRunning { rings.terminate() } }
        _ = try windows(of: [rings], in: sway)
        let ended = terminate(rings, reading: output, errors)
        let (stats, said) = (ended[0], ended[1])
        #expect(rings.terminationStatus == 0)
        #expect(stats.contains(" on x11, "), "\(stats)")
        let lines = said.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("rings: native Wayland could not start (cannot open a window: ")
                && lines[0].contains("Mesa's EGL or GL is missing (apt install libegl1 libegl-mesa0 libgl1 libgles2 libgl1-mesa-dri)); using X11 (:"), "\(said)")
    }
}

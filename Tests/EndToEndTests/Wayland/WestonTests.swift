import Foundation
import RingsRaster
import TestSupport
import Testing

/// On a compositor that leaves decorations to the client (weston here, GNOME's mutter alike) the
/// window has libdecor's title bar, and a window with nothing to animate shows its picture and its
/// title bar at once (the regression: a black, undecorated rectangle until something redrew).
@Suite(.serialized) struct WestonTests {
    /// Where `picture` stands in `screen` to the pixel, if it does.
    func find(_ picture: Pixmap, in screen: Pixmap) -> (x: Int, y: Int)? {
        let probes = [(picture.width / 2, 0), (picture.width - 1, picture.height / 2), (picture.width / 3, picture.height / 4),
                      (picture.width / 2, picture.height / 2 - picture.height / 5)]
        for y in 0...(screen.height - picture.height) {
            for x in 0...(screen.width - picture.width) where probes.allSatisfy({ screen[x + $0.0, y + $0.1] == picture[$0.0, $0.1] }) {
                if differingPixels(screen.subview(IntRect(x: x, y: y, width: picture.width, height: picture.height)), picture) == 0 {
                    return (x, y)
                }
            }
        }
        return nil
    }

    @Test(.needs(Compositor.missingWestonTools.isEmpty, tools: Compositor.westonTools))
    func aStillWindowShowsItsPictureAndTitleBarAtOnce() throws {
        let display = try VirtualDisplay()
        let weston = try Compositor(.weston(x: display.name))
        let errors = Pipe()
        let rings = try weston.launchRings(["--theme", "flat", "--size", "400x300", "--progress", "0.3,0.6,0.9", "--chrome", "none",
                                            "--no-intro"], native: true) { $0.standardError = errors }
        defer { if rings.isRunning { rings.terminate() } }
        let expected = try ringsRender("400x300", "0.3,0.6,0.9")
        var found: (x: Int, y: Int)?
        var screen = Pixmap(width: 1, height: 1)
        _ = try eventually(within: 10) {
            screen = try display.screenshot()
            found = find(expected, in: screen)
            return found != nil
        }
        guard let found else { Issue.record("the window's picture is nowhere on the screen"); return }
        // libdecor's title bar above it: the title "rings" in light letters on a dark bar.
        let bar = screen.subview(IntRect(x: found.x, y: max(0, found.y - 30), width: 400, height: min(30, found.y)))
        var light = 0, dark = 0
        for y in 0..<bar.height {
            for x in 0..<bar.width {
                let p = bar[x, y]
                if p.r > 200 && p.g > 200 && p.b > 200 { light += 1 } else if p.r < 60 && p.g < 60 && p.b < 60 { dark += 1 }
            }
        }
        #expect(light > 30 && dark > bar.width * bar.height / 2, "a title bar above the window: \(light) light, \(dark) dark pixels")
        let said = terminate(rings, reading: errors)[0]
        #expect(rings.terminationStatus == 0 && said.isEmpty, "nothing on stderr (libdecor's plugin is there): \(said)")
    }

    /// A compositor without a seat (headless weston): SDL 2.26's Wayland driver would crash in
    /// SDL_Init; `rings` asks first and says so in one line, status 1, or opens on X11 when it can.
    @Test(.needs(Compositor.missingWestonTools.isEmpty, tools: Compositor.westonTools))
    func aCompositorWithoutASeatIsSaidInOneLineOrLeftForX11() throws {
        let weston = try Compositor(.weston(x: nil))
        let prepared = try weston.process(weston.binary, ["--no-intro", "--size", "200x200"], native: true)
        let alone = try runProgram(prepared.executableURL!.path, prepared.arguments ?? [], environment: prepared.environment, timeout: 20)
        #expect(alone.status == 1, "status \(alone.status): \(alone.stderr)")
        #expect(alone.stderr == "rings: error: the Wayland compositor offers no seat (wl_seat), which SDL's Wayland driver needs\n", "\(alone.stderr)")

        let display = try VirtualDisplay()
        let errors = Pipe()
        let process = try weston.process(weston.binary, ["--no-intro", "--size", "200x200"], native: true)
        process.environment?["DISPLAY"] = display.name
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(!display.window().isEmpty, "rings' window shows")
        let said = terminate(process, reading: errors)[0]
        #expect(process.terminationStatus == 0)
        #expect(said == "rings: native Wayland could not start (the Wayland compositor offers no seat (wl_seat), which SDL's Wayland driver needs); using X11 (\(display.name))\n", "\(said)")
    }
}

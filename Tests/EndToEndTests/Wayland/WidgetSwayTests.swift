import Foundation
import RingsPNG
import RingsRaster
import Testing
import TestSupport

/// The widget on Wayland: sway (headless, scale 1, a solid blue background drawn by swaybg) shows
/// it as an undecorated window whose clear pixels show the background.
@Suite(.serialized) struct WidgetSwayTests {
    static let ready = Compositor.missingSwayTools.isEmpty && which("swaybg") != nil
    static let blue = (r: 0x30, g: 0x60, b: 0xC0), values = "0.35,0.62,0.9"

    @Test(.needs(ready, tools: Compositor.swayTools + ["swaybg"]))
    func theWidgetIsTransparentOverSwaysBackground() throws {
        let sway = try Compositor(.sway(scale: "1", resolution: "1280x720", background: "#3060C0"))
        func isBlue(_ p: PackedPixel) -> Bool { Int(p.r) == Self.blue.r && Int(p.g) == Self.blue.g && Int(p.b) == Self.blue.b }
        #expect(eventually { ((try? sway.screenshot()).map { isBlue($0[640, 360]) }) ?? false }, "swaybg draws the background")
        let errors = Pipe()
        let rings = try sway.launchRingsInSession(["--widget", "--progress", Self.values, "--state-file", "off"]) { $0.standardError = errors }
        defer { if rings.isRunning { rings.terminate() } }
        var found: [pid_t: IntRect] = [:]
        #expect(eventually { found = (try? sway.swayWindows()) ?? [:]; return found[rings.processIdentifier] != nil }, "sway shows the widget")
        let rect = try #require(found[rings.processIdentifier])
        // Tiled, it fills the output; its frame is drawn at that size over the background.
        let out = NSTemporaryDirectory() + "rings-sway-widget-\(getpid()).png"
        defer { unlink(out) }
        let render = try runProgram(ringsBinary, ["render", "--theme", "desktop", "--size", "\(rect.width)x\(rect.height)", "--progress", Self.values,
                                                  "--chrome", "full", "--widget", "--transparent", "--out", out])
        #expect(render.status == 0, "\(render.stderr)")
        let clear = try PNGFile.read(out)
        #expect(clear[0, rect.height - 1].a == 0, "the frame's corner is clear")
        func far(_ shot: Pixmap) -> Int {
            var far = 0
            for y in 0..<clear.height { for x in 0..<clear.width {
                let p = clear[x, y], s = shot[rect.x + x, rect.y + y], keep = 255 - Int(p.a)
                func over(_ top: UInt8, _ under: Int) -> Int { Int(top) + (under * keep + 127) / 255 }
                if abs(Int(s.r) - over(p.r, Self.blue.r)) > 1 || abs(Int(s.g) - over(p.g, Self.blue.g)) > 1
                    || abs(Int(s.b) - over(p.b, Self.blue.b)) > 1 { far += 1 }
            } }
            return far
        }
        let remaining = settled { (try? sway.screenshot()).map(far) ?? -1 }
        let kept = NSTemporaryDirectory() + "rings-sway-widget-shot.png"
        if remaining != 0, let shot = try? sway.screenshot() { try? PNGFile.write(shot, to: kept) }
        #expect(remaining == 0, "\(remaining) pixels more than a level from rings render --widget --transparent over the background (the screen: \(kept))")
        end(rings)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.isEmpty, "\(said)")
    }
}

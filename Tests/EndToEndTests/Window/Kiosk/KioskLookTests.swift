import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// What a kiosk shows by default: each ring named beside rings that stay centred on the screen.
@Suite(.serialized) struct KioskLookTests {
    static let ready = VirtualDisplay.missingTools.isEmpty

    /// Within 2 levels in every channel: drawn at another offset, the gradient's spans fall on other
    /// vector lanes and can round a level apart.
    func close(_ a: PackedPixel, _ b: PackedPixel) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2
    }

    /// A kiosk fed through a FIFO on a landscape and a portrait screen: the rings are what
    /// `rings render` draws for their values (to within 2 levels), centred on the screen (found from where the outer
    /// ring's edge is at 6 o'clock), and outside them the legend's text is drawn (the regression:
    /// three unlabelled rings).
    @Test(.needs(ready, "needs the display tools (make test installs them)"), arguments: [(1920, 1080), (1080, 1920)])
    func aKioskNamesItsRingsBesideRingsCenteredOnTheScreen(width: Int, height: Int) throws {
        let display = try VirtualDisplay(width: width, height: height)
        let fifo = NSTemporaryDirectory() + "rings-kiosk-look-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let (process, window) = try display.launchRings(["--kiosk", "--theme", "flat", "--duration", "0.1", "--feed", fifo])
        defer { if process.isRunning { process.terminate() } }
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        defer { try? writer.close() }
        writer.write(Data("1=0.25 2=0.5 3=0.75\n".utf8))
        #expect(try eventually { let area = try display.clientArea(of: window); return area.width == width && area.height == height }, "fullscreen")
        let area = try display.clientArea(of: window)
        #expect(area.width == width && area.height == height, "fullscreen: \(area)")
        var renders: [Int: Pixmap] = [:]
        /// How `shot` differs from `rings render` of the values in its rings' circle, at the inset (rings a side smaller by
        /// twice it) that fits best of those near where the outer ring's edge is found; nil when no edge is found yet.
        func fit(_ shot: Pixmap) throws -> (differing: Int, inset: Int)? {
            // The outer ring's bottom edge under the centre: the first lit pixel up from the bottom.
            let cx = width / 2, shorter = min(width, height)
            guard shot.width == width, shot.height == height,
                  let bottom = (0..<height).reversed().first(where: { shot[cx, $0] != shot[0, height - 1] }), bottom > height / 2 else { return nil }
            let around = (shorter - Int(Double(bottom + 1 - height / 2) / 0.42)) / 2
            guard around + 3 >= 0, around - 3 <= shorter / 4 else { return nil }   // rings of a sensible size, or not yet
            var best = (differing: Int.max, inset: 0)
            for inset in max(0, around - 3)...(around + 3) {
                if renders[inset] == nil { renders[inset] = try ringsRender("\(width - 2 * inset)x\(height - 2 * inset)", "0.25,0.5,0.75") }
                let rings = renders[inset]!
                let reach = 0.42 * Double(shorter - 2 * inset) + 2
                var differing = 0
                rows: for y in 0..<rings.height {
                    for x in 0..<rings.width {
                        let dx = Double(x) + 0.5 - Double(rings.width) / 2, dy = Double(y) + 0.5 - Double(rings.height) / 2
                        if dx * dx + dy * dy < reach * reach && !close(rings[x, y], shot[x + inset, y + inset]) { differing += 1 }
                    }
                    if differing >= best.differing { break rows }   // no better than one already found
                }
                if differing < best.differing { best = (differing, inset) }
            }
            return best
        }
        // Looked at until the line has been taken and drawn (an empty kiosk's rings fit no inset).
        var shot = try display.screenshot().subview(area), found: (differing: Int, inset: Int)? = nil
        _ = try eventually(within: 60) {
            shot = try display.screenshot().subview(area)
            found = try fit(shot)
            return found?.differing == 0
        }
        let best = try #require(found, "no ring's edge found on the screen")
        let shorter = min(width, height)
        #expect(best.differing == 0, "the rings as rings render draws them, centred: \(best)")
        #expect(Double(shorter - 2 * best.inset) >= 0.55 * Double(shorter), "the rings keep most of the screen: inset \(best.inset)")
        // The legend: lit pixels outside the rings' circle.
        let reach = 0.5 * Double(shorter - 2 * best.inset)
        var text = 0
        for y in 0..<height {
            for x in 0..<width where shot[x, y] != shot[0, height - 1] {
                let dx = Double(x) + 0.5 - Double(width) / 2, dy = Double(y) + 0.5 - Double(height) / 2
                if dx * dx + dy * dy > reach * reach { text += 1 }
            }
        }
        #expect(text > 2000, "the legend names the rings: \(text) lit pixels beside them")
        try? PNGFile.write(shot, to: NSTemporaryDirectory() + "rings-kiosk-look-\(width)x\(height).png")
    }
}

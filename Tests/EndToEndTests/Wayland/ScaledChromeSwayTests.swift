import Foundation
import RingsRaster
import TestSupport
import Testing

/// The chrome at the output's scale, for real: one window of 400x240 logical pixels under headless
/// sway at scale 1, 1.5 and 2 (outputs of 400x240, 600x360 and 800x480 physical pixels). Small enough
/// that the chrome's floors hold (buttons 18 logical pixels tall), so that text and boxes the size of
/// the canvas would not show the difference: each is the scale times its size at scale 1, within 10 %.
@Suite(.serialized) struct ScaledChromeSwayTests {
    static let ready = Compositor.missingSwayTools.isEmpty

    struct Measured {
        /// The legend's lines from the top of the first to the bottom of the last, in rows.
        var legend: Int
        /// The rows of the buttons' band (a row where buttons cover a fifth of the width).
        var buttons: Int
    }

    func lit(_ p: PackedPixel) -> Bool { max(p.r, p.g, p.b) > 24 }

    func measure(_ screen: Pixmap) -> Measured {
        // The legend is at the left middle, the buttons along the bottom, below the rings (which end above 0.85 of the height).
        let legendRows = (0..<screen.height * 4 / 5).filter { y in (0..<screen.width / 5).contains { lit(screen[$0, y]) } }
        let buttonRows = (screen.height * 86 / 100..<screen.height).filter { y in
            (0..<screen.width).filter { lit(screen[$0, y]) }.count * 5 >= screen.width
        }
        return Measured(legend: (legendRows.last ?? 0) - (legendRows.first ?? 0) + 1, buttons: buttonRows.count)
    }

    /// The chrome as the window shows it at `scale`, once two screenshots in a row agree.
    func shown(scale: Double) throws -> Measured {
        let resolution = "\(Int(400 * scale))x\(Int(240 * scale))"
        let sway = try Compositor(.sway(scale: "\(scale)", resolution: resolution))
        let errors = Pipe()
        let rings = try sway.launchRingsInSession(["--theme", "activity", "--no-intro", "--progress", "0.72,1.35,0.48"]) { $0.standardError = errors }
        defer { if rings.isRunning { rings.terminate() } }
        // Until sway shows the window (its frame black where the desktop is grey) and two screenshots agree.
        var last: Pixmap?, now: Pixmap?
        let settled = try eventually(within: 20) {
            last = now
            now = try sway.screenshot()
            guard let last, let now, now.width == Int(400 * scale), now[2, 2] == .opaqueBlack else { return false }
            return differingPixels(last, now) == 0
        }
        if !settled { rings.terminate() }
        #expect(settled, "the window settled at \(resolution): \(settled ? "" : String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let shot = try #require(now)
        return measure(shot)
    }

    @Test(.needs(ready, tools: Compositor.swayTools))
    func theChromeIsTheScaleTimesItsSizeAtScaleOne() throws {
        let one = try shown(scale: 1)
        #expect(one.buttons >= 15 && one.legend >= 20, "at scale 1: \(one)")
        for scale in [1.5, 2.0] {
            let scaled = try shown(scale: scale)
            for (name, at1, atScale) in [("legend", one.legend, scaled.legend), ("buttons", one.buttons, scaled.buttons)] {
                let expected = Double(at1) * scale
                #expect(abs(Double(atScale) - expected) <= 0.1 * expected, "at \(scale): \(name) \(atScale) px, not \(at1) x \(scale)")
            }
        }
    }
}

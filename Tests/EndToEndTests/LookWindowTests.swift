import Foundation
import Rings
import RingsRaster
import RingsSDL
import Testing
import TestSupport

/// The tutorials' looks and demos in the live window under Xvfb, driven by xdotool.
@Suite(.serialized) struct LookWindowTests {
    typealias Running = LiveWindowTests.Running
    static let ready = LiveWindowTests.ready
    static let why = LiveWindowTests.why

    /// Seed 000's app: one ring and three buttons under it; the 50 % button moves the ring there.
    @Test(.enabled(if: ready, why))
    func tutorialButtonsSetTheRing() throws {
        let app = try Running(["--theme", "tutorial", "--size", "400x400", "--progress", "0", "--duration", "0.3"])
        #expect(try app.settles(to: ringsRender("400x400", "0", chrome: "full", theme: "tutorial")) == 0)
        let buttons = Chrome.buttons(width: 400, height: 400, titles: try ThemeLoader.load("tutorial").buttons)
        #expect(buttons.map(\.title) == ["0%", "50%", "100%"])
        let area = try app.display.clientArea(of: app.window)
        for (index, value) in [(1, "0.5"), (2, "1"), (0, "0")] {
            let button = buttons[index].frame
            try app.display.xdotool(["mousemove", String(area.x + button.x + button.width / 2), String(area.y + button.y + button.height / 2)])
            try app.display.xdotool(["click", "1"])
            #expect(try app.settles(to: ringsRender("400x400", value, chrome: "full", theme: "tutorial")) == 0, "after \(buttons[index].title)")
        }
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }

    /// Seed 002's simulated download: "Waiting..." at first, "Done" with a full band about 5 s later.
    @Test(.enabled(if: ready, why))
    func downloadDemoRunsFromWaitingToDone() throws {
        let waiting = try ringsRender("320x320", "0", chrome: "full", theme: "soft")
        let done = try ringsRender("320x320", "1", chrome: "full", theme: "soft")
        let start = Date()
        let app = try Running(["demo", "download"])
        #expect(try settled(within: 1.4) { differingPixels(try app.capture(), waiting) } == 0, "Waiting... for the first 1.5 s")
        #expect(try settled(within: 15) { differingPixels(try app.capture(), done) } == 0, "Done at the end")
        #expect(Date().timeIntervalSince(start) > 4.5, "the download takes about 5 s")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }
}

import Foundation
import RingsRaster
import Rings
import RingsPNG
import RingsSDL
import Testing
import TestSupport

/// The tutorials' looks and demos, and the theme's font standing in for a missing one, in the live
/// window under Xvfb, driven by xdotool.
@Suite(.serialized) struct LookWindowTests {
    static let ready = LiveWindowTests.ready
    static let why = LiveWindowTests.why

    /// The Shape and Animatable tutorial's app: one ring and three buttons under it; the 50 % button moves the ring there.
    @Test(.needs(ready, why))
    func tutorialButtonsSetTheRing() throws {
        let app = try RunningWindow(["--theme", "tutorial", "--size", "400x400", "--progress", "0", "--duration", "0.3"])
        #expect(try app.settles(to: ringsRender("400x400", "0", chrome: "full", theme: "tutorial")) == 0)
        let tutorial = try ThemeLoader.load("tutorial")
        let buttons = Chrome.buttons(width: 400, height: 400, titles: tutorial.buttons, glyphs: try FontGlyphs(name: nil, for: tutorial))
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

    /// A font family that is not installed is one warning line and the theme's font, never an exit
    /// (the regression: status 1, so a config carried to another machine stopped its kiosk).
    @Test(.needs(ready, why))
    func aMissingFontIsAWarningAndTheDefaultFont() throws {
        let out = NSTemporaryDirectory() + "rings-no-font-\(getpid()).png"
        defer { unlink(out) }
        let rendered = try runProgram(ringsBinary, ["render", "--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--chrome", "full",
                                                    "--font", "No Such Family", "--out", out])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.split(separator: "\n").count == 1 && rendered.stderr.contains("warning: font 'No Such Family' is not installed"),
                "\(rendered.stderr)")
        let expected = try ringsRender("300x300", "0.2,0.3,0.4", chrome: "full")
        #expect(differingPixels(try PNGFile.read(out), expected) == 0, "drawn in the theme's font")
        let app = try RunningWindow(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--no-intro", "--font", "No Such Family"])
        #expect(try app.settles(to: expected) == 0, "the window opens, in the theme's font")
        _ = try app.quit()
    }

    /// The skeuomorphic-control tutorial's simulated download: "Waiting..." at first, "Done" with a full band at the end,
    /// no sooner than the script's 5 s after it started.
    @Test(.needs(ready, why))
    func downloadDemoRunsFromWaitingToDone() throws {
        let waiting = try ringsRender("320x320", "0", chrome: "full", theme: "soft")
        let done = try ringsRender("320x320", "1", chrome: "full", theme: "soft")
        var start = Date()
        let app = try RunningWindow(["demo", "download"])
        // "Waiting..." lasts the script's first 1.5 s: a machine too busy to look within them plays it again with
        // Space (the demo starts over from "Waiting...") until a look catches it.
        var caught = try eventually(within: 2) { differingPixels(try app.capture(), waiting) == 0 }
        for _ in 0..<10 where !caught {
            start = Date()
            try app.keys("space")
            caught = try eventually(within: 2) { differingPixels(try app.capture(), waiting) == 0 }
        }
        #expect(caught, "Waiting... at first")
        #expect(try settled { differingPixels(try app.capture(), done) } == 0, "Done at the end")
        #expect(Date().timeIntervalSince(start) > 4.5, "no sooner than the script's 5 s")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }

    /// What `rings demo NAME --out` draws for these arguments (the settled first frame).
    func demoRender(_ arguments: [String]) throws -> Pixmap {
        let out = NSTemporaryDirectory() + "rings-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(out) }
        let result = try runProgram(ringsBinary, ["demo"] + arguments + ["--out", out])
        guard result.status == 0 else { throw TestFailure("rings demo \(arguments): \(result.stderr)") }
        return try PNGFile.read(out)
    }

    /// Presses at `from` (client pixels), moves to `to` in steps, and lets go.
    func drag(_ app: RunningWindow, from: (Int, Int), to: (Int, Int)) throws {
        let area = try app.display.clientArea(of: app.window)
        try app.display.xdotool(["mousemove", String(area.x + from.0), String(area.y + from.1)])
        try app.display.xdotool(["mousedown", "1"])
        for step in 1...5 {
            let x = from.0 + (to.0 - from.0) * step / 5, y = from.1 + (to.1 - from.1) * step / 5
            try app.display.xdotool(["mousemove", String(area.x + x), String(area.y + y)])
            usleep(30_000)
        }
        try app.display.xdotool(["mouseup", "1"])
    }

    /// The AnimatablePair tutorial's arc: a click on the arc's frame draws the whole circle in a linear second (not
    /// sooner); the slider dragged to a point sets the arc there.
    @Test(.needs(ready, why))
    func arcDemoClickAndSlider() throws {
        let app = try RunningWindow(["demo", "arc"])
        #expect(try app.settles(to: demoRender(["arc", "--progress", "0"])) == 0, "an empty frame and the slider at 0")
        let full = try demoRender(["arc", "--progress", "1"])
        let area = try app.display.clientArea(of: app.window)
        try app.display.xdotool(["mousemove", String(area.x + 180), String(area.y + 145)])
        let clicked = Date()
        try app.display.xdotool(["click", "1"])
        #expect(try eventually { differingPixels(try app.capture(), full) == 0 }, "the full circle")
        let took = Date().timeIntervalSince(clicked)
        #expect(took > 0.85, "a one-second animation took \(took) s")
        // Drag the thumb from 100 % (x = 330) to x = 120: (120.5 - 30) / 300 of the way.
        try drag(app, from: (330, 283), to: (120, 290))
        try app.keys("Tab")   // the slider lets go of the keyboard: no focus ring
        let value = (120.5 - 30) / 300
        #expect(try app.settles(to: demoRender(["arc", "--progress", String(value)])) == 0, "the arc at \(value)")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }

    /// The AnimatableModifier tutorial's exercise: dragging a task's slider and moving another with Tab and the arrows
    /// set their rings, labels and the overall ring's average, as the still render of those values.
    @Test(.needs(ready, why))
    func tasksDemoSlidersByDragAndKeys() throws {
        let app = try RunningWindow(["demo", "tasks"])
        #expect(try app.settles(to: demoRender(["tasks"])) == 0, "the rings grow in to the default values")
        // Task 1's thumb is at x = 50 + 0.3 x 140 on the row y = 568; drag it to x = 162.
        try drag(app, from: (92, 568), to: (162, 575))
        let first = (162.5 - 50) / 140
        // Task 1 keeps the keyboard after the drag: Tab to task 2, 10 % and 1 % down, then Tab away.
        try app.keys("Tab", "shift+Left", "Left", "Tab", "Tab", "Tab")
        let second = 0.55 - 0.1 - 0.01
        let expected = try demoRender(["tasks", "--progress", "\(first),\(second),0.8,1"])
        #expect(try app.settles(to: expected) == 0, "tasks at \(first), \(second), 0.8, 1")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }
}

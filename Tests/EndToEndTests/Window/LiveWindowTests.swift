import Foundation
import RingsRaster
import Rings
import RingsPNG
import RingsSDL
import Testing
import TestSupport

/// The live window under Xvfb with openbox, driven by xdotool, its screenshots compared with what
/// `rings render` draws for the same values.
@Suite(.serialized) struct LiveWindowTests {
    static let ready = VirtualDisplay.missingTools.isEmpty
    static let why: Comment = "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"

    /// Looks until two looks in a row are the same picture and `done` takes it; returns the last
    /// look, or throws when 30 s pass first.
    func steady(_ app: RunningWindow, _ done: (Pixmap) -> Bool = { _ in true }) throws -> Pixmap {
        var last = try app.capture()
        let seen = try eventually { let now = try app.capture(); defer { last = now }; return differingPixels(now, last) == 0 && done(now) }
        guard seen else { throw TestFailure("the window never showed a steady picture of what was awaited") }
        return last
    }

    /// Whether `shot` shows the arcs of `render` (its strongly coloured pixels, not its words) as `render` has them.
    func hasRings(_ shot: Pixmap, of render: Pixmap) -> Bool {
        guard shot.width == render.width, shot.height == render.height else { return false }
        var arcs = 0, same = 0
        for y in 0..<render.height {
            for x in 0..<render.width where Int(max(render[x, y].r, render[x, y].g, render[x, y].b)) - Int(min(render[x, y].r, render[x, y].g, render[x, y].b)) > 60 {
                arcs += 1; same += shot[x, y].bits & 0xFFFFFF == render[x, y].bits & 0xFFFFFF ? 1 : 0
            }
        }
        return arcs > 1000 && same >= arcs * 98 / 100
    }

    /// A digit sets every ring, animated, and the window then equals `rings render` of the new values.
    @Test(.needs(ready, why))
    func aDigitAnimatesEveryRingAndTheWindowThenEqualsTheRender() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "360x300", "--progress", "0.2,0.3,0.4", "--duration", "0.4", "--chrome", "none"])
        #expect(try app.settles(to: ringsRender("360x300", "0.2,0.3,0.4")) == 0, "the first frame is the render")
        try app.keys("5")
        #expect(try app.settles(to: ringsRender("360x300", "0.5,0.5,0.5")) == 0, "every arc ends at 6 o'clock")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0, "\(app.said)")
    }

    /// f fills the screen and goes back to the window; ? shows the help over the rings.
    @Test(.needs(ready, why))
    func fKeyFillsTheScreenAndQuestionMarkShowsTheHelp() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4"])
        try app.keys("f")
        #expect(try eventually { try app.display.clientArea(of: app.window).width == 1280 }, "fullscreen")
        let full = try app.display.clientArea(of: app.window)
        #expect(full.width == 1280 && full.height == 1024, "fullscreen: \(full)")
        // The panel darkens the middle of the screen where the rings were (drawn there first).
        let big = try ringsRender("1280x1024", "0.2,0.3,0.4", chrome: "full")
        let center = (x: full.width / 2 + full.width / 4, y: full.height / 2)
        let drawn = try steady(app) { hasRings($0, of: big) }, before = drawn[center.x, center.y]
        try app.keys("question")
        #expect(try eventually { try app.capture()[center.x, center.y] != before }, "the help panel shows")
        try app.keys("f")
        #expect(try eventually { try app.display.clientArea(of: app.window).width == 300 }, "back to a window")
        let back = try app.display.clientArea(of: app.window)
        #expect(back.width == 300 && back.height == 300, "back to a window: \(back)")
        _ = try app.quit()
    }

    /// LC_MESSAGES=zh_CN.UTF-8 (a locale this machine has not generated) shows the help in Chinese:
    /// the panel is another picture than the English one, and a PNG of it is kept for a person to
    /// look at (docs/pictures/help-zh_CN.png was taken so).
    @Test(.needs(ready, why))
    func theHelpSpeaksTheUsersLanguage() throws {
        var panels: [Pixmap] = []
        let rings = try ringsRender("720x480", "0.2,0.3,0.4", chrome: "full")
        for language in ["C.UTF-8", "zh_CN.UTF-8"] {
            let app = try RunningWindow(["--theme", "flat", "--size", "720x480", "--progress", "0.2,0.3,0.4", "--duration", "0.1"],
                                        environment: ["LC_MESSAGES": language])
            let plain = try steady(app) { hasRings($0, of: rings) }   // its rings grown in, its words in its language
            try app.keys("question")
            let panel = try steady(app) { differingPixels($0, plain) > 1000 }
            #expect(differingPixels(panel, plain) > 1000, "\(language): the help shows")
            panels.append(panel)
            _ = try app.quit()
        }
        try? PNGFile.write(panels[1], to: NSTemporaryDirectory() + "rings-help-zh_CN.png")
        #expect(differingPixels(panels[0], panels[1]) > 2000, "the Chinese help is not the English one")
    }

    /// Esc steps back one thing at a time: the help, then fullscreen, then the window.
    @Test(.needs(ready, why))
    func escapeClosesTheHelpThenLeavesFullscreenThenQuits() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--duration", "0.1"])
        #expect(try app.settles(to: ringsRender("300x300", "0.2,0.3,0.4", chrome: "full")) == 0)
        try app.keys("f")
        #expect(try eventually { try app.display.clientArea(of: app.window).width == 1280 }, "fullscreen")
        let big = try ringsRender("1280x1024", "0.2,0.3,0.4", chrome: "full")
        let full = try steady(app) { hasRings($0, of: big) }
        try app.keys("question")
        let withHelp = try steady(app) { differingPixels($0, full) > 1000 }
        #expect(differingPixels(withHelp, full) > 1000, "the help shows")
        try app.keys("Escape")
        #expect(try eventually { differingPixels(try app.capture(), full) == 0 }, "Esc closed the help and left the rest as it was")
        #expect(try app.display.clientArea(of: app.window).width == 1280 && app.process.isRunning, "still running, fullscreen")
        try app.keys("Escape")
        #expect(try eventually { try app.display.clientArea(of: app.window).width == 300 }, "Esc left fullscreen")
        #expect(app.process.isRunning)
        try app.keys("Escape")
        #expect(eventually { !app.process.isRunning }, "Esc quit")
        #expect(app.process.terminationStatus == 0)
    }

    /// A change of selection is drawn (the legend's marker) though no value changes; a click on empty space clears it; q quits.
    @Test(.needs(ready, why))
    func selectionRedrawsWithoutAValueChangeAndQQuits() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "420x420", "--progress", "0.2,0.3,0.4", "--no-intro"])
        let plain = try ringsRender("420x420", "0.2,0.3,0.4", chrome: "full")
        #expect(try app.settles(to: plain) == 0)
        let legend = IntRect(x: 0, y: 0, width: 200, height: 80)
        func legendPixels() throws -> Int { differingPixels(try app.capture().subview(legend), plain.subview(legend)) }
        try app.keys("Tab")
        #expect(try eventually { try legendPixels() > 0 }, "the marker shows, though no value changes")
        try app.keys("shift+Tab")
        #expect(try eventually { try legendPixels() == 0 }, "Shift+Tab back to none clears it")
        try app.keys("Tab")
        #expect(try eventually { try legendPixels() > 0 })
        // A click on the empty corner (bottom left, clear of rings and buttons) clears the selection.
        let area = try app.display.clientArea(of: app.window)
        try app.display.xdotool(["mousemove", String(area.x + 5), String(area.y + 330), "click", "1"])
        try app.display.xdotool(["mousemove", "0", "0"])
        #expect(try app.settles(to: plain) == 0, "no marker, no value changed")
        try app.display.xdotool(["key", "--window", app.window, "q"])
        #expect(eventually { !app.process.isRunning }, "q quits")
    }

    /// A plain click on a ring selects it and changes no value: Tab then goes on to the next ring, which a digit sets alone.
    @Test(.needs(ready, why))
    func aClickSelectsAndOnlyADragSets() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "400x400", "--progress", "1.35,0.3,0.4", "--duration", "0.1", "--chrome", "none"])
        let before = try ringsRender("400x400", "1.35,0.3,0.4")
        #expect(try app.settles(to: before) == 0)
        let area = try app.display.clientArea(of: app.window)
        let geometry = RingLayout(width: 400, height: 400, count: 3, theme: try ThemeLoader.load("flat")).ring(0)
        // At 12 o'clock on the outer ring (where a click once dropped 135 % to 100 %).
        let top = (x: area.x + Int(geometry.center.x), y: area.y + Int(geometry.center.y - geometry.radius))
        try app.display.xdotool(["mousemove", String(top.x), String(top.y), "click", "1"])
        try app.keys("Tab", "5")   // taken after the click, on the same connection
        #expect(try app.settles(to: ringsRender("400x400", "1.35,0.5,0.4")) == 0, "the click selected the outer ring and changed no value")
        _ = try app.quit()
    }

    /// The redraw strips leave out the room of a tip's shadow when no tip shows; going from a lap and
    /// a third (tip and shadow) down to a half must still clear the shadow.
    @Test(.needs(ready, why))
    func aTipsShadowIsClearedWhenTheRingGoesBelowTheTip() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "320x320", "--progress", "1.35,0.3,0.4", "--duration", "0.3", "--chrome", "none"])
        let expected = try ringsRender("320x320", "0.5,0.3,0.4")
        try app.keys("Tab", "5")
        #expect(try app.settles(to: expected) == 0)
        _ = try app.quit()
    }

    /// Tab selects one ring, which a digit and the arrows set alone; with none selected a key sets every ring.
    @Test(.needs(ready, why))
    func tabSelectsOneRingAndArrowsNudgeIt() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--duration", "0.2", "--chrome", "none"])
        let nudged = try ringsRender("300x300", "0.2,1.01,0.4"), full = try ringsRender("300x300", "1,1,1")
        try app.keys("Tab", "Tab", "9", "Right", "shift+Right")   // ring 2 (the middle one): 0.9 + 0.01 + 0.1
        #expect(try app.settles(to: nudged) == 0)
        try app.keys("shift+Tab", "shift+Tab", "equal")           // back past ring 1 to none: every ring to 100 %
        #expect(try app.settles(to: full) == 0)
        _ = try app.quit()
    }

    /// The label and legend say the values; the 50% button, pressed and released, sets every ring to a half.
    @Test(.needs(ready, why))
    func theLabelLegendAndButtonsShowTheValues() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "420x420", "--progress", "0.2,0.3,0.4", "--duration", "0.3"])
        let plain = try ringsRender("420x420", "0.2,0.3,0.4", chrome: "full"), half = try ringsRender("420x420", "0.5,0.5,0.5", chrome: "full")
        #expect(try app.settles(to: plain) == 0, "label 30%, legend")
        let button = Chrome.buttons(width: 420, height: 420, glyphs: try FontGlyphs(name: nil, for: try ThemeLoader.load("flat")))[1].frame
        // Over the button wherever the window is by now: moved until seen there, the window still since the try before.
        var placed: IntRect? = nil
        let over = try eventually {
            let area = try app.display.clientArea(of: app.window)
            let target = (x: area.x + button.x + button.width / 2, y: area.y + button.y + button.height / 2)
            try app.display.xdotool(["mousemove", String(target.x), String(target.y)])
            let pointer = try app.display.pointer()
            defer { placed = area }
            return area == placed && pointer == target
        }
        #expect(over, "the pointer never stayed over the button")
        // Down until the button is drawn pressed, then up (a person's click; the button acts on the release).
        let hovered = try steady(app) { differingPixels($0, plain) > 0 }
        try app.display.xdotool(["mousedown", "1"])
        #expect(try eventually { differingPixels(try app.capture(), hovered) > 0 }, "the button is drawn pressed")
        try app.display.xdotool(["mouseup", "1"])
        // Then away, so that the button is no longer drawn hovered.
        try app.display.xdotool(["mousemove", "0", "0"])
        let left = try app.settles(to: half)
        if left != 0 {
            let path = NSTemporaryDirectory() + "rings-button-\(getpid()).png"
            try? PNGFile.write(try app.capture(), to: path)
            Issue.record("label 50%: \(left) pixels differ; the window as it was: \(path)")
        }
        _ = try app.quit()
    }

    /// A press on a ring that moves sets its value by the angle it is dragged to, clockwise or not.
    @Test(.needs(ready, why), arguments: [true, false])
    func draggingARingSetsItsValueByAngle(clockwise: Bool) throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "400x400", "--progress", "0.1,0.1,0.1", "--duration", "0.2", "--chrome", "none"]
                              + (clockwise ? [] : ["--counterclockwise"]))
        let area = try app.display.clientArea(of: app.window)
        // The outer ring's centre line a quarter of the way round (3 o'clock, or 9 counter-clockwise),
        // dragged on through half a turn; x is mirrored counter-clockwise.
        let r = 0.42 * 400 - 0.04 * 400, side = clockwise ? 1.0 : -1.0
        func point(_ angle: Double) -> [String] {
            [String(area.x + Int(200 + side * r * sin(angle))), String(area.y + Int(200 - r * cos(angle)))]
        }
        try app.display.xdotool(["mousemove"] + point(Double.pi / 2))
        try app.display.xdotool(["mousedown", "1"])
        for step in 0...20 { try app.display.xdotool(["mousemove"] + point(Double.pi / 2 + Double(step) * Double.pi / 20)) }
        try app.display.xdotool(["mouseup", "1"])
        // Now at about 75 %: three quarters round is the ring's bright colour, a twelfth further only the track.
        func threeQuarters(_ shot: Pixmap) -> PackedPixel { shot[200 - Int(side * r), 200] }
        func beyond(_ shot: Pixmap) -> PackedPixel { shot[200 - Int(side * r * cos(Double.pi / 6)), 200 - Int(r * sin(Double.pi / 6))] }
        #expect(try eventually { let shot = try app.capture(); return threeQuarters(shot).r > 180 && beyond(shot).r < 90 })
        let shot = try app.capture()
        #expect(threeQuarters(shot).r > 180, "three quarters round: \(threeQuarters(shot))")
        #expect(beyond(shot).r < 90, "beyond: \(beyond(shot))")
        _ = try app.quit()
    }

    /// The wheel nudges the ring under the pointer; idle after, the window is still and presents nothing (counted by `--stats`).
    @Test(.needs(ready, why))
    func theWheelNudgesTheRingUnderThePointerAndIdlePresentsNothing() throws {
        let app = try RunningWindow(["--theme", "flat", "--size", "300x300", "--progress", "0.2,0.3,0.4", "--duration", "0.1", "--stats", "--chrome", "none"])
        let area = try app.display.clientArea(of: app.window)
        let inner = 0.42 * 300 - 0.04 * 300 - 2 * (0.08 * 300 + 0.012 * 300)
        try app.display.xdotool(["mousemove", String(area.x + 150 + Int(inner)), String(area.y + 150)])
        let nudged = try ringsRender("300x300", "0.2,0.3,0.45")
        try app.display.xdotool(["click", "--repeat", "5", "--delay", "30", "4"])
        #expect(try app.settles(to: nudged) == 0)
        for look in 1...10 { #expect(differingPixels(try app.capture(), nudged) == 0, "still while idle, look \(look)") }
        let stats = try app.quit()
        #expect(stats.hasPrefix("presenter surface"), "\(stats)")
        let (frames, refresh) = try presentedFrames(in: stats)
        // Six animations of 0.1 s, a frame a refresh at most and a few more each; whole frames (the first, exposes) besides.
        #expect(frames <= 6 * (0.1 / refresh + 3) + 10, "\(stats)")
    }
}

import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL
import Shaders
import Testing
import TestSupport

/// The chrome never touches a ring: at any size and aspect, with 1 to 8 rings, any value and goal
/// labels, drawn with the real font. Checked on rendered frames: no pixel of a ring, or next to one,
/// changes when the chrome is drawn over the rings.
@Suite struct ChromeLayoutTests {
    static let sizes = [(64, 64), (120, 120), (200, 200), (333, 201), (600, 150), (150, 600), (800, 800), (1920, 1080), (300, 2000)]

    /// A theme whose second ring counts money towards a goal (its amounts are long).
    func theme(_ name: String = "activity") throws -> Theme {
        var theme = try ThemeLoader.load(name)
        while theme.rings.count < 3 { theme.rings.append(theme.rings[0]) }
        theme.rings[1].goal = 50_000
        theme.rings[1].label = .goal(50_000, unit: "EUR")
        theme.rings[0].name = "A ring with a much longer name than fits"
        return theme
    }

    @Test(arguments: ["activity", "tutorial", "gold"], sizes.indices)
    func chromeNeverTouchesARing(themeName: String, size: Int) throws {
        let (width, height) = Self.sizes[size]
        let theme = try theme(themeName)
        let glyphs = try FontGlyphs(name: nil, for: theme)
        for count in [1, 3, 8] {
            for values in [Array(repeating: 0.635, count: count), (0..<count).map { [9.99, 1.5, 0, 0.97][$0 % 4] }] {
                for selection in [nil, 1 % count] as [Int?] {
                    var scene = RingScene(theme: theme, width: width, height: height, values: values)
                    scene.chrome = Chrome.standard(theme: theme, values: values, selection: selection, glyphs: glyphs)
                    let problem = touches(scene)
                    #expect(problem == nil, "\(width)x\(height), \(values), selection \(selection.map(String.init) ?? "none"): \(problem ?? "")")
                }
            }
        }
    }

    /// The largest canvas the live window is likely to have (a 4K television), every ring there is.
    @Test func chromeNeverTouchesARingOnAFourKScreen() throws {
        let theme = try theme()
        let glyphs = try FontGlyphs(name: nil, for: theme)
        let values = [9.99, 0.5, 1.5, 0.97, 0, 2.25, 0.1, 0.635]
        var scene = RingScene(theme: theme, width: 3840, height: 2160, values: values)
        scene.chrome = Chrome.standard(theme: theme, values: values, selection: 7, glyphs: glyphs)
        let problem = touches(scene)
        #expect(problem == nil, "\(problem ?? "")")
    }

    /// Where the chrome changes a pixel of a ring or one next to it, or nil.
    func touches(_ scene: RingScene) -> String? {
        var rasterizer = Rasterizer()
        let background = PackedPixel(r: scene.theme.background.r, g: scene.theme.background.g, b: scene.theme.background.b, a: 255)
        let painter = RingPainter(theme: scene.theme)
        let rings = Pixmap(width: scene.width, height: scene.height)
        rasterizer.render(DisplayList(background: background, commands: scene.rings.flatMap { painter.commands(for: $0) }), into: rings)
        var renderer = SceneRenderer()
        let full = renderer.render(scene)
        for y in 0..<scene.height {
            for x in 0..<scene.width where full[x, y] != rings[x, y] {
                // The chrome changed this pixel: no ring pixel may be within one pixel of it.
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < scene.width, ny < scene.height else { continue }
                        if rings[nx, ny] != background { return "chrome at (\(x), \(y)) next to ring pixel (\(nx), \(ny))" }
                    }
                }
            }
        }
        return nil
    }

    /// The goal's amounts are in the legend; the centre shows the share.
    @Test func aGoalRingShowsItsShareInTheCentreAndItsAmountsInTheLegend() throws {
        let theme = try theme()
        let glyphs = try FontGlyphs(name: nil, for: theme)
        let chrome = Chrome.standard(theme: theme, values: [0.5, 0.635, 0.2], selection: 1, glyphs: glyphs)
        #expect(chrome.label == "64%")
        #expect(chrome.legend[1].value == "31750/50000 EUR")
        #expect(chrome.legend[2].name == "Stand" && Chrome.standard(theme: theme, values: [0.1, 0.1, 0.1, 0.1], selection: nil, glyphs: glyphs).legend[3].name == "Ring 4")
    }

    /// The help is opaque (the label under it does not show through) and fits the canvas; the frame
    /// graph says "idle" before any frame is timed.
    @Test(arguments: [(800, 800), (320, 240), (1920, 1080)])
    func theHelpIsOpaqueAndFits(width: Int, height: Int) throws {
        let theme = try theme()
        let glyphs = try FontGlyphs(name: nil, for: theme)
        var scene = RingScene(theme: theme, width: width, height: height, values: [0.72, 1.35, 0.48])
        scene.chrome = Chrome.standard(theme: theme, values: scene.values, selection: nil, glyphs: glyphs)
        scene.chrome?.showHelp = true
        let commands = HelpPanel.live.commands(width: width, height: height, glyphs: glyphs)
        let panel = commands[0].shape.bounds
        #expect(commands.allSatisfy { panel.intersection($0.shape.bounds) == $0.shape.bounds }, "every line inside the panel")
        #expect(panel.minX >= 0 && panel.minY >= 0 && panel.maxX <= width && panel.maxY <= height, "\(panel) in \(width)x\(height)")
        #expect(commands.count == 2 * HelpPanel.live.entries.count + 2, "a title, and keys and what they do on every line")
        var renderer = SceneRenderer()
        let frame = renderer.render(scene)
        // Between the lines, the panel's own colour: nothing of the rings or the label shows through.
        let gap = (x: panel.minX + 2, y: panel.minY + panel.height / 2)
        #expect(frame[gap.x, gap.y] == HelpPanel.panel.opaque.packed, "\(frame[gap.x, gap.y])")
        let idle = FrameGraph(times: [], caption: "surface, refresh 16.67 ms").commands(width: width, height: height, glyphs: glyphs)
        #expect(idle.count > 4, "a panel, scale lines and their labels, and a line of words")
    }

    /// A button shows hover and pressed states and acts only when released over itself.
    @Test func buttonsHoverPressAndActOnRelease() throws {
        let theme = try ThemeLoader.load("activity")
        let screen = LiveScreen(options: .init(theme: theme, values: [0.2, 0.3, 0.4], spec: .tween(duration: 1, curve: .linear)),
                                glyphs: try FontGlyphs(name: nil, for: theme), problems: ProblemLog(now: { 0 }, write: { _ in }))
        func chrome() -> Chrome? {
            if case let .rings(scene, _) = screen.frame(width: 420, height: 420, at: 0) { return scene.chrome }
            return nil
        }
        let half = try #require(chrome()?.layout(width: 420, height: 420).buttons.first { $0.title == "50%" })
        let index = try #require(chrome()?.layout(width: 420, height: 420).buttons.firstIndex { $0.title == "50%" })
        let inside = Point(x: Double(half.frame.minX + 3), y: Double(half.frame.minY + 3)), outside = Point(x: 2, y: 410)
        _ = screen.handle(.motion(inside), width: 420, height: 420, at: 0)
        #expect(chrome()?.hoveredButton == index && chrome()?.pressedButton == nil)
        _ = screen.handle(.press(inside), width: 420, height: 420, at: 0)
        #expect(chrome()?.pressedButton == index)
        #expect(screen.model.targets == [0.2, 0.3, 0.4], "nothing happens on the press")
        _ = screen.handle(.motion(outside), width: 420, height: 420, at: 0)
        _ = screen.handle(.release(outside), width: 420, height: 420, at: 0)
        #expect(screen.model.targets == [0.2, 0.3, 0.4] && chrome()?.pressedButton == nil, "released elsewhere: nothing")
        _ = screen.handle(.press(inside), width: 420, height: 420, at: 0)
        _ = screen.handle(.release(inside), width: 420, height: 420, at: 0)
        #expect(screen.model.targets == [0.5, 0.5, 0.5], "released over it: it acts")
    }
}

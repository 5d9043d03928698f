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
                    let (problem, drawn) = touches(scene)
                    #expect(problem == nil, "\(width)x\(height), \(values), selection \(selection.map(String.init) ?? "none"): \(problem ?? "")")
                    // (gold has no legend, no buttons and no label: nothing to draw.)
                    #expect(drawn > 0 || min(width, height) < 200 || themeName == "gold", "\(width)x\(height): the chrome drew nothing")
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
        let (problem, drawn) = touches(scene)
        #expect(problem == nil && drawn > 1000, "\(problem ?? ""); \(drawn) pixels of chrome")
    }

    /// Kiosk screens: a landscape 1080p one, a 4K one and a portrait one.
    static let screens = [(1920, 1080), (3840, 2160), (1080, 1920)]
    /// What each kind of live source puts in the legend besides the rings.
    static let sourceLines: [(kind: String, lines: [SourceLine])] = [
        ("feed", [SourceLine(name: "feed", text: "no such file: /run/rings/feed...", problem: true, widest: "no such file: /run/rings/feed...")]),
        ("exec", [SourceLine(name: "exec", text: "exit status 127", problem: true, widest: "no such file: /run/rings/feed...")]),
        ("system", []),
        ("MQTT", [SourceLine(name: "MQTT", text: "connected", problem: false, widest: "not authorised (check the user...")]),
    ]
    enum Freshness: CaseIterable { case waiting, fresh, stale }
    enum Overlay: CaseIterable { case none, help, graph, both }

    /// A kiosk's frame as the live screen makes it: `count` rings with long names, their values
    /// waiting, fresh or stale, the source's lines, and the overlays asked for.
    func kioskScene(_ width: Int, _ height: Int, count: Int, lines: [SourceLine], freshness: Freshness, overlay: Overlay,
                    glyphs: GlyphSource) -> RingScene {
        var theme = Theme.standard
        theme.rings = (0..<count).map { i in
            var style = theme.style(ofRing: i)
            style.name = ["Conference room temperature", "Free disk on the build server /var", "CPU", "Memory"][i % 4] + (i >= 4 ? " \(i)" : "")
            return style
        }
        let values = (0..<count).map { [0.72, 1.35, 0.48, 9.99, 0.97][$0 % 5] }
        let model = RingsModel(values: values)
        var data = LiveData(rings: count, waiting: freshness == .waiting ? Set(0..<count) : [], staleAfter: 10)
        if freshness == .stale {
            for ring in 0..<count { _ = data.valueArrived(ring: ring, at: 0, wall: 0) }
            _ = data.age(at: 200)
        }
        _ = data.show(sources: lines)
        var chrome = LiveChrome(glyphs: glyphs)
        chrome.namesRings = true
        chrome.showsButtons = false
        chrome.textScale = 1.5
        chrome.showHelp = overlay == .help || overlay == .both
        if overlay == .graph || overlay == .both { chrome.frameGraph = FrameGraph(times: [16.7, 8.3, 33.4, 16.6], caption: "vsync, refresh 16.67 ms") }
        return RingScene.live(model: model, theme: theme, data: data, reducedMotion: true, width: width, height: height, offset: (0, 0), at: 0, chrome: chrome)
    }

    /// Every kind of live source, at every kiosk size, 1 to 8 rings, waiting, fresh and stale, with
    /// and without the help and the F3 graph: the rings centred on the screen within 2 px, every ring
    /// named in the legend in text a room can read (at least 2.5 % of the shorter side: 27 px at 1080p), and no box
    /// of chrome inside the circle that holds the rings.
    @Test(arguments: screens.indices)
    func aKioskNamesItsRingsAroundRingsThatStayCentered(screen: Int) throws {
        let (width, height) = Self.screens[screen]
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        for source in Self.sourceLines {
            for count in 1...8 {
                for freshness in Freshness.allCases {
                    for overlay in Overlay.allCases {
                        let scene = kioskScene(width, height, count: count, lines: source.lines, freshness: freshness, overlay: overlay, glyphs: glyphs)
                        let at = "\(width)x\(height) \(source.kind), \(count) rings, \(freshness), \(overlay)"
                        let places = try #require(scene.chromeLayout)
                        let outer = scene.layout.ring(0)
                        #expect(abs(outer.center.x - Double(width) / 2) <= 2 && abs(outer.center.y - Double(height) / 2) <= 2, "\(at): centre \(outer.center)")
                        #expect(places.legend != nil && places.legendNames.count == count + source.lines.count, "\(at): the legend names every ring")
                        #expect(Double(scene.chrome!.legendTextHeight(places.line)) >= 0.025 * Double(min(width, height)), "\(at): legend line \(places.line)")
                        let reach = outer.radius + outer.thickness / 2 + (scene.theme.shadowOffset + 5 * scene.theme.shadowSigma) * outer.thickness
                        // The help keeps the rings half the shorter side, or covers them on purpose (and says so).
                        let covering = places.help?.covering == true
                        #expect(places.help == nil || covering || min(places.ringArea.width, places.ringArea.height) * 2 >= min(width, height),
                                "\(at): the rings beside the help \(places.ringArea)")
                        let boxes = [places.legend, places.graph, covering ? nil : places.help?.frame].compactMap { $0 } + places.buttons.map(\.frame)
                        for box in boxes {
                            let dx = max(Double(box.minX) - outer.center.x, 0, outer.center.x - Double(box.maxX))
                            let dy = max(Double(box.minY) - outer.center.y, 0, outer.center.y - Double(box.maxY))
                            #expect((dx * dx + dy * dy).squareRoot() > reach + 1, "\(at): \(box) reaches into the rings")
                        }
                        if freshness == .waiting { #expect(scene.chrome!.legend[0].value.contains(LiveChrome.waitingNote), "\(at)") }
                        if freshness == .stale { #expect(scene.chrome!.legend[0].value.contains("stale 3 m"), "\(at): \(scene.chrome!.legend[0].value)") }
                    }
                }
            }
        }
    }

    /// The same screens drawn, 8 rings stale with MQTT's line, with and without both overlays: no
    /// pixel of a ring, or next to one, changes when the chrome is drawn.
    @Test(arguments: screens.indices, [Overlay.none, .both])
    func aKioskScreensChromeNeverTouchesARing(screen: Int, overlay: Overlay) throws {
        let (width, height) = Self.screens[screen]
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        var scene = kioskScene(width, height, count: 8, lines: Self.sourceLines[3].lines, freshness: .stale, overlay: overlay, glyphs: glyphs)
        // A help that covers the rings does so on purpose; what else the chrome draws must not touch them.
        if scene.chromeLayout?.help?.covering == true { scene.chrome?.showHelp = false }
        let (problem, drawn) = touches(scene)
        #expect(problem == nil && drawn > 1000, "\(width)x\(height) \(overlay): \(problem ?? ""); \(drawn) pixels of chrome")
    }

    /// Where the chrome changes a pixel of a ring or one next to it (nil where it does not), and
    /// how many pixels it changed in all (0: it drew nothing, which proves nothing).
    func touches(_ scene: RingScene) -> (problem: String?, drawn: Int) {
        var rasterizer = Rasterizer()
        let background = PackedPixel(r: scene.theme.background.r, g: scene.theme.background.g, b: scene.theme.background.b, a: 255)
        let painter = RingPainter(theme: scene.theme)
        let rings = Pixmap(width: scene.width, height: scene.height)
        rasterizer.render(DisplayList(background: background, commands: scene.rings.flatMap { painter.commands(for: $0) }), into: rings)
        var renderer = SceneRenderer()
        let full = renderer.render(scene)
        var drawn = 0
        for y in 0..<scene.height where !full.sameRow(y, as: rings) {
            for x in 0..<scene.width where full[x, y] != rings[x, y] {
                drawn += 1
                // The chrome changed this pixel: no ring pixel may be within one pixel of it.
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < scene.width, ny < scene.height else { continue }
                        if rings[nx, ny] != background { return ("chrome at (\(x), \(y)) next to ring pixel (\(nx), \(ny))", drawn) }
                    }
                }
            }
        }
        return (nil, drawn)
    }

    /// The goal's amounts are in the legend; the centre shows the share.
    @Test func aGoalRingShowsItsShareInTheCenterAndItsAmountsInTheLegend() throws {
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
        let placement = try #require(scene.chromeLayout.flatMap { $0.help })
        let commands = HelpPanel.live.commands(placement, glyphs: glyphs)
        let panel = commands[0].shape.bounds
        #expect(placement.size >= min(HelpPanel.readableSize, Int(0.028 * Double(min(width, height)))), "\(placement.size) px")
        #expect(commands.allSatisfy { panel.intersection($0.shape.bounds) == $0.shape.bounds }, "every line inside the panel")
        #expect(panel.minX >= 0 && panel.minY >= 0 && panel.maxX <= width && panel.maxY <= height, "\(panel) in \(width)x\(height)")
        #expect(commands.count == 2 * HelpPanel.live.entries.count + 2 + (placement.covering ? 1 : 0),
                "a title, keys and what they do on every line, and where it covers the rings a line that says so")
        #expect(placement.covering || min(scene.chromeLayout!.ringArea.width, scene.chromeLayout!.ringArea.height) * 2 >= min(width, height))
        var renderer = SceneRenderer()
        let frame = renderer.render(scene)
        // Between the lines, the panel's own colour: nothing of the rings or the label shows through.
        let gap = (x: panel.minX + 2, y: panel.minY + panel.height / 2)
        #expect(frame[gap.x, gap.y] == HelpPanel.panel.opaque.packed, "\(frame[gap.x, gap.y])")
        let graph = FrameGraph(times: [], caption: "surface, refresh 16.67 ms")
        let idle = graph.commands(in: graph.frame(width: width, height: height, glyphs: glyphs), shorter: min(width, height), glyphs: glyphs)
        #expect(idle.count > 4, "a panel, scale lines and their labels, and a line of words")
    }
}

/// The chrome at an output's scale: the same logical window at scale 1, 1.5 and 2 has the same
/// layout to the eye, every text height and box the scale times its size at 1 (within 10 %), the
/// floors included (a small window, where they hold).
@Suite struct ScaledChromeTests {
    struct Sizes: Equatable {
        var help: Int, legend: Int, button: Int, graph: Int, ringSide: Int
    }

    func sizes(_ width: Int, _ height: Int, density: Double, glyphs: GlyphSource, theme: Theme) -> Sizes? {
        var chrome = Chrome.standard(theme: theme, values: [0.72, 1.35, 0.48], selection: nil, glyphs: glyphs)
        chrome.showHelp = true
        chrome.density = density
        chrome.frameGraph = FrameGraph(times: [16.7, 8.3], caption: "vsync, refresh 16.67 ms")
        let places = chrome.layout(width: width, height: height)
        guard let help = places.help, let graph = places.graph else { return nil }
        return Sizes(help: help.size, legend: chrome.legendTextHeight(places.line), button: places.buttons.first?.frame.height ?? 0,
                     graph: graph.height, ringSide: min(places.ringArea.width, places.ringArea.height))
    }

    @Test(arguments: [(960, 540), (640, 480), (400, 300), (1280, 720)])
    func theChromeIsTheSameToTheEyeAtEveryScale(width: Int, height: Int) throws {
        let theme = try ThemeLoader.load("activity")
        let glyphs = try FontGlyphs(name: nil, for: theme)
        let one = try #require(sizes(width, height, density: 1, glyphs: glyphs, theme: theme))
        // 400x300 holds the help only smaller (covering the rings, in the largest text that fits).
        #expect(one.help >= HelpPanel.readableSize || height < 480, "\(width)x\(height): help \(one.help) px")
        for scale in [1.5, 2.0] {
            let scaled = try #require(sizes(Int(Double(width) * scale), Int(Double(height) * scale), density: scale, glyphs: glyphs, theme: theme))
            for (name, at1, atScale) in [("help", one.help, scaled.help), ("legend", one.legend, scaled.legend), ("button", one.button, scaled.button),
                                         ("graph", one.graph, scaled.graph), ("rings", one.ringSide, scaled.ringSide)] {
                let expected = Double(at1) * scale
                #expect(abs(Double(atScale) - expected) <= 0.1 * expected, "\(width)x\(height) at \(scale): \(name) \(atScale) px, not \(at1) x \(scale)")
            }
        }
    }
}

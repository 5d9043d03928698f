import Foundation
@testable import Rings
import RingsRaster
import Testing
import TestSupport

@Suite struct SceneTests {
    let flat = try! ThemeLoader.load("flat")
    var goldens: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path }

    @Test func layoutFollowsTheReferenceScene() {
        let layout = RingLayout(width: 1920, height: 1080, count: 3, theme: flat)
        let s = 1080.0, t = 0.08 * s, g = 0.012 * s
        for i in 0..<3 {
            let ring = layout.ring(i)
            #expect(ring.center == Point(x: 960, y: 540))
            #expect(abs(ring.thickness - t) < 1e-9)
            #expect(abs(ring.radius - (0.42 * s - t / 2 - Double(i) * (t + g))) < 1e-9)
        }
    }

    /// The tip's shadow falls ahead of the tip, on the lap before, never back on the tip's own band
    /// (the regression: a faint circular seam round the tip, which read as a ball laid on the ring).
    @Test func theTipsShadowFallsOnlyAheadOfTheTip() {
        var unshadowed = flat
        unshadowed.shadowOpacity = 0
        let size = 800, value = 1.1
        var renderer = SceneRenderer()
        let shadowed = renderer.render(RingScene(theme: flat, width: size, height: size, values: [value]))
        let plain = renderer.render(RingScene(theme: unshadowed, width: size, height: size, values: [value]))
        let ring = RingLayout(width: size, height: size, count: 1, theme: flat).ring(0)
        let angle = 2 * Double.pi * value
        let tip = Point(x: ring.center.x + ring.radius * sin(angle), y: ring.center.y - ring.radius * cos(angle))
        let forward = Point(x: cos(angle), y: sin(angle)), across = Point(x: -sin(angle), y: cos(angle))
        var behind = 0, ahead = 0, darkerAhead = 0
        // Every pixel of the band within a thickness of the tip, outside its disc.
        for step in -100...100 {
            for side in -10...10 {
                let p = tip + forward * (Double(step) / 100 * ring.thickness) + across * (Double(side) / 22 * ring.thickness)
                guard (p - tip).length > ring.thickness / 2 + 1.5 else { continue }
                let x = Int(p.x), y = Int(p.y)
                if step < 0 {
                    behind += 1
                    #expect(shadowed[x, y] == plain[x, y], "behind the tip at (\(x), \(y)): \(shadowed[x, y]) against \(plain[x, y])")
                } else {
                    ahead += 1
                    if Int(shadowed[x, y].g) < Int(plain[x, y].g) - 4 { darkerAhead += 1 }
                }
            }
        }
        #expect(behind > 100 && ahead > 100 && darkerAhead > ahead / 10, "\(behind) behind, \(darkerAhead) of \(ahead) ahead darkened")
    }

    @Test func manyRingsShrinkToKeepTheHole() {
        let layout = RingLayout(width: 800, height: 800, count: 8, theme: flat)
        let innermost = layout.ring(7)
        #expect(innermost.radius - innermost.thickness / 2 >= 0.1 * 800 - 1e-9)
        #expect(layout.ring(0).radius + layout.ring(0).thickness / 2 <= 0.42 * 800 + 1e-9)
    }

    /// SCENE.md's figures at small and odd sizes and awkward values: a hair under one lap, more than
    /// two laps, tiny arcs, the tip threshold.
    @Test(arguments: [
        (200, 200, [0.72, 1.35, 0.48]), (203, 157, [0.999, 2.3, 0.003]), (161, 240, [0.97, 0.0, 9.99]), (120, 90, [0.5, 1.0, 0.25, 0.961]),
    ])
    func matchesTheSupersampledReference(width: Int, height: Int, progress: [Double]) {
        let scene = RingScene(theme: flat, width: width, height: height, values: progress)
        let result = compareWithReference(scene.displayList, width: width, height: height, seam: scene.startCapBoxes)
        #expect(result.meanEdge <= 1.0, "\(result)")
        #expect(result.p99Edge <= 12, "\(result)")
        #expect(result.meanAll <= 0.15, "\(result)")
        #expect(result.maxInFocus <= 8, "\(result)")
        #expect(result.outsideBounds.isEmpty, "coverage outside a shape's declared bounds: \(result)")
    }

    @Test(arguments: ["flat", "activity"])
    func goldenImage(theme: String) throws {
        let scene = RingScene(theme: try ThemeLoader.load(theme), width: 200, height: 200, values: [0.72, 1.35, 0.48])
        var renderer = SceneRenderer()
        let frame = renderer.render(scene)
        // Recorded only when the frame matches the supersampled reference of its display list.
        let failure = Golden.mismatch(frame, name: "scene-\(theme)-200", directory: goldens, filter: "SceneTests/goldenImage") {
            Golden.reference(frame, of: scene.displayList, seam: scene.startCapBoxes)
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func aZeroRingShowsOnlyItsTrack() {
        var renderer = SceneRenderer()
        let frame = renderer.render(RingScene(theme: flat, width: 100, height: 100, values: [0]))
        // 12 o'clock of the track: 20 % of the light red over black.
        let top = frame[50, Int(50 - 0.42 * 100 + 0.04 * 100)]
        #expect(abs(Int(top.r) - Int((231 * 0.2).rounded())) <= 1 && top.a == 255)
    }
}

/// Thresholds recolor a ring's band from their value up (its gradient ends in their colour).
@Suite struct ThresholdTests {
    @Test func theBandsEndTakesTheColorOfTheHighestThresholdReached() throws {
        let orange = Palette.colors["orange"]!, red = Palette.colors["red"]!
        var theme = try ThemeLoader.load("flat")
        theme.rings[0].thresholds = [Threshold(at: 0.8, color: orange), Threshold(at: 0.95, color: red)]
        var renderer = SceneRenderer()
        for (value, expected) in [(0.5, theme.rings[0].end), (0.85, orange), (0.97, red), (1.4, red)] {
            let scene = RingScene(theme: theme, width: 400, height: 400, values: [value, 0.5, 0.5])
            let frame = renderer.render(scene)
            // Just behind the arc's end, on the ring's middle line: the gradient's last colour.
            let ring = scene.layout.ring(0), angle = 2 * Double.pi * (value - 0.01)
            let x = Int(ring.center.x + ring.radius * sin(angle)), y = Int(ring.center.y - ring.radius * cos(angle))
            let p = frame[x, y]
            let off = max(abs(Int(p.r) - Int(expected.r)), abs(Int(p.g) - Int(expected.g)), abs(Int(p.b) - Int(expected.b)))
            #expect(off <= 12, "at \(value): \(p) is not \(expected)")
        }
        #expect(theme.rings[1].at(value: 2).end == theme.rings[1].end, "a ring without thresholds keeps its colours")
    }

    @Test func themeFilesAndConfigsTakeThresholds() throws {
        let theme = try ThemeLoader.parse(Data(##"{"name": "t", "rings": [{"start": "#102030", "end": "#405060", "thresholds": [{"at": 0.95, "colour": "red"}, {"at": 0.8, "color": "orange"}], "alert": 0.95}]}"##.utf8), source: "t")
        #expect(theme.rings[0].thresholds.map(\.at) == [0.8, 0.95] && theme.rings[0].alert == 0.95)
        #expect(throws: ThemeError.self) {
            try ThemeLoader.parse(Data(##"{"name": "t", "rings": [{"start": "#102030", "end": "#405060", "thresholds": [{"at": 0.8}]}]}"##.utf8), source: "t")
        }
    }
}

@Suite struct ThemeTests {
    func parse(_ json: String) throws(ThemeError) -> Theme { try ThemeLoader.parse(Data(json.utf8), source: "test.json") }

    @Test func builtInThemesLoad() throws {
        #expect(Set(ThemeLoader.builtInNames).isSuperset(of: ["activity", "flat"]))
        let activity = try ThemeLoader.load("activity")
        #expect(activity == Theme.standard)
        let flat = try ThemeLoader.load("flat")
        #expect(flat.rings[1].start == RGB8(39, 174, 96) && flat.rings[1].end == RGB8(46, 204, 113))
        #expect(flat.sampleValues == [0.72, 1.35, 0.48])
    }

    @Test func missingKeysFallBackToTheDefault() throws {
        let theme = try parse(##"{"background": "#102030", "rings": [{"start": [1, 2, 3]}]}"##)
        #expect(theme.background == RGB8(16, 32, 48))
        #expect(theme.rings[0].start == RGB8(1, 2, 3) && theme.rings[0].end == Theme.standard.rings[0].end)
        #expect(theme.thickness == Theme.standard.thickness)
    }

    @Test func wrongTypesNameTheKey() {
        #expect(throws: ThemeError.self) { try parse(#"{"thickness": "thick"}"#) }
        // Each must throw (an accepted file fails the test), and its message must name the problem.
        for (json, named) in [(#"{"rings": [{"start": [1, 2, 3]}, {"end": [1, 2, true]}]}"#, "'rings[1].end'"),
                              (#"{"trackOpacity": 3}"#, "'trackOpacity'"),
                              (#"{"colour": [1, 2, 3]}"#, "'colour' is not a theme key"),
                              ("{ not json", "not valid JSON"),
                              // A key's control characters are written as escapes, a long key cut (FuzzThemeFile).
                              (#"{"compa\rable": false}"#, #"'compa\rable' is not"#),
                              ("{\"\(String(repeating: "k", count: 5000))\": 1}", "kkk...' is not")] {
            let error = caught(ThemeError.self, "\(json.prefix(40)) was accepted") { _ = try parse(json) }
            let message = error?.description ?? ""
            #expect(message.contains(named) && !message.contains("\r") && message.count < 1024,
                    "\(json.prefix(40)): \(message)")
        }
    }

    /// A theme cannot make start-up slow: at most 16 font families (each a fontconfig look-up) and
    /// 8 rings; more is an error naming the key.
    @Test func listsAreBounded() throws {
        let families = (1...17).map { "\"Family \($0)\"" }.joined(separator: ", ")
        let fonts = caught(ThemeError.self, "17 font families accepted") { _ = try parse("{\"fonts\": [\(families)]}") }
        let tooManyFonts = fonts?.description ?? ""
        #expect(tooManyFonts.contains("'fonts'") && tooManyFonts.contains("at most 16"), "\(tooManyFonts)")
        _ = try parse("{\"fonts\": [\((1...16).map { "\"F\($0)\"" }.joined(separator: ", "))]}")
        let rings = Array(repeating: #"{"start": [1, 2, 3]}"#, count: 9).joined(separator: ", ")
        let nine = caught(ThemeError.self, "9 rings accepted") { _ = try parse("{\"rings\": [\(rings)]}") }
        let tooManyRings = nine?.description ?? ""
        #expect(tooManyRings.contains("'rings'") && tooManyRings.contains("at most 8"), "\(tooManyRings)")
    }

    @Test func unknownThemesAreReported() {
        let error = caught(ThemeError.self, "a theme named 'neon' loaded") { _ = try ThemeLoader.load("neon") }
        let message = error?.description ?? ""
        #expect(message.contains("unknown theme 'neon'"), "\(message)")
    }

    @Test func progressValuesAreChecked() throws {
        #expect(try RingValues.parse("0.72, 135%,0.48") == [0.72, 1.35, 0.48])
        #expect(try RingValues.parse("430/600,1") == [430.0 / 600, 1], "amount/goal, as feed lines write it")
        #expect(throws: RingValues.Problem.badGoal("1/0")) { try RingValues.parse("1/0") }
        for bad in ["", "-0.1", "nan", "inf", "10.5", "a", "1,2,3,4,5,6,7,8,9", "0.5,,0.2", "6000/500", "1/x"] {
            #expect(throws: RingValues.Problem.self, "\(bad)") { try RingValues.parse(bad) }
        }
    }
}

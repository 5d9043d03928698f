@testable import Rings
import RingsRaster
import Testing
import TestSupport

/// What the next frame draws again, from what the last one showed (the SDL-free half of the
/// window's updater).
@Suite struct RedrawPlanTests {
    let bounds = IntRect(x: 0, y: 0, width: 400, height: 400)

    /// The plan's rectangles for a frame at `values`.
    func next(_ plan: inout RedrawPlan, _ values: [Double], whole: Bool = false, resized: Bool = false) -> [IntRect] {
        plan.rects(for: RingScene(theme: .standard, width: 400, height: 400, values: values), in: bounds, whole: whole, resized: resized)
    }

    /// A built-in theme by name, or "counter-clockwise": the flat one turning the other way.
    static func theme(_ name: String) throws -> Theme {
        var theme = try ThemeLoader.load(["counter-clockwise": "flat", "transparent": "desktop"][name] ?? name)
        if name == "counter-clockwise" { theme.clockwise = false }
        // A widget's: the background clear, drawn from the display list without the rings no clip reaches.
        if name == "transparent" { theme.transparent = true }
        return theme
    }

    /// How many pixels of two frames of one size differ.
    static func differing(_ frame: Pixmap, _ full: Pixmap) -> Int {
        var count = 0
        for y in 0..<frame.height where !frame.sameRow(y, as: full) {
            for x in 0..<frame.width where frame[x, y] != full[x, y] { count += 1 }
        }
        return count
    }

    @Test func onlyWhatMovedIsDrawnAgain() {
        var plan = RedrawPlan()
        #expect(plan.isStale)
        let first = next(&plan, [0.5, 0.5, 0.5]), same = next(&plan, [0.5, 0.5, 0.5]), moved = next(&plan, [0.5, 0.6, 0.5])
        #expect(first == [bounds], "nothing known: all of it")
        #expect(!plan.isStale)
        #expect(same.isEmpty, "nothing moved")
        let area = moved.reduce(0) { $0 + $1.width * $1.height }
        #expect(!moved.isEmpty && area < bounds.width * bounds.height / 2, "one ring's strips, not the frame: \(moved)")
        #expect(moved.allSatisfy { $0.intersection(bounds) == $0 })
    }

    /// Frame after frame, drawing only the plan's rectangles over the last frame gives the pixels of
    /// the whole frame: rings growing, shrinking, past a lap and back, crossing the tip threshold,
    /// counter-clockwise, with dots placed off the arc's end, the soft look; and most of the frame
    /// is not drawn again when one ring moves a little.
    @Test(arguments: ["flat", "activity", "gold", "tutorial", "soft", "counter-clockwise", "transparent"])
    func redrawingOnlyThePlansRectanglesGivesWholeFrames(theme name: String) throws {
        let theme = try Self.theme(name)
        let width = 360, height = 300, bounds = IntRect(x: 0, y: 0, width: width, height: height)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: width, height: height)
        let steps: [[Double]] = [[0.1, 0.2, 0.05], [0.15, 0.3, 0.05], [0.4, 0.3, 0.0], [0.94, 0.97, 0.5], [0.99, 1.2, 0.5],
                                 [1.01, 0.8, 0.51], [0.3, 2.1, 0.51], [0.3, 2.1, 0.51], [0.0, 0.2, 0.9], [0.3, 0.2, 0.9],
                                 [1.22, 1.73, 0.98], [1.26, 1.76, 0.99], [1.5, 1.76, 1.01]]
        var area = 0
        for (n, values) in steps.enumerated() {
            var scene = RingScene(theme: theme, width: width, height: height, values: Array(values.prefix(theme.rings.count == 1 ? 1 : 3)))
            if theme.dot != nil && n % 3 == 1 {
                // A keyframe animation's dot, a little behind the arc's end.
                let ring = scene.layout.ring(0)
                scene.dots = [.onCircle(center: ring.center, radius: ring.radius, angle: 2 * Double.pi * (values[0] - 0.05))]
            }
            let redraw = plan.redraw(for: scene, in: bounds, whole: false, resized: false)
            parts.render(scene, into: frame, redraw: redraw)
            if n == 2 { area = redraw.rects.reduce(0) { $0 + $1.width * $1.height } }
            let full = whole.render(scene)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "\(name), frame \(n) at \(values): \(differing) pixels differ")
        }
        if name == "flat" { #expect(area < width * height / 4, "one ring's arc from 0.15 to 0.4, not its whole track: \(area) pixels") }
    }

    /// A slow animation, as the live window's, frame after frame: every ring from nothing past a
    /// lap and back, its start cap left as it was while its end is away (and drawn again as the end
    /// comes round to it), gives the whole frames' pixels.
    @Test(arguments: ["flat", "activity", "gold", "counter-clockwise"])
    func aSlowAnimationThroughTheStartCapGivesWholeFrames(theme name: String) throws {
        let theme = try Self.theme(name)
        let width = 300, height = 240, bounds = IntRect(x: 0, y: 0, width: width, height: height)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: width, height: height)
        let targets = [1.15, 0.97, 0.75], count = theme.rings.count == 1 ? 1 : 3
        for n in Array(0...48) + Array((0...47).reversed()) {
            let values = targets.prefix(count).map { $0 * Double(n) / 48 }
            let scene = RingScene(theme: theme, width: width, height: height, values: values)
            parts.render(scene, into: frame, redraw: plan.redraw(for: scene, in: bounds, whole: false, resized: false))
            let full = whole.render(scene)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "\(name), frame \(n) at \(values): \(differing) pixels differ")
        }
    }

    /// A slow animation at a size where the bands are repainted only where their colour changed
    /// (`Redraw.recolor`): rays passing 3 and 9 o'clock, ends passing the tip threshold and a lap, rings
    /// growing and shrinking, in both byte orders, give the whole frames' pixels; and the rings
    /// are recolored in most frames, a ring under another's tip shadow too (its track then drawn over
    /// the layer). Last, the outer ring stays put with its tip shown (its shadow made wide, over a
    /// light background, where it shows under a track) while the
    /// others move: their pixels under its shadow are not drawn again, so a band there is not
    /// recolored over the track.
    /// An odd size puts the centre on a pixel's middle, where the row through it takes 9 and 3 o'clock's colours.
    @Test(arguments: ["flat", "activity", "tutorial", "counter-clockwise", "flat 521x441"], [false, true])
    func recoloringTheBandsGivesWholeFrames(theme argument: String, swapped: Bool) throws {
        let name = String(argument.prefix { $0 != " " }), odd = argument.hasSuffix("521x441")
        let theme = try Self.theme(name)
        let width = odd ? 521 : 520, height = odd ? 441 : 440, bounds = IntRect(x: 0, y: 0, width: width, height: height)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: width, height: height)
        let targets = [1.3, 0.97, 0.75], count = theme.rings.count == 1 ? 1 : 3, steps = 320
        let sweep = (Array(0...steps) + Array((steps / 2...steps).reversed())).map { n in targets.prefix(count).map { $0 * Double(n) / Double(steps) } }
        let held = count == 1 ? [] : (0...40).map { n in [targets[0], targets[1] - Double(n) * 0.002, targets[2] - Double(n) * 0.003] }
        var wide = theme
        wide.shadowSigma = 0.3
        wide.background = RGB8(220, 220, 220)
        var recolored = 0, underTips = 0, frames = 0
        for (n, values) in (sweep + held).enumerated() {
            let scene = RingScene(theme: n < sweep.count ? theme : wide, width: width, height: height, values: values)
            let redraw = plan.redraw(for: scene, in: bounds, whole: false, resized: false)
            recolored += redraw.recolor.count
            underTips += redraw.recolor.filter { r in values[..<r.ring].contains { $0 > theme.tipThreshold } }.count
            frames += 1
            parts.render(scene, into: frame, redraw: redraw, redAndBlueSwapped: swapped)
            let full = Pixmap(width: width, height: height)
            whole.render(scene, into: full, clips: [bounds], redAndBlueSwapped: swapped)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "\(name), frame \(n) at \(values): \(differing) pixels differ")
        }
        #expect(recolored > frames * count / 2, "\(name): \(recolored) rings recolored over \(frames) frames")
        if count > 1 { #expect(underTips > 100, "\(name): \(underTips) rings recolored under a tip") }
    }

    /// A recolored band's end moving nearly as far as a recolor allows in a frame (a 200th of its
    /// circle): the end's box, the cap and the band about the end line, still holds all that
    /// changed. Rings growing, then shrinking, at a size where that move is 11 pixels on the outer
    /// ring, its ends at many angles, the middle one through a full turn (where rays come and go at
    /// the seam of laps, by its end) and past its tip threshold.
    @Test func anEndMovingAsFarAsARecolorAllowsGivesWholeFrames() throws {
        let theme = try Self.theme("flat"), size = 960, bounds = IntRect(x: 0, y: 0, width: size, height: size)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: size, height: size)
        let layout = RingScene(theme: theme, width: size, height: size, values: [0.5, 0.5, 0.5]).layout
        // Each ring's step: 0.95 of the farthest a recolor allows (a 200th of its circle, at most half its width).
        let steps = (0..<3).map { i in
            let g = layout.ring(i)
            return 0.95 * min(g.thickness / 2, 2 * Double.pi * g.radius / 200) / (2 * Double.pi * g.radius)
        }
        let starts = [0.3, 0.9, 0.35], moves = Array(0...30) + Array((12...29).reversed())
        var recolored = 0
        for (n, k) in moves.enumerated() {
            let values = (0..<3).map { starts[$0] + Double(k) * steps[$0] }
            let scene = RingScene(theme: theme, width: size, height: size, values: values)
            let redraw = plan.redraw(for: scene, in: bounds, whole: false, resized: false)
            recolored += redraw.recolor.count
            parts.render(scene, into: frame, redraw: redraw, redAndBlueSwapped: false)
            let full = Pixmap(width: size, height: size)
            whole.render(scene, into: full, clips: [bounds], redAndBlueSwapped: false)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "frame \(n) at \(values): \(differing) pixels differ")
        }
        #expect(recolored >= 3 * (moves.count - 1), "\(recolored) rings recolored over \(moves.count) frames")
    }

    /// A renderer keeps the chrome's commands from frame to frame while what they are made from is the
    /// same: frame after frame, with the label, a legend value, the selection, a button hovered and
    /// pressed, the help, a stale label, the ink and the size changing one at a time, it draws what
    /// a renderer new to each frame draws.
    @Test func theChromesKeptCommandsFollowItsWordsColorsAndButtons() throws {
        let theme = try ThemeLoader.load("flat"), glyphs = CharacterGlyphs()
        var kept = SceneRenderer(), keys = Set<String>()
        func frame(_ values: [Double], selection: Int? = nil, stale: Set<Int> = [], ink: RGB8? = nil, width: Int = 480,
                   change: (inout Chrome) -> Void = { _ in }) -> RingScene {
            var look = theme
            if let ink { look.ink = ink }
            var scene = RingScene(theme: look, width: width, height: 360, values: values)
            var chrome = Chrome.standard(theme: look, values: values, selection: selection, glyphs: glyphs, stale: stale)
            change(&chrome)
            scene.chrome = chrome
            return scene
        }
        let frames = [
            frame([0.3, 0.4, 0.5]), frame([0.3, 0.4, 0.5]), frame([0.3, 0.41, 0.5]), frame([0.3, 0.41, 0.5], selection: 1),
            frame([0.3, 0.41, 0.5], selection: 1) { $0.hoveredButton = 2 }, frame([0.3, 0.41, 0.5], selection: 1) { $0.pressedButton = 2 },
            frame([0.3, 0.41, 0.5], selection: 1) { $0.showHelp = true }, frame([0.3, 0.41, 0.5], selection: 1, stale: [1]),
            frame([0.3, 0.41, 0.5], selection: 1, stale: [1], ink: RGB8(255, 200, 0)), frame([0.3, 0.41, 0.5], width: 500),
            frame([0.3, 0.41, 0.5], width: 500) { $0.label = "Done" }, frame([0.3, 0.41, 0.5], width: 500),
        ]
        for (n, scene) in frames.enumerated() {
            var fresh = SceneRenderer()
            let drawn = kept.render(scene), whole = fresh.render(scene)
            #expect(Self.differing(drawn, whole) == 0, "frame \(n): \(Self.differing(drawn, whole)) pixels differ")
            keys.insert("\(scene.chromeCommandsKey.map { "\($0)" } ?? "none")")
        }
        #expect(keys.count == frames.count - 2, "every frame's chrome but the two repeated ones is new")
    }

    /// A ring whose colour changes with its value (a threshold's colour, which its track takes too)
    /// or whose look changes (faded while stale, then fresh as a value comes) is drawn again whole,
    /// track and all (the regression: the faded track stayed on screen around fresh values).
    @Test func aRingWhoseLookChangesIsDrawnAgainWhole() throws {
        var theme = try ThemeLoader.load("flat")
        theme.rings[0].thresholds = [Threshold(at: 0.5, color: Palette.colors["orange"]!)]
        var faded = theme
        faded.rings = theme.rings.map { $0.faded(1) }
        let width = 300, height = 240, bounds = IntRect(x: 0, y: 0, width: width, height: height)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: width, height: height)
        for (n, (look, values)) in [(theme, [0.4, 0.3, 0.2]), (theme, [0.6, 0.3, 0.2]), (faded, [0.6, 0.3, 0.2]), (theme, [0.7, 0.4, 0.3])].enumerated() {
            let scene = RingScene(theme: look, width: width, height: height, values: values)
            parts.render(scene, into: frame, redraw: plan.redraw(for: scene, in: bounds, whole: false, resized: false))
            let full = whole.render(scene)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "frame \(n) at \(values): \(differing) pixels differ")
        }
    }
}

/// Glyphs as boxes 6 px a character whose ink tells the characters apart: a number that changes
/// changes the pixels.
final class CharacterGlyphs: GlyphSource {
    func fitted(_ text: String, width: Int, pixelHeight: Int) -> String { text }

    func mask(for text: String, pixelHeight: Int) -> CoverageMask? {
        guard !text.isEmpty else { return nil }
        let inks = text.unicodeScalars.map { UInt8(55 + $0.value % 200) }, width = inks.count * 6
        let alpha = (0..<(width * pixelHeight)).map { inks[($0 % width) / 6] }
        return CoverageMask(x: 0, y: 0, width: width, height: pixelHeight, alpha: alpha)
    }
}

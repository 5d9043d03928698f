@testable import Rings
import RingsRaster
import Testing
import TestSupport

/// When the redraw plan draws the whole frame: asked, resized, a new layout or brightness, new words.
extension RedrawPlanTests {
    @Test func aWholeFrameWhenAskedResizedOrForgotten() {
        var plan = RedrawPlan()
        _ = next(&plan, [0.5, 0.5, 0.5])
        let asked = next(&plan, [0.5, 0.5, 0.5], whole: true), resized = next(&plan, [0.5, 0.5, 0.5], resized: true)
        #expect(asked == [bounds] && resized == [bounds])
        plan.invalidate()
        #expect(plan.isStale)
        let forgotten = next(&plan, [0.5, 0.5, 0.5])
        #expect(forgotten == [bounds])
        plan.drewList()
        let afterList = next(&plan, [0.5, 0.5, 0.5])
        #expect(afterList == [bounds], "after a display list: all of it")
    }

    /// When the chrome's layout changes as a value comes (a legend that waited for data grows
    /// narrower, and the rings larger), the whole frame is drawn (the regression: the old, smaller
    /// rings stayed on screen beside the new ones' strips).
    @Test func aWholeFrameWhenTheChromesLayoutChanges() {
        var plan = RedrawPlan()
        func scene(_ values: [Double], waiting: Bool) -> RingScene {
            var scene = RingScene(theme: .standard, width: 400, height: 400, values: values)
            scene.chrome = Chrome.standard(theme: .standard, values: values, selection: nil, glyphs: BoxGlyphs(), unknown: waiting ? [1] : [],
                                           waitingNote: waiting ? "waiting for data, a long note" : nil)
            return scene
        }
        let before = scene([0.5, 0, 0.5], waiting: true), after = scene([0.5, 0.6, 0.5], waiting: false)
        #expect(before.chromeLayout != after.chromeLayout, "the legend's box changes")
        _ = plan.rects(for: before, in: bounds, whole: false, resized: false)
        #expect(plan.rects(for: after, in: bounds, whole: false, resized: false) == [bounds])
    }

    /// A change of brightness alone is the whole frame (the regression: the last frame of a dimming,
    /// which the screen no longer calls whole as the dimming has ended, left the frame before it
    /// on screen, a shade too dark).
    @Test func aWholeFrameWhenTheBrightnessChanges() {
        var plan = RedrawPlan()
        func scene(_ brightness: Double) -> RingScene {
            var scene = RingScene(theme: .standard, width: 400, height: 400, values: [0.5, 0.5, 0.5])
            scene.brightness = brightness
            return scene
        }
        _ = plan.rects(for: scene(0.98), in: bounds, whole: false, resized: false)
        #expect(plan.rects(for: scene(1), in: bounds, whole: false, resized: false) == [bounds])
        #expect(plan.rects(for: scene(1), in: bounds, whole: false, resized: false).isEmpty, "then nothing")
    }

    /// With a label and a legend, frame after frame, the plan's rectangles give whole frames, and
    /// the label and the legend are drawn again only in frames where what they say changed (a ring
    /// that moves less than a per cent leaves them as they were), the legend only where a value did.
    @Test func theLabelAndTheLegendAreDrawnAgainWhenTheirWordsChange() throws {
        let theme = try ThemeLoader.load("flat")
        let width = 480, height = 360, bounds = IntRect(x: 0, y: 0, width: width, height: height)
        var plan = RedrawPlan(), parts = SceneRenderer(), whole = SceneRenderer()
        let frame = Pixmap(width: width, height: height), glyphs = CharacterGlyphs()
        // Ring 1 is selected: the label shows its value.
        let steps: [(values: [Double], label: Bool, legend: Bool)] = [
            ([0.30, 0.40, 0.50], true, true), ([0.302, 0.40, 0.50], false, false), ([0.31, 0.40, 0.50], false, true),
            ([0.31, 0.403, 0.50], false, false), ([0.31, 0.41, 0.50], true, true), ([0.31, 0.41, 0.5], false, false),
            ([0.8, 0.2, 0.9], true, true), ([0.801, 0.2, 0.9], false, false)]
        for (n, step) in steps.enumerated() {
            var scene = RingScene(theme: theme, width: width, height: height, values: step.values)
            scene.chrome = Chrome.standard(theme: theme, values: step.values, selection: 1, glyphs: glyphs)
            let redraw = plan.redraw(for: scene, in: bounds, whole: false, resized: false), rects = redraw.rects
            parts.render(scene, into: frame, redraw: redraw)
            let full = whole.render(scene)
            let differing = Self.differing(frame, full)
            #expect(differing == 0, "frame \(n) at \(step.values): \(differing) pixels differ")
            guard n > 0, let chrome = scene.chrome, let legend = scene.chromeLayout?.legend else { continue }
            #expect(rects.contains(chrome.labelFrame(rings: scene.layout)) == step.label, "frame \(n): the label drawn again")
            // Only the values that changed, each where it was and where it is.
            let legendRects = rects.filter { !$0.intersection(legend).isEmpty }
            #expect(legendRects.isEmpty != step.legend, "frame \(n): the legend drawn again")
            #expect(legendRects.reduce(0) { $0 + $1.width * $1.height } < legend.width * legend.height / 2, "frame \(n): \(legendRects) of \(legend)")
        }
    }
}

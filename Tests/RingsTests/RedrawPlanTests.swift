import Rings
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
}

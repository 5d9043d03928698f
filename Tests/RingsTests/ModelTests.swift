import Foundation
@testable import Rings
import RingsAnimation
import RingsRaster
import Testing
import TestSupport

@Suite struct ModelTests {
    func settled(_ model: RingsModel, from now: Double) -> [Double] {
        model.update(at: now + 10)
        return model.presented
    }

    @Test func selectionCyclesThroughNoneAndEveryRing() {
        let model = RingsModel(values: [0.1, 0.2, 0.3])
        var seen: [Int?] = []
        for _ in 0..<4 { model.apply(.selectNext, at: 0); seen.append(model.selection) }
        #expect(seen == [0, 1, 2, nil])
        model.apply(.selectPrevious, at: 0)
        #expect(model.selection == 2)
        model.apply(.select(7), at: 0)
        #expect(model.selection == nil)
    }

    @Test func digitsSetTheSelectionOrEveryRingAndAnimate() {
        let model = RingsModel(values: [0.1, 0.2, 0.3])
        model.apply(.setSelected(0.5), at: 0)
        #expect(model.targets == [0.5, 0.5, 0.5] && model.isAnimating)
        model.update(at: 0.5)
        #expect(model.presented[0] > 0.1 && model.presented[0] < 0.5)
        #expect(settled(model, from: 0) == [0.5, 0.5, 0.5] && !model.isAnimating)
        model.apply(.select(1), at: 20)
        model.apply(.setSelected(1.0), at: 20)
        model.apply(.nudgeSelected(0.1), at: 20)
        #expect(model.targets == [0.5, 1.1, 0.5])
        model.apply(.nudge(ring: 2, by: -1), at: 20)
        #expect(model.targets[2] == 0, "values stay within 0 ... 10 laps")
    }

    /// A value a ring is already going to changes nothing: the running animation keeps its course
    /// (the regression: each repeat eased anew from where the ring was, so a source repeating itself
    /// faster than the animation kept the screen moving and never exact).
    @Test func aRepeatedValueLeavesTheAnimationOnItsCourse() {
        let model = RingsModel(values: [0.1], spec: .tween(duration: 1, curve: .easeInEaseOut))
        let alone = RingsModel(values: [0.1], spec: .tween(duration: 1, curve: .easeInEaseOut))
        model.apply(.set(ring: 0, value: 0.9), at: 0)
        alone.apply(.set(ring: 0, value: 0.9), at: 0)
        for step in 1...9 {
            model.apply(.set(ring: 0, value: 0.9), at: Double(step) / 10)
            model.update(at: Double(step) / 10 + 0.05)
            alone.update(at: Double(step) / 10 + 0.05)
            #expect(model.presented == alone.presented, "at \(Double(step) / 10 + 0.05) s")
        }
        model.update(at: 1)
        #expect(model.presented == [0.9] && !model.isAnimating, "exact and still at the animation's end")
        model.apply(.set(ring: 0, value: 0.9), at: 2)
        #expect(!model.isAnimating, "a repeat once settled starts nothing")
    }

    @Test func draggingPastTwelveOClockAddsALapAndBackRemovesIt() {
        let model = RingsModel(values: [0.2])
        model.apply(.beginDrag(ring: 0, angle: 1.5 * Double.pi), at: 0)
        #expect(abs(model.targets[0] - 0.75) < 1e-12 && model.selection == 0)
        for angle in stride(from: 1.5 * Double.pi, through: 2 * Double.pi - 0.01, by: 0.1) { model.apply(.drag(angle: angle), at: 0) }
        for angle in stride(from: 0.0, through: 0.5 * Double.pi, by: 0.1) { model.apply(.drag(angle: angle), at: 0) }
        #expect(abs(model.targets[0] - (1 + 0.5 * Double.pi / (2 * Double.pi))) < 0.02, "\(model.targets)")
        for angle in stride(from: 0.5 * Double.pi, through: 0, by: -0.1) { model.apply(.drag(angle: angle), at: 0) }
        model.apply(.drag(angle: 2 * Double.pi - 0.2), at: 0)
        #expect(model.targets[0] < 1 && model.targets[0] > 0.9, "\(model.targets)")
        #expect(model.presented == model.targets, "dragging follows the pointer at once")
        model.apply(.endDrag, at: 0)
        #expect(!model.isDragging)
    }

    /// A drag to an angle that is not a number (a pointer at no place) leaves the ring where it was;
    /// it once went to 0.
    @Test func aDragToNoPlaceChangesNothing() {
        let model = RingsModel(values: [0.2, 1.3])
        model.apply(.beginDrag(ring: 1, angle: .nan), at: 0)
        #expect(model.targets == [0.2, 1.3] && !model.isDragging)
        model.apply(.beginDrag(ring: 1, angle: 0.5 * Double.pi), at: 0)
        model.apply(.drag(angle: .nan), at: 0)
        model.apply(.drag(angle: .infinity), at: 0)
        #expect(model.targets == [0.2, 1.25] && model.isDragging, "\(model.targets)")
        model.apply(.drag(angle: 0.6 * Double.pi), at: 0)
        #expect(abs(model.targets[1] - 1.3) < 1e-12, "the drag goes on from where it was")
    }

    @Test func replayStartsEveryRingFromZero() {
        let model = RingsModel(values: [0.6, 1.2])
        model.apply(.replay, at: 0)
        model.update(at: 0)
        #expect(model.presented == [0, 0])
        #expect(settled(model, from: 0) == [0.6, 1.2])
    }

    @Test func randomizeIsRepeatableWithASeed() {
        let a = RingsModel(values: [0, 0, 0], random: SeededGenerator(seed: 5))
        let b = RingsModel(values: [0, 0, 0], random: SeededGenerator(seed: 5))
        a.apply(.randomize, at: 0); b.apply(.randomize, at: 0)
        #expect(a.targets == b.targets && a.targets.allSatisfy { (0.05...1.5).contains($0) })
        let c = RingsModel(values: [0, 0, 0], random: SeededGenerator(seed: 6))
        c.apply(.randomize, at: 0)
        #expect(c.targets != a.targets && Set(a.targets).count == 3, "another seed, other values: \(a.targets), \(c.targets)")
    }

    @Test func hitTestingFindsTheRingUnderThePointer() {
        let layout = RingLayout(width: 400, height: 400, count: 3, theme: .standard)
        for i in 0..<3 {
            let r = layout.ring(i).radius
            #expect(layout.ring(at: Point(x: 200 + r, y: 200)) == i)
            #expect(abs(layout.angle(of: Point(x: 200, y: 200 + r)) - Double.pi) < 1e-12)
        }
        #expect(layout.ring(at: Point(x: 200, y: 200)) == nil)
        #expect(layout.ring(at: Point(x: 5, y: 5)) == nil)
    }
}

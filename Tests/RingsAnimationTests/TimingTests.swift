import Foundation
@testable import RingsAnimation
import Testing
import TestSupport

@Suite struct TimingCurveTests {
    /// An independent solution: plain bisection on x(t) to 1e-15, in Horner form.
    func reference(_ c: TimingCurve, _ x: Double) -> Double {
        func poly(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            // (3 p1) t + (3 p2 - 6 p1) t^2 + (1 + 3 p1 - 3 p2) t^3
            ((1 + 3 * p1 - 3 * p2) * t + (3 * p2 - 6 * p1)) * t * t + 3 * p1 * t
        }
        var low = 0.0, high = 1.0
        while high - low > 1e-15 {
            let mid = (low + high) / 2
            if poly(mid, c.x1, c.x2) < x { low = mid } else { high = mid }
        }
        return poly((low + high) / 2, c.y1, c.y2)
    }

    @Test func presetsAndRandomCurvesMatchAnIndependentSolution() throws {
        var rng = SeededGenerator(seed: 3)
        var curves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        for _ in 0..<40 {
            curves.append(try TimingCurve(x1: .random(in: 0...1, using: &rng), y1: .random(in: -1...2, using: &rng),
                                          x2: .random(in: 0...1, using: &rng), y2: .random(in: -1...2, using: &rng)))
        }
        curves.append(try TimingCurve(x1: 1, y1: 0, x2: 0, y2: 1))  // flat in the middle: Newton gives up there
        curves.append(try TimingCurve(x1: 0, y1: 1, x2: 1, y2: 0))
        for curve in curves {
            for i in 0...200 {
                let x = Double(i) / 200
                #expect(abs(curve.value(at: x) - reference(curve, x)) < 1e-6, "\(curve) at \(x)")
            }
        }
    }

    @Test func knownValues() {
        #expect(TimingCurve.easeInEaseOut.value(at: 0.5) == 0.5 || abs(TimingCurve.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
        #expect(TimingCurve.easeIn.value(at: 0) == 0 && TimingCurve.easeIn.value(at: 1) == 1)
        #expect(TimingCurve.easeOut.value(at: 0.5) > 0.5 && TimingCurve.easeIn.value(at: 0.5) < 0.5)
    }

    @Test func invalidControlPointsAreRejected() {
        #expect(throws: TimingCurveError.controlPointsOutOfRange(x1: 1.5, x2: 0.5)) { try TimingCurve(x1: 1.5, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: TimingCurveError.notFinite) { try TimingCurve(x1: .nan, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: TimingCurveError.self) { try TimingCurve.named("bouncy") }
        #expect(throws: TimingCurveError.self) { try TimingCurve.named("cubic-bezier(0.1, 0.2, 1.3, 1)") }
        #expect(throws: TimingCurveError.self) { try TimingCurve.named("cubic-bezier(0.1, 0.2, 0.3)") }
    }

    @Test func namesParse() throws {
        #expect(try TimingCurve.named("easeInEaseOut") == .easeInEaseOut)
        #expect(try TimingCurve.named("cubic-bezier(0.25, 0.1, 0.25, 1)") == .default)
        #expect(try TimingCurve.named(" cubic-bezier(0.3,0,0.7,1) ") == TimingCurve(x1: 0.3, y1: 0, x2: 0.7, y2: 1))
    }
}

@Suite struct KeyframeTests {
    @Test func segmentBoundariesAreExact() throws {
        let values = [0.1, 0.37, 0.93, 2.2]
        let frames = try Keyframes(values: values, keyTimes: [0, 0.3, 0.55, 1], curves: [.easeIn, .easeOut, .default], duration: 2)
        for (value, key) in zip(values, [0, 0.3, 0.55, 1.0]) { #expect(frames.value(at: key * 2) == value) }
        #expect(frames.value(at: -1) == 0.1 && frames.value(at: 5) == 2.2)
        // Inside a segment its own curve applies.
        let inside = frames.value(at: 0.3 * 2 + 0.125 * 2)
        #expect(abs(inside - (0.37 + (0.93 - 0.37) * TimingCurve.easeOut.value(at: 0.5))) < 1e-12)
    }

    @Test func twoPhaseDoesNinetyPercentInTheFirstSecond() throws {
        let frames = try Keyframes.twoPhase(from: 0.0, to: 0.8)
        #expect(frames.value(at: 1) == 0.8 * 0.9 || abs(frames.value(at: 1) - 0.72) < 1e-15)
        #expect(abs(frames.value(at: 0.5) - 0.36) < 1e-12)
        #expect(abs(frames.value(at: 1.5) - 0.76) < 1e-12)
        #expect(frames.value(at: 2) == 0.8)
        #expect(frames.isFinished(at: 2) && !frames.isFinished(at: 1.99))
    }

    @Test func badKeyTimesAreRejected() {
        #expect(throws: KeyframeError.keyTimesNotRising) { try Keyframes(values: [0.0, 1.0, 2.0], keyTimes: [0, 0.6, 0.5], duration: 1) }
        #expect(throws: KeyframeError.keyTimesNotRising) { try Keyframes(values: [0.0, 1.0], keyTimes: [0.1, 1], duration: 1) }
        #expect(throws: KeyframeError.keyTimeCount(values: 2, keyTimes: 3)) { try Keyframes(values: [0.0, 1.0], keyTimes: [0, 0.5, 1], duration: 1) }
        #expect(throws: KeyframeError.tooFewValues) { try Keyframes(values: [1.0], duration: 1) }
        #expect(throws: KeyframeError.curveCount(segments: 2, curves: 3)) {
            try Keyframes(values: [0.0, 1.0, 2.0], curves: [.linear, .linear, .linear], duration: 1)
        }
    }

    @Test func pairsAndVectorsAnimateTogether() {
        let arc = Tween(from: AnimatablePair(0.0, AnimatablePair(0.25, 1.0)), to: AnimatablePair(1.0, AnimatablePair(0.75, 0.0)),
                        duration: 1, curve: .linear)
        let mid = arc.value(at: 0.5)
        #expect(mid.first == 0.5 && mid.second.first == 0.5 && mid.second.second == 0.5)
        let rings = Tween(from: AnimatableVector([0, 0, 0]), to: AnimatableVector([0.72, 1.35, 0.48]), duration: 2, curve: .linear)
        #expect(rings.value(at: 1).values == [0.36, 0.675, 0.24])
    }
}

import Foundation
@testable import RingsAnimation
import Testing

@Suite struct ArcMotionTests {
    /// Start and end angles: most of a turn, past two laps, counter-clockwise past one lap.
    static let arcs: [(Double, Double)] = [(0.0, 5.0265), (1.0, 15.7655), (0.5, -7.0398)]

    @Test(arguments: arcs)
    func theDotStaysOnTheArcAtConstantSpeed(start: Double, end: Double) throws {
        let center = AnimatablePoint(x: 1200, y: 1100), radius = 1000.0
        let dot = try ArcMotion(center: center, radius: radius, angles: [start, end], duration: 2)
        let speed = abs(end - start) * radius / 2
        for i in 0...240 {
            let t = Double(i) / 120
            let p = dot.value(at: t)
            #expect(abs((p - center).magnitude - radius) < 0.01, "off the arc at \(t)")
            if i > 0 && i < 240 {
                let measured = (dot.value(at: t + 1e-5) - dot.value(at: t - 1e-5)).magnitude / 2e-5
                #expect(abs(measured - speed) / speed < 0.005, "speed \(measured) against \(speed) at \(t)")
            }
        }
        let arcEnd = AnimatablePoint(x: center.x + radius * sin(end), y: center.y - radius * cos(end))
        let miss = (dot.value(at: 2) - arcEnd).magnitude
        #expect(miss < 1e-9)
    }

    /// The tip dot and the ring's end move by the same two-phase keyframes, so in every frame the dot
    /// sits exactly where the arc ends.
    @Test func theTipDotIsAtTheArcsEndInEveryFrame() throws {
        let progress = try Keyframes.twoPhase(from: 0.1, to: 0.8)
        let angles = progress.values.map { 2 * Double.pi * $0 }
        let dot = try ArcMotion(center: AnimatablePoint(x: 0, y: 0), radius: 300, angles: angles, keyTimes: progress.keyTimes, duration: 2)
        for frame in 0...120 {
            let t = Double(frame) / 60
            let angle = 2 * Double.pi * progress.value(at: t)
            let end = AnimatablePoint(x: 300 * sin(angle), y: -300 * cos(angle))
            #expect((dot.value(at: t) - end).magnitude < 1e-9, "frame \(frame)")
        }
        // Constant speed within each phase, 9 times faster in the first.
        let first = (dot.value(at: 0.51) - dot.value(at: 0.49)).magnitude, second = (dot.value(at: 1.51) - dot.value(at: 1.49)).magnitude
        #expect(abs(first / second - 9) < 0.01)
    }
}

@Suite struct SpringTests {
    @Test func aSpringSettlesAndSaysSo() {
        let spring = Spring(from: 0.0, to: 1.0, stiffness: 170, damping: 26)
        #expect(spring.settlingTime > 0.3 && spring.settlingTime < 3)
        #expect(spring.isFinished(at: spring.settlingTime) && !spring.isFinished(at: spring.settlingTime - 0.01))
        #expect(spring.value(at: spring.settlingTime) == 1)
        #expect(abs(spring.value(at: spring.settlingTime - 0.001) - 1) < 1e-3)
        let bouncy = Spring(from: 0.0, to: 1.0, stiffness: 300, damping: 4)
        #expect((0..<300).map { bouncy.value(at: Double($0) / 100) }.max()! > 1.2, "an underdamped spring overshoots")
    }

    @Test func theSameSpringAtAnyFrameRate() {
        let spring = Spring(from: AnimatablePoint(x: 0, y: 0), to: AnimatablePoint(x: 100, y: -50), stiffness: 200, damping: 15,
                            initialVelocity: AnimatablePoint(x: 0, y: 400))
        let at60 = spring.value(at: 0.25), at144 = spring.value(at: 36.0 / 144)
        #expect((at60 - at144).magnitude < 1e-12)
    }
}

@Suite struct AnimatorTests {
    @Test func retargetingStartsFromWhatIsOnScreen() {
        let clock = ManualClock()
        let ring = Animator(0.0)
        ring.animate(to: 1.0, with: .tween(duration: 1, curve: .easeInEaseOut), at: clock.now())
        clock.advance(by: 0.4)
        ring.update(at: clock.now())
        let onScreen = ring.presented
        ring.animate(to: 0.2, with: .tween(duration: 1, curve: .easeInEaseOut), at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-9)
        ring.update(at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-9)
        clock.advance(by: 1e-6)
        ring.update(at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-6)
    }

    @Test func springsKeepTheirVelocityWhenRetargeted() {
        let ring = Animator(0.0)
        ring.animate(to: 1.0, with: .spring(), at: 0)
        ring.update(at: 0.1)
        let before = ring.current!.animation.velocity(at: 0.1)
        ring.animate(to: -1.0, with: .spring(), at: 0.1)
        let after = ring.current!.animation.velocity(at: 0)
        #expect(abs(before - after) < 1e-9)
        #expect(abs(ring.current!.animation.value(at: 0) - ring.presented) < 1e-12)
    }
}

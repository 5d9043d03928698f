import Foundation
@testable import RingsAnimation
import Testing

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
        let spring = Spring(from: AnimatableVector([0, 0]), to: [100, -50], stiffness: 200, damping: 15, initialVelocity: [0, 400])
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

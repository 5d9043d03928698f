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

    /// An animator stepped at 60 Hz and one stepped at 144 Hz show the same value at 0.25 s (15 and
    /// 36 frames), on its way.
    @Test func theSameSpringAtAnyFrameRate() {
        func stepped(at rate: Int) -> Double {
            let ring = Animator(0.0)
            ring.animate(to: 1.0, with: .spring(), at: 0)
            for frame in 1...(rate / 4) { ring.update(at: Double(frame) / Double(rate)) }
            return ring.presented
        }
        let at60 = stepped(at: 60), at144 = stepped(at: 144)
        #expect(at60 > 0.5 && at60 < 0.99, "on its way at 0.25 s: \(at60)")
        #expect(abs(at60 - at144) < 1e-12)
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
        #expect(onScreen > 0.05 && onScreen < 0.95, "on its way at 0.4 s: \(onScreen)")
        ring.animate(to: 0.2, with: .tween(duration: 1, curve: .easeInEaseOut), at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-9)
        ring.update(at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-9)
        clock.advance(by: 1e-6)
        ring.update(at: clock.now())
        #expect(abs(ring.presented - onScreen) < 1e-6)
        clock.advance(by: 0.5)
        ring.update(at: clock.now())
        #expect(ring.presented < onScreen && ring.presented > 0.2, "half way back: \(ring.presented)")
    }

    @Test func springsKeepTheirVelocityWhenRetargeted() {
        let ring = Animator(0.0)
        ring.animate(to: 1.0, with: .spring(), at: 0)
        ring.update(at: 0.1)
        let before = ring.current!.animation.velocity(at: 0.1)
        #expect(before > 1, "moving at 0.1 s: \(before)")
        ring.animate(to: -1.0, with: .spring(), at: 0.1)
        let after = ring.current!.animation.velocity(at: 0)
        #expect(abs(before - after) < 1e-9)
        #expect(abs(ring.current!.animation.value(at: 0) - ring.presented) < 1e-12)
    }
}

import Foundation
@testable import RingsAnimation
import Testing

@Suite struct DisplayLinkTests {
    @Test func aMillionTicksWithoutDrift() {
        let clock = ManualClock(start: 1000)
        let loop = FrameLoop(clock: clock)
        var last = FrameTick(timestamp: 0, targetTimestamp: 0, duration: 0)
        let link = loop.addDisplayLink(refreshInterval: 1.0 / 60) { last = $0 }
        for _ in 0..<1_000_000 {
            clock.advance(to: loop.nextDeadline!)
            loop.runDue()
        }
        #expect(link.tickCount == 1_000_000 && link.droppedFrames == 0)
        #expect(abs(last.timestamp - (1000 + 1_000_000.0 / 60)) < 1e-9)
        #expect(abs(last.targetTimestamp - last.timestamp - 1.0 / 60) < 1e-9 && last.duration == 1.0 / 60)
    }

    @Test func thirtyFramesPerSecondOnSixtyHertzTicksEveryOtherFrame() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        var stamps: [Double] = []
        let link = loop.addDisplayLink { stamps.append($0.timestamp) }
        link.preferredFramesPerSecond = 30
        for _ in 0..<120 { clock.advance(by: 1.0 / 120); loop.runDue() }
        #expect(stamps.count == 30)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { abs($1 - $0 - 2.0 / 60) < 1e-12 })
    }

    @Test func lateFramesCountAsDroppedAndPauseStopsTicking() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        var ticks = 0
        let link = loop.addDisplayLink { _ in ticks += 1 }
        clock.advance(by: 1.0 / 60); loop.runDue()
        clock.advance(by: 3.0 / 60); loop.runDue()   // two frames were missed
        #expect(ticks == 2 && link.droppedFrames == 2)
        link.isPaused = true
        clock.advance(by: 1); loop.runDue()
        #expect(ticks == 2 && loop.nextDeadline == nil)
    }

    @Test func itSleepsWhileNothingAnimatesAndWakesOnTheNextChange() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        let ring = Animator(0.0)
        var frames: [Double] = []
        let link = loop.addDisplayLink { tick in ring.update(at: tick.targetTimestamp); frames.append(tick.timestamp) }
        link.isActive = { ring.isAnimating }
        #expect(loop.nextDeadline == nil)
        clock.advance(by: 10)
        ring.animate(to: 1, with: .tween(duration: 0.5, curve: .linear), at: clock.now())
        #expect(loop.nextDeadline != nil)
        while let due = loop.nextDeadline { clock.advance(to: due); loop.runDue() }
        #expect(ring.presented == 1 && !ring.isAnimating)
        #expect(link.droppedFrames == 0, "the idle frames are not dropped ones")
        #expect(frames.count >= 30 && frames.count <= 32 && abs(frames[0] - 10) < 1e-9)
    }

    @Test func timersShareTheClockAndKeepAbsoluteTime() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        var fired: [Double] = []
        let timer = loop.addTimer(interval: 0.02) { fired.append($0) }
        loop.addDisplayLink { _ in }
        for _ in 0..<600 { clock.advance(by: 1.0 / 600); loop.runDue() }
        #expect(fired.count == 50)
        #expect(abs(fired.last! - 1.0) < 1e-9)
        loop.removeTimer(timer)
        clock.advance(by: 1); loop.runDue()
        #expect(fired.count == 50)
    }
}

@Suite struct LabelTests {
    @Test func formats() {
        #expect(LabelFormat.percent().text(for: 0.72) == "72%")
        #expect(LabelFormat.percent().text(for: 1.35) == "135%")
        #expect(LabelFormat.percent(decimals: 1).text(for: 0.7234) == "72.3%")
        #expect(LabelFormat.percent(decimals: 0, suffix: " %").text(for: 0.5) == "50 %")
        #expect(LabelFormat.goal(600, unit: "CAL").text(for: 430.0 / 600) == "430/600 CAL")
        let download = LabelFormat.words(waiting: "Waiting...", done: "Done", inner: .percent())
        #expect(download.text(for: 0, started: false) == "Waiting...")
        #expect(download.text(for: 0.4) == "40%")
        #expect(download.text(for: 1) == "Done")
        #expect(LabelFormat.percent().text(for: .nan) == "0%")
        // Whole percentages round as printf's "%.0f" does, an exact half to even, however large.
        for value in [0.005, 0.015, 0.025, 0.125, 0.994999, 0.995, 1.0049, 7.5, 123.456, 1e13, 1e20] {
            #expect(LabelFormat.percent().text(for: value) == String(format: "%.0f", value * 100) + "%", "\(value)")
        }
    }

    @Test func theLabelCountsThroughEveryNumberOnTheWay() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        let ring = Animator(1.0)
        var texts: [String] = []
        let link = loop.addDisplayLink { tick in ring.update(at: tick.targetTimestamp); texts.append(LabelFormat.percent().text(for: ring.presented)) }
        link.isActive = { ring.isAnimating }
        ring.animate(to: 0.5, with: .standard, at: clock.now())
        while let due = loop.nextDeadline { clock.advance(to: due); loop.runDue() }
        let numbers = texts.map { Int($0.dropLast())! }
        #expect(numbers.last == 50)
        #expect(Set(numbers).isSuperset(of: Set(50...99).subtracting(Set(55...95))), "\(numbers)")
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 >= $1 }, "counts down steadily")
    }

    @Test func aTimerDrivenLabelStepsEveryTwentyMillisecondsWhateverTheFrameRate() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        let ring = Animator(0.0)
        let label = TimerCountingLabel(format: .percent(), interval: 0.02)
        label.start(on: loop) { ring.presented }
        var shownAtFrames: [Double] = []
        let link = loop.addDisplayLink(refreshInterval: 1.0 / 144) { tick in ring.update(at: tick.targetTimestamp); shownAtFrames.append(label.shown) }
        link.isActive = { ring.isAnimating }
        ring.animate(to: 0.8, with: .twoPhase(), at: clock.now())
        for _ in 0..<(2 * 144 + 10) { clock.advance(by: 1.0 / 144); loop.runDue() }
        #expect(Set(shownAtFrames).count <= 101, "at most one new number per timer step")
        #expect(label.text == "80%")
        label.stop(on: loop)
    }

    /// The gold label read at any frame shows what a 0.02 s timer stepping since the start would:
    /// the value at the last step, one new number per step at most, the final value at the end.
    @Test func timerStepsReadAtFrames() throws {
        let two = try Keyframes.twoPhase(from: 0.0, to: 0.8)
        var seen: [Double] = []
        for frame in 0...300 {
            let now = 7 + Double(frame) / 144
            let shown = TimerCountingLabel.value(of: two, since: 7, at: now)
            #expect(shown == two.value(at: ((now - 7) / 0.02).rounded(.down) * 0.02) || shown == 0.8)
            if seen.last != shown { seen.append(shown) }
        }
        #expect(seen.count <= 101 && seen.first == 0 && seen.last == 0.8)
        #expect(TimerCountingLabel.value(of: two, since: 7, at: 7.019) == 0 && abs(TimerCountingLabel.value(of: two, since: 7, at: 7.021) - 0.72 * 0.02) < 1e-12)
    }
}

/// The display link driven by presents: ticks follow each present's return, the interval is the
/// one measured from them, and an idle link costs nothing.
@Suite struct PresentDisplayLinkTests {
    @Test func ticksFollowPresentsAtTheMeasuredInterval() {
        let clock = ManualClock(start: 100)
        let loop = FrameLoop(clock: clock)
        var ticks: [FrameTick] = []
        let link = PresentDisplayLink(nominalInterval: 1.0 / 60) { ticks.append($0) }
        loop.add(link)
        // The compositor paces at 16.1 ms, not the mode's 16.67.
        for _ in 0..<40 {
            #expect(loop.nextDeadline! <= clock.now(), "a tick is due as soon as the last present returned")
            loop.runDue()
            clock.advance(by: 0.0161)
            link.presented(at: clock.now())
        }
        #expect(ticks.count == 40)
        #expect(abs(link.refreshInterval - 0.0161) < 1e-9)
        let last = ticks.last!
        #expect(abs(last.targetTimestamp - last.timestamp - 0.0161) < 1e-9 && last.duration == link.refreshInterval)
        #expect(link.droppedFrames == 0)
        // A present that took three vblanks dropped two frames.
        loop.runDue()
        clock.advance(by: 3 * 0.0161)
        link.presented(at: clock.now())
        #expect(link.droppedFrames == 2)
    }

    @Test func nothingToShowWaitsARefreshAndIdleSleeps() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        var active = true, ticks = 0
        let link = PresentDisplayLink(nominalInterval: 0.02) { _ in ticks += 1 }
        link.isActive = { active }
        loop.add(link)
        loop.runDue()
        link.skipped(at: clock.now())
        #expect(loop.nextDeadline == 0.02, "no present, so no vblank to follow: a refresh later")
        active = false
        #expect(loop.nextDeadline == nil, "idle: the loop may block on events")
        clock.advance(by: 5)
        loop.runDue()
        #expect(ticks == 1)
        active = true
        loop.runDue()
        #expect(ticks == 2, "woken, it ticks at once")
    }
}

import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport

/// The live screen without SDL: input in its own terms, time on a manual clock.
@Suite struct LiveScreenTests {
    let theme = Theme.standard

    func screen(_ values: [Double] = [0.72, 1.35, 0.48], kiosk: Bool = false, shiftEvery: Double? = nil,
                script: ValueScript? = nil) -> LiveScreen {
        LiveScreen(options: .init(theme: theme, values: values, spec: .tween(duration: 1, curve: .linear), chrome: false,
                                  kiosk: kiosk, shiftEvery: shiftEvery, script: script),
                   glyphs: nil, problems: ProblemLog(now: { 0 }, write: { _ in }))
    }

    func values(of frame: ScreenFrame) -> [Double] {
        if case let .rings(scene, _) = frame { return scene.values }
        return []
    }

    @Test func keysSelectSetAndNudge() {
        let s = screen()
        #expect(s.handle(.key(.tab), width: 400, height: 400, at: 0) == nil)
        #expect(s.model.selection == 0)
        _ = s.handle(.key(.digit(5)), width: 400, height: 400, at: 0)
        #expect(s.model.targets == [0.5, 1.35, 0.48])
        _ = s.handle(.key(.tab, .shift), width: 400, height: 400, at: 0)
        #expect(s.model.selection == nil)
        _ = s.handle(.key(.right, .shift), width: 400, height: 400, at: 0)
        #expect(s.model.targets.map { ($0 * 100).rounded() } == [60, 145, 58])
        #expect(s.handle(.key(.letter("f")), width: 400, height: 400, at: 0) == .toggleFullscreen)
        #expect(s.handle(.key(.letter("q")), width: 400, height: 400, at: 0) == .quit)
        #expect(s.handle(.key(.escape), width: 400, height: 400, at: 0) == .leave, "no help: the window's (fullscreen, else quit)")
        _ = s.handle(.key(.question), width: 400, height: 400, at: 0)
        #expect(s.handle(.key(.escape), width: 400, height: 400, at: 0) == nil, "Esc closes the help first")
        #expect(s.handle(.key(.escape), width: 400, height: 400, at: 0) == .leave)
        #expect(s.handle(.key(.letter("x")), width: 400, height: 400, at: 0) == nil)
        #expect(s.handle(.exposed, width: 400, height: 400, at: 0) == .redrawAll)
    }

    @Test func framesFollowTheClockAndStopWhenSettled() {
        let s = screen([0, 0, 0])
        _ = s.frame(width: 200, height: 200, at: 0)
        #expect(!s.wantsFrames, "nothing moves: no frames wanted")
        _ = s.handle(.key(.equals), width: 200, height: 200, at: 0)
        #expect(s.wantsFrames)
        #expect(values(of: s.frame(width: 200, height: 200, at: 0.25)) == [0.25, 0.25, 0.25])
        #expect(values(of: s.frame(width: 200, height: 200, at: 1)) == [1, 1, 1])
        #expect(!s.wantsFrames)
    }

    @Test func theRingsGrowInWhenTheWindowOpensUnlessTold() {
        let growing = LiveScreen(options: .init(theme: theme, values: [0.8, 1.2], spec: .tween(duration: 1, curve: .linear), chrome: false, intro: true),
                                 glyphs: nil, problems: ProblemLog(now: { 0 }, write: { _ in }))
        #expect(values(of: growing.frame(width: 200, height: 200, at: 5)) == [0, 0])
        #expect(values(of: growing.frame(width: 200, height: 200, at: 5.5)).map { ($0 * 100).rounded() } == [40, 60])
        #expect(values(of: growing.frame(width: 200, height: 200, at: 6)) == [0.8, 1.2])
        #expect(growing.model.targets == [0.8, 1.2], "the values themselves never change")
        #expect(values(of: screen([0.8, 1.2]).frame(width: 200, height: 200, at: 5)) == [0.8, 1.2], "no intro: the values at once")
    }

    @Test func aSelectionChangeAsksForAWholeFrame() {
        let s = screen()
        _ = s.frame(width: 200, height: 200, at: 0)
        _ = s.handle(.key(.tab), width: 200, height: 200, at: 0)
        #expect(s.wantsFrames)
        if case let .rings(_, whole) = s.frame(width: 200, height: 200, at: 0) { #expect(whole) } else { Issue.record("a rings frame") }
    }

    @Test(arguments: [true, false])
    func aClickSelectsADragSetsAndTheWheelNudges(clockwise: Bool) {
        var theme = self.theme
        theme.clockwise = clockwise
        let s = LiveScreen(options: .init(theme: theme, values: [0.72, 1.35, 0.48], spec: .tween(duration: 1, curve: .linear), chrome: false),
                           glyphs: nil, problems: ProblemLog(now: { 0 }, write: { _ in }))
        let layout = RingLayout(width: 400, height: 400, count: 3, theme: theme)
        let outer = layout.ring(0).radius, inner = layout.ring(2).radius
        // A click at 12 o'clock on the ring at 135 % selects it and leaves its value.
        _ = s.handle(.press(Point(x: 200, y: 200 - outer)), width: 400, height: 400, at: 0)
        _ = s.handle(.motion(Point(x: 202, y: 200 - outer)), width: 400, height: 400, at: 0)
        _ = s.handle(.release(Point(x: 202, y: 200 - outer)), width: 400, height: 400, at: 0)
        #expect(s.model.selection == 0 && !s.model.isDragging)
        #expect(s.model.targets == [0.72, 1.35, 0.48], "a click changes no value")
        // Pressed at 3 o'clock (9 o'clock counter-clockwise) and moved: a drag, by angle.
        let side = clockwise ? 1.0 : -1.0
        _ = s.handle(.press(Point(x: 200 + side * outer, y: 195)), width: 400, height: 400, at: 0)
        #expect(!s.model.isDragging && s.model.targets[0] == 0.72)
        _ = s.handle(.motion(Point(x: 200 + side * outer, y: 200)), width: 400, height: 400, at: 0)
        #expect(s.model.selection == 0 && s.model.isDragging)
        #expect(abs(s.model.targets[0] - 0.25) < 0.01, "a quarter of the way round")
        _ = s.handle(.release(Point(x: 200 + side * outer, y: 200)), width: 400, height: 400, at: 0)
        #expect(!s.model.isDragging)
        _ = s.handle(.wheel(steps: 2, at: Point(x: 200 - inner, y: 200)), width: 400, height: 400, at: 0)
        #expect(abs(s.model.targets[2] - 0.50) < 1e-9)
    }

    @Test func aKioskTakesOnlyTheQuitChord() {
        let s = screen(kiosk: true)
        for input: ScreenInput in [.key(.tab), .key(.digit(3)), .key(.escape), .key(.letter("q")), .press(Point(x: 200, y: 10)),
                                   .wheel(steps: 1, at: Point(x: 200, y: 200))] {
            #expect(s.handle(input, width: 400, height: 400, at: 0) == nil, "\(input)")
        }
        #expect(s.model.targets == [0.72, 1.35, 0.48] && s.model.selection == nil)
        #expect(s.handle(.key(.letter("q"), [.ctrl, .alt]), width: 400, height: 400, at: 0) == .quit)
        #expect(s.handle(.close, width: 400, height: 400, at: 0) == .quit)
    }

    /// With touch-controls a kiosk takes taps and drags as a window does, and still no key or wheel.
    @Test func aKioskWithTouchControlsTakesTapsAndDrags() {
        var options = LiveScreen.Options(theme: theme, values: [0.72, 1.35, 0.48], spec: .tween(duration: 1, curve: .linear), chrome: false, kiosk: true)
        options.touchControls = true
        let s = LiveScreen(options: options, glyphs: nil, problems: ProblemLog(now: { 0 }, write: { _ in }))
        let outer = RingLayout(width: 400, height: 400, count: 3, theme: theme).ring(0).radius
        _ = s.handle(.press(Point(x: 200, y: 200 - outer)), width: 400, height: 400, at: 0)
        _ = s.handle(.release(Point(x: 200, y: 200 - outer)), width: 400, height: 400, at: 0)
        #expect(s.model.selection == 0 && s.model.targets == [0.72, 1.35, 0.48], "a tap selects and changes nothing")
        for input: ScreenInput in [.key(.digit(3)), .key(.right), .wheel(steps: 1, at: Point(x: 200, y: 200 - outer))] {
            #expect(s.handle(input, width: 400, height: 400, at: 0) == nil, "\(input)")
        }
        #expect(s.model.targets == [0.72, 1.35, 0.48], "keys and the wheel do nothing")
        _ = s.handle(.press(Point(x: 200 + outer, y: 195)), width: 400, height: 400, at: 0)
        _ = s.handle(.motion(Point(x: 200 + outer, y: 200)), width: 400, height: 400, at: 0)
        _ = s.handle(.release(Point(x: 200 + outer, y: 200)), width: 400, height: 400, at: 0)
        #expect(abs(s.model.targets[0] - 0.25) < 0.01, "a drag sets it by angle")
    }

    @Test func timersShiftTheRingsAndStepTheScript() {
        let clock = ManualClock()
        let loop = FrameLoop(clock: clock)
        // The download script: 0 % after 1.5 s, then 1 % every 0.03 s.
        let s = screen([0.5], shiftEvery: 60, script: .download)
        s.start(on: loop, stats: FrameStats(), wake: {})
        func run(for seconds: Double) {
            for _ in 0..<Int((seconds / 0.005).rounded()) { clock.advance(by: 0.005); loop.runDue() }
        }
        run(for: 1.4)
        #expect(s.model.targets == [0.5])
        run(for: 0.2)
        #expect(s.model.targets == [0.03])
        // Space plays it again from 0 (the download demo's replay).
        _ = s.handle(.key(.space), width: 800, height: 800, at: clock.now())
        #expect(s.model.targets == [0])
        run(for: 1.6)
        #expect(s.model.targets == [0.03])
        _ = s.frame(width: 800, height: 800, at: clock.now())
        run(for: 60)
        #expect(s.wantsFrames, "a burn-in step is a change to draw")
        if case let .rings(scene, _) = s.frame(width: 800, height: 800, at: clock.now()) {
            #expect(scene.offset == (2, 0), "one step right, 1 px per 400 px of the side")
        } else {
            Issue.record("a rings frame")
        }
        s.stop()
    }
}

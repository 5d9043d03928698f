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

/// Live rings show what their sources said and nothing else.
@Suite struct LiveSourceTests {
    func chrome(_ screen: LiveScreen, at time: Double) -> Chrome? {
        guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: time) else { return nil }
        return scene.chrome
    }

    /// Rings that wait for their first value are empty and say "–" in the legend and the label; a
    /// feed that cannot be opened says so in the legend, and the line goes once it opens.
    @Test func ringsWaitForTheirFirstValueAndAMissingFeedIsShown() throws {
        let path = "/tmp/rings-live-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let screen = LiveScreen(options: .init(theme: .standard, values: [0.72, 1.35, 0.48], spec: .tween(duration: 0.1, curve: .linear),
                                               feed: .path(path), startsEmpty: true),
                                glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock()
        screen.start(on: FrameLoop(clock: clock), stats: FrameStats(), wake: {})
        defer { screen.stop() }
        #expect(screen.model.targets == [0, 0, 0], "the sample values are not shown")
        func legend() -> [String] {
            screen.wake(at: clock.now())
            return chrome(screen, at: clock.now())?.legend.map { "\($0.name) \($0.value)" } ?? []
        }
        // The path is longer than the legend's widest line: it ends in "...".
        #expect(eventually(within: 5) { legend() == ["Move –", "Exercise –", "Stand –", "feed no such file: /tmp/rings-live..."] }, "\(legend())")
        #expect(chrome(screen, at: clock.now())?.label == "–")
        FileManager.default.createFile(atPath: path, contents: Data("2=0.5\n".utf8))
        #expect(eventually(within: 10) { clock.advance(by: 0.2); return legend() == ["Move –", "Exercise 50%", "Stand –"] }, "\(legend())")
        #expect(chrome(screen, at: clock.now())?.label == "–", "the average needs every ring")
        _ = screen.handle(.key(.tab), width: 600, height: 400, at: clock.now())
        _ = screen.handle(.key(.tab), width: 600, height: 400, at: clock.now())
        #expect(chrome(screen, at: clock.now())?.label == "50%", "the selected ring's own value")
    }

    /// A value older than `staleAfter` is marked in the legend with its age and its ring faded; a fresh
    /// one takes both away.
    @Test func oldValuesAreMarkedStale() throws {
        let path = "/tmp/rings-stale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: path, contents: Data("2=0.5\n".utf8))
        defer { unlink(path) }
        let screen = LiveScreen(options: .init(theme: .standard, values: [0.72, 1.35, 0.48], spec: .tween(duration: 0.1, curve: .linear),
                                               feed: .path(path), startsEmpty: true, staleAfter: 60),
                                glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock(), loop = FrameLoop(clock: clock)
        screen.start(on: loop, stats: FrameStats(), wake: {})
        defer { screen.stop() }
        func legend() -> [String] {
            screen.wake(at: clock.now())
            return chrome(screen, at: clock.now())?.legend.map { "\($0.name) \($0.value)" } ?? []
        }
        #expect(eventually(within: 5) { clock.advance(by: 0.2); return legend() == ["Move –", "Exercise 50%", "Stand –"] }, "\(legend())")
        let freshColour = Theme.standard.style(ofRing: 1).start
        for _ in 0..<125 { clock.advance(by: 1); loop.runDue() }
        #expect(legend() == ["Move –", "Exercise 50%  stale 2 m", "Stand –"])
        guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { Issue.record("a rings frame"); return }
        let faded = scene.theme.style(ofRing: 1).start
        #expect(max(faded.r, faded.g, faded.b) < max(freshColour.r, freshColour.g, freshColour.b), "\(faded) is darker than \(freshColour)")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("2=0.6\n".utf8))
        try handle.close()
        #expect(eventually(within: 5) { clock.advance(by: 0.2); return legend() == ["Move –", "Exercise 60%", "Stand –"] }, "\(legend())")
        clock.advance(by: 1)
        guard case let .rings(back, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { Issue.record("a rings frame"); return }
        #expect(back.theme.style(ofRing: 1).start == freshColour, "its colours back once the fade is done")
    }

    /// A ring past its alert pulses (frames keep coming, its colours dim and come back); with reduced
    /// motion it keeps still.
    @Test func aRingPastItsAlertPulsesUnlessMotionIsReduced() {
        var theme = Theme.standard
        theme.rings[0].alert = 0.9
        for still in [false, true] {
            var options = LiveScreen.Options(theme: theme, values: [0.95, 0.5, 0.5], spec: .tween(duration: 0.1, curve: .linear))
            options.reducedMotion = still
            let screen = LiveScreen(options: options, glyphs: nil, problems: ProblemLog(now: { 0 }, write: { _ in }))
            func colour(at time: Double) -> RGB8? {
                guard case let .rings(scene, _) = screen.frame(width: 400, height: 400, at: time) else { return nil }
                return scene.theme.style(ofRing: 0).end
            }
            let calm = colour(at: 0), deep = colour(at: 0.75)
            #expect(screen.wantsFrames == !still, "reduced motion: \(still)")
            #expect((calm != deep) == !still, "\(String(describing: calm)) and \(String(describing: deep))")
            #expect(colour(at: 1.5) == calm, "a pulse every 1.5 s")
        }
    }

    /// A state file is taken only when it is one of ours, for the same rings, with values in range.
    @Test func aStateFileIsTakenOnlyForTheSameRings() {
        let memory = ValueMemory(rings: [.init(name: "Move", value: 0.5, time: 1_795_000_000), .init(name: "Stand", value: nil, time: nil)])
        #expect(ValueMemory.decode(memory.encoded(), names: ["Move", "Stand"]) == memory)
        #expect(ValueMemory.decode(memory.encoded(), names: ["Move", "Exercise"]) == nil, "other rings")
        #expect(ValueMemory.decode(Data(#"{"rings": [{"name": "Move", "value": 99}]}"#.utf8), names: ["Move"]) == nil, "out of range")
        #expect(ValueMemory.decode(Data("not json".utf8), names: ["Move"]) == nil)
        #expect(ValueMemory.decode(Data(repeating: 32, count: 70_000), names: ["Move"]) == nil, "too large to be ours")
        for time in ["-1e300", "-1", "1e300", "9e15", "1.8e9"] {
            let text = #"{"rings": [{"name": "Move", "value": 0.5, "time": "# + time + "}]}"
            #expect(ValueMemory.decode(Data(text.utf8), names: ["Move"], now: 1_795_000_000) == nil, "a time no clock gave: \(time)")
        }
    }

    /// A value that merely repeats is not written to the state file again (each write is a flush to
    /// a kiosk's SD card; the regression: once a second); a new value is.
    @Test func aRepeatedValueIsNotWrittenAgain() throws {
        let path = "/tmp/rings-keep-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: path, contents: Data("1=0.5\n".utf8))
        defer { unlink(path) }
        let written = Mutex<[ValueMemory]>([])
        var options = LiveScreen.Options(theme: .standard, values: [0, 0, 0], spec: .tween(duration: 0.1, curve: .linear),
                                         feed: .path(path), startsEmpty: true)
        options.remember = { memory in written.withLock { $0.append(memory) } }
        let screen = LiveScreen(options: options, glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock(), loop = FrameLoop(clock: clock)
        screen.start(on: loop, stats: FrameStats(), wake: {})
        defer { screen.stop() }
        func append(_ line: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try handle.close()
        }
        func tick(seconds: Int) { for _ in 0..<seconds * 5 { usleep(20_000); clock.advance(by: 0.2); screen.wake(at: clock.now()); loop.runDue() } }
        #expect(eventually(within: 5) { tick(seconds: 1); return written.withLock { $0.count } == 1 }, "the first value is kept")
        for _ in 0..<4 { try append("1=0.5\n"); tick(seconds: 1) }
        #expect(written.withLock { $0.count } == 1, "the same value four times more: \(written.withLock { $0.count }) writes")
        try append("1=0.6\n")
        #expect(eventually(within: 5) { tick(seconds: 1); return written.withLock { $0.count } == 2 }, "a new value is kept")
        #expect(written.withLock { $0.last?.rings.first?.value } == 0.6)
    }

    /// Whatever times a memory holds (one made by hand, not read from a file), the legend says an
    /// age and nothing traps (the regression: a time of -1e300 trapped every start converting the age).
    @Test func anyRememberedTimeGivesAnAgeInWords() {
        let memory = ValueMemory(rings: [.init(name: "Move", value: 0.5, time: -1e300), .init(name: "Exercise", value: 0.6, time: 1e300),
                                         .init(name: "Stand", value: 0.7, time: -.infinity)])
        var options = LiveScreen.Options(theme: .standard, values: [0, 0, 0], spec: .tween(duration: 0.1, curve: .linear),
                                         feed: .path("/nonexistent/rings-feed"), startsEmpty: true)
        options.remembered = memory
        let screen = LiveScreen(options: options, glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock(), loop = FrameLoop(clock: clock)
        screen.start(on: loop, stats: FrameStats(), wake: {})
        defer { screen.stop() }
        clock.advance(by: 1)
        loop.runDue()
        let legend = chrome(screen, at: clock.now())?.legend.map { "\($0.name) \($0.value)" } ?? []
        #expect(legend == ["Move 50%  stale 999+ d", "Exercise 60%  stale 1 s", "Stand 70%  stale 999+ d"], "\(legend)")
    }
}

import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// Live rings show what their sources said and nothing else.
@Suite struct LiveSourceTests {
    func chrome(_ screen: LiveScreen, at time: Double) -> Chrome? {
        guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: time) else { return nil }
        return scene.chrome
    }

    /// A ring the config gave no value, beside rings it did (a `[[ring]]` with no `progress`), says
    /// "–" and keeps the average out of the label (the regression: "0.0%", averaged in).
    @Test func aRingWithNoValueOfItsOwnSaysSo() {
        var options = LiveScreen.Options(theme: .standard, values: [0.5, 0, 0.25], spec: .tween(duration: 0.1, curve: .linear), feed: .standardInput)
        options.unknown = [1]
        let screen = LiveScreen(options: options, glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let shown = chrome(screen, at: 0)
        #expect(shown?.legend.map { "\($0.name) \($0.value)" } == ["Move 50%", "Exercise –  waiting for data", "Stand 25%"], "\(String(describing: shown?.legend))")
        #expect(shown?.label == "–")
    }

    /// A kiosk draws no buttons: nothing may be pressed there (the regression: 0%, 50%, 100% and
    /// Random drawn with `--chrome full`, doing nothing).
    @Test func aKioskDrawsNoButtons() {
        func titles(kiosk: Bool) -> [String]? {
            let screen = LiveScreen(options: .init(theme: .standard, values: [0.5, 0.5, 0.5], spec: .tween(duration: 0.1, curve: .linear), kiosk: kiosk),
                                    glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
            return chrome(screen, at: 0)?.buttonTitles
        }
        #expect(titles(kiosk: true) == [])
        #expect(titles(kiosk: false) == Theme.standard.buttons)
    }

    /// Rings that wait for their first value are empty and say "–" in the label, "–  waiting for data" in the legend; a
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
        // The path is longer than the legend's room: it is cut with "…" only as it is drawn.
        #expect(eventually { legend() == ["Move –  waiting for data", "Exercise –  waiting for data", "Stand –  waiting for data", "feed no such file: \(path)"] }, "\(legend())")
        #expect(chrome(screen, at: clock.now())?.label == "–")
        try writeFile("2=0.5\n", to: path)
        #expect(eventually { clock.advance(by: 0.2); return legend() == ["Move –  waiting for data", "Exercise 50%", "Stand –  waiting for data"] }, "\(legend())")
        #expect(chrome(screen, at: clock.now())?.label == "–", "the average needs every ring")
        _ = screen.handle(.key(.tab), width: 600, height: 400, at: clock.now())
        _ = screen.handle(.key(.tab), width: 600, height: 400, at: clock.now())
        #expect(chrome(screen, at: clock.now())?.label == "50%", "the selected ring's own value")
    }

    /// A value older than `staleAfter` is marked in the legend with its age and its ring faded; a fresh
    /// one takes both away.
    @Test func oldValuesAreMarkedStale() throws {
        let path = "/tmp/rings-stale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try writeFile("2=0.5\n", to: path)
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
        #expect(eventually { clock.advance(by: 0.2); return legend() == ["Move –  waiting for data", "Exercise 50%", "Stand –  waiting for data"] }, "\(legend())")
        let freshColor = Theme.standard.style(ofRing: 1).start
        for _ in 0..<125 { clock.advance(by: 1); loop.runDue() }
        #expect(legend() == ["Move –  waiting for data", "Exercise 50%  stale 2 m", "Stand –  waiting for data"])
        guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { Issue.record("a rings frame"); return }
        let faded = scene.theme.style(ofRing: 1).start
        #expect(max(faded.r, faded.g, faded.b) < max(freshColor.r, freshColor.g, freshColor.b), "\(faded) is darker than \(freshColor)")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("2=0.6\n".utf8))
        try handle.close()
        #expect(eventually { clock.advance(by: 0.2); return legend() == ["Move –  waiting for data", "Exercise 60%", "Stand –  waiting for data"] }, "\(legend())")
        clock.advance(by: 1)
        guard case let .rings(back, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { Issue.record("a rings frame"); return }
        #expect(back.theme.style(ofRing: 1).start == freshColor, "its colours back once the fade is done")
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
            func color(at time: Double) -> RGB8? {
                guard case let .rings(scene, _) = screen.frame(width: 400, height: 400, at: time) else { return nil }
                return scene.theme.style(ofRing: 0).end
            }
            let calm = color(at: 0), deep = color(at: 0.75)
            #expect(screen.wantsFrames == !still, "reduced motion: \(still)")
            #expect((calm != deep) == !still, "\(String(describing: calm)) and \(String(describing: deep))")
            #expect(color(at: 1.5) == calm, "a pulse every 1.5 s")
        }
    }

    /// A state file is taken only when it is one of ours, for the same rings, with values in range.
    @Test func aStateFileIsTakenOnlyForTheSameRings() {
        let memory = ValueMemory(rings: [.init(name: "Move", value: 0.5, time: 1_795_000_000), .init(name: "Stand", value: nil, time: nil)])
        #expect(ValueMemory.decode(memory.encoded(), names: ["Move", "Stand"], now: 1_795_000_000) == memory)
        #expect(ValueMemory.decode(memory.encoded(), names: ["Move", "Exercise"], now: 1_795_000_000) == nil, "other rings")
        #expect(ValueMemory.decode(Data(#"{"rings": [{"name": "Move", "value": 99}]}"#.utf8), names: ["Move"], now: 1_795_000_000) == nil, "out of range")
        #expect(ValueMemory.decode(Data("not json".utf8), names: ["Move"], now: 1_795_000_000) == nil)
        #expect(ValueMemory.decode(Data(repeating: 32, count: 70_000), names: ["Move"], now: 1_795_000_000) == nil, "too large to be ours")
        for time in ["-1e300", "-1", "1e300", "9e15", "1.8e9"] {
            let text = #"{"rings": [{"name": "Move", "value": 0.5, "time": "# + time + "}]}"
            #expect(ValueMemory.decode(Data(text.utf8), names: ["Move"], now: 1_795_000_000) == nil, "a time no clock gave: \(time)")
        }
    }

    /// A value that merely repeats is not written to the state file again (each write is a flush to
    /// a kiosk's SD card; the regression: once a second); a new value is. Each repeat is seen taken
    /// (it makes its stale ring fresh) and the keeper's once-a-second timer seen to run after it
    /// before the writes are counted.
    @Test func aRepeatedValueIsNotWrittenAgain() throws {
        let path = "/tmp/rings-keep-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try writeFile("1=0.5\n", to: path)
        defer { unlink(path) }
        let written = Mutex<[ValueMemory]>([])
        var options = LiveScreen.Options(theme: .standard, values: [0, 0, 0], spec: .tween(duration: 0.1, curve: .linear),
                                         feed: .path(path), startsEmpty: true, staleAfter: 2)
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
        /// The first ring's line in the legend ("Move 50%", with "stale" once its value is older than 2 s).
        func move() -> String {
            screen.wake(at: clock.now())
            return chrome(screen, at: clock.now())?.legend.first.map { "\($0.name) \($0.value)" } ?? ""
        }
        #expect(eventually { tick(seconds: 1); return written.withLock { $0.count } == 1 }, "the first value is kept")
        for round in 1...4 {
            #expect(eventually { tick(seconds: 1); return move().contains("stale") }, "round \(round): stale before the repeat: \(move())")
            try append("1=0.5\n")
            #expect(eventually { tick(seconds: 1); return move() == "Move 50%" }, "round \(round): the repeat is taken: \(move())")
            tick(seconds: 2)   // the keeper's timer runs after the repeat
            #expect(written.withLock { $0.count } == 1, "round \(round): the same value again: \(written.withLock { $0.count }) writes")
        }
        try append("1=0.6\n")
        #expect(eventually { tick(seconds: 1); return written.withLock { $0.count } == 2 }, "a new value is kept")
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

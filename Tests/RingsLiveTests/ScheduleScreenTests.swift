import Foundation
import Rings
@testable import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// The night schedule on the live screen, on a manual clock whose wall time starts at 21:59:50 in
/// Berlin: dim at 22:00 (eased over a second), off at 23:00 (one black frame, then nothing drawn),
/// on at 07:00 (the whole frame again, at full brightness).
@Suite struct ScheduleScreenTests {
    let clock = ManualClock()
    let loop: FrameLoop
    let said = Mutex<[String]>([])
    init() { loop = FrameLoop(clock: clock) }

    /// Options for rings `values` whose wall clock starts at `start` (UTC) in Berlin, on the manual clock.
    func options(_ values: [Double], from start: String) -> LiveScreen.Options {
        var options = LiveScreen.Options(theme: .standard, values: values, spec: .tween(duration: 1, curve: .linear), chrome: false)
        let start = ISO8601DateFormatter().date(from: start)!, clock = clock
        options.wallClock = { start.addingTimeInterval(clock.now()) }
        options.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return options
    }

    /// The live screen started on the manual clock, what it says kept in `said`.
    func started(_ options: LiveScreen.Options) -> LiveScreen {
        let said = said
        let screen = LiveScreen(options: options, glyphs: nil, problems: ProblemLog(now: { 0 }, write: { line in said.withLock { $0.append(line) } }))
        screen.start(on: loop, stats: FrameStats(), wake: {})
        return screen
    }

    /// The brightness of the frame `screen` draws now.
    func brightness(_ screen: LiveScreen) -> Double? {
        guard case let .rings(scene, _) = screen.frame(width: 200, height: 200, at: clock.now()) else { return nil }
        return scene.brightness
    }

    @Test func dimOffAndOnAgain() {
        var options = options([0.5, 0.6, 0.7], from: "2026-06-10T19:59:50Z")
        options.schedule = Schedule(steps: [.init(minute: 22 * 60, brightness: 0.2), .init(minute: 23 * 60, screenOff: true), .init(minute: 7 * 60)])
        let screen = started(options)
        defer { screen.stop() }
        func brightness() -> Double? { self.brightness(screen) }
        func advance(to seconds: Double) { clock.advance(by: seconds - clock.now()); loop.runDue() }
        #expect(brightness() == 1, "21:59:50: full")
        advance(to: 10 + LiveLight.scheduleCheck)
        #expect(screen.wantsFrames, "22:00 read: the dimming runs")
        advance(to: 10 + LiveLight.scheduleCheck + 0.5)
        let halfway = brightness() ?? 0
        #expect(halfway > 0.2 && halfway < 1, "eased, not at once: \(halfway)")
        advance(to: 30)
        #expect(brightness() == 0.2 && !screen.wantsFrames, "dimmed, and still")
        advance(to: 3600 + 10 + LiveLight.scheduleCheck)
        #expect(screen.wantsFrames)
        #expect(brightness() == 0, "23:00: one black frame")
        #expect(!screen.wantsFrames, "then nothing is drawn while the screen is off")
        advance(to: 9 * 3600 + 10 + LiveLight.scheduleCheck)
        #expect(screen.wantsFrames, "07:00: on again")
        guard case let .rings(scene, whole) = screen.frame(width: 200, height: 200, at: clock.now()) else { Issue.record("no frame"); return }
        #expect(whole && scene.values == [0.5, 0.6, 0.7], "the whole frame, current")
        advance(to: 9 * 3600 + 40)
        #expect(brightness() == 1)
        #expect(said.withLock { $0 }.contains { $0.contains("screen off") } && said.withLock { $0 }.contains { $0.contains("screen on") }, "\(said.withLock { $0 })")
    }

    /// A reload that takes the schedule away brings full brightness back; one that gives a schedule
    /// to a screen without one starts reading it.
    @Test func aReloadChangesTheSchedule() {
        let options = options([0.5], from: "2026-06-10T21:00:00Z")
        let screen = started(options)
        defer { screen.stop() }
        func brightness() -> Double? { self.brightness(screen) }
        #expect(brightness() == 1)
        var dimmed = options
        dimmed.schedule = Schedule(steps: [.init(minute: 0, brightness: 0.3)])
        screen.reload(dimmed, at: clock.now())
        clock.advance(by: 2); loop.runDue()
        #expect(brightness() == 0.3, "23:00 in Berlin: the new schedule's step")
        screen.reload(options, at: clock.now())
        clock.advance(by: 2); loop.runDue()
        #expect(brightness() == 1, "no schedule: full brightness again")
    }
}

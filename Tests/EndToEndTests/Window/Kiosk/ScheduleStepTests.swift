import Foundation
import RingsRaster
import Testing
import TestSupport

/// The night schedule's steps as they come while rings runs, in a real window under Xvfb: the
/// debug build reads its wall clock moved by the seconds in RINGS_TEST_CLOCK_FILE (UTC here), so a
/// test can set the time of day and move it on. The schedule is read every 15 s.
@Suite(.serialized) struct ScheduleStepTests {
    static let why: Comment = "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"
    let scratch = ScratchDirectory("rings-schedule-step")
    let look = ["--size", "300x300", "--chrome", "none", "--state-file", "off"]
    /// Off from midnight, on from noon.
    let night = "theme = \"flat\"\nprogress = [0.3, 0.6, 0.9]\nintro = false\nduration = 0.1\n"
        + "[[schedule]]\nat = \"00:00\"\nscreen = \"off\"\n[[schedule]]\nat = \"12:00\"\n"

    /// Moves the clock rings reads to `seconds` after today's UTC midnight.
    func setClock(_ clock: String, to seconds: Int) throws {
        let now = Int(Date().timeIntervalSince1970)
        try "\(seconds - now % 86_400)\n".write(toFile: clock, atomically: true, encoding: .utf8)
    }

    /// Started at 06:00 the screen is black; when the clock passes noon the rings show (eased on),
    /// and when it passes midnight the screen goes black again.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, why))
    func aStepThatComesWhileRingsRunsIsTaken() throws {
        let config = scratch.path + "/night.toml", clock = scratch.path + "/clock"
        try night.write(toFile: config, atomically: true, encoding: .utf8)
        try setClock(clock, to: 6 * 3600)
        let app = try RunningWindow(["--config", config] + look, environment: ["TZ": "UTC", "RINGS_TEST_CLOCK_FILE": clock])
        #expect(try eventually { isBlack(try app.capture()) }, "off at 06:00")
        try setClock(clock, to: 12 * 3600 + 1)
        #expect(try app.settles(to: try ringsRender("300x300", "0.3,0.6,0.9")) == 0, "on once the clock passes noon")
        try setClock(clock, to: 24 * 3600 + 1)
        #expect(try eventually(within: 60) { isBlack(try app.capture()) }, "off again once it passes midnight")
        _ = try app.quit()
        let said = app.said.split(separator: "\n")
        #expect(said.contains { $0.hasSuffix("schedule: screen off") } && said.contains { $0.hasSuffix("schedule: screen on") }, "\(said)")
    }

    /// With wake-on-input, a click on a screen the schedule turned off shows the rings as they were
    /// (the click changes no value) for 5 s after it, then the screen is off again.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, why))
    func aClickWakesAScreenThatIsOff() throws {
        let config = scratch.path + "/wake.toml", clock = scratch.path + "/clock"
        try ("wake-on-input = 5\n" + night).write(toFile: config, atomically: true, encoding: .utf8)
        try setClock(clock, to: 6 * 3600)
        let app = try RunningWindow(["--config", config] + look, environment: ["TZ": "UTC", "RINGS_TEST_CLOCK_FILE": clock])
        #expect(try eventually { isBlack(try app.capture()) }, "off at 06:00")
        try app.display.xdotool(["mousemove", "--window", app.window, "150", "150", "click", "1"])
        #expect(try app.settles(to: try ringsRender("300x300", "0.3,0.6,0.9")) == 0, "the click shows the rings, unchanged")
        #expect(try eventually(within: 60) { isBlack(try app.capture()) }, "off again 5 s after the click")
        // q on a screen that is off wakes it as any key does: SIGTERM ends it.
        end(app.process)
        #expect(app.process.terminationStatus == 0)
    }
}

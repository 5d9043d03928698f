import Foundation
import RingsRaster
import Testing
import TestSupport

/// The night schedule in a real window under Xvfb: a step that turns the screen off leaves one
/// black frame and then nothing drawn. This Xvfb (Debian 12's) has no DPMS extension, so the
/// display's power cannot be switched: that is said once, and the screen stays on, black.
@Suite(.serialized) struct ScheduleWindowTests {
    static let ready = VirtualDisplay.missingTools.isEmpty
    static let why: Comment = "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"
    let scratch = ScratchDirectory("rings-schedule")

    /// Saves a config at `path` (as editors do: a new file renamed over the old, so that a running
    /// window reads it again) whose one step, at midnight, holds all day whatever the time zone.
    func save(screen: String, to path: String) throws {
        let text = "theme = \"flat\"\nchrome = \"none\"\nintro = false\nduration = 0.1\nprogress = [0.2, 0.3, 0.4]\n"
            + "[[schedule]]\nat = \"00:00\"\nscreen = \"\(screen)\"\n"
        try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
        rename(path + ".new", path)
    }

    /// A window showing its rings goes black when its schedule's step turns the screen off (the
    /// black is the step's doing: the rings were drawn before it, and come back when a step turns the
    /// screen on again); while off, look after look is black and nothing is presented (`--stats`
    /// counts no more frames than the changes explain); "screen off" and the power's limit are each
    /// said once.
    @Test(.needs(ready, why))
    func aScreenTheScheduleTurnsOffIsBlackAndIdle() throws {
        let config = scratch.path + "/night.toml"
        try save(screen: "on", to: config)
        let app = try RunningWindow(["--config", config, "--size", "300x300", "--state-file", "off", "--stats"])
        let errors = OutputWatch(app.errors)
        let rings = try ringsRender("300x300", "0.2,0.3,0.4")
        #expect(try app.settles(to: rings) == 0, "the rings while the step has the screen on")

        try save(screen: "off", to: config)
        #expect(try eventually { isBlack(try app.capture()) }, "the frame is black")
        #expect(errors.waitFor("screen off"), "\(errors.text)")
        for look in 1...10 { #expect(isBlack(try app.capture()), "still black, look \(look)") }

        try save(screen: "on", to: config)
        #expect(try app.settles(to: rings) == 0, "a step that turns the screen on brings the rings back")
        let stats = try app.quit()
        #expect(app.process.terminationStatus == 0)
        let (frames, refresh) = try presentedFrames(in: stats)
        // Whole frames (the first, each reload's, the black one, any expose) and the second's easing back on, a
        // frame a refresh at most: a window that drew while off goes past it.
        #expect(frames <= 1 / refresh + 20, "\(stats)")
        #expect(stats.contains("power none (black)"), "what switches the power, as it is: \(stats)")
        #expect(errors.waitForEnd())
        let said = errors.text.split(separator: "\n")
        #expect(said.filter { $0.contains("screen off") }.count == 1 && said.filter { $0.contains("cannot be switched") }.count == 1, "\(said)")
    }
}

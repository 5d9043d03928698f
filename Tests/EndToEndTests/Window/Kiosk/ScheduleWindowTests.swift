import Foundation
import RingsRaster
import Testing
import TestSupport

/// The night schedule in a real window under Xvfb: a step that turns the screen off leaves one
/// black frame and then nothing drawn and no CPU. This Xvfb (Debian 12's) has no DPMS extension,
/// so the display's power cannot be switched: that is said once, and the screen stays on, black.
@Suite(.serialized) struct ScheduleWindowTests {
    static let ready = VirtualDisplay.missingTools.isEmpty
    static let why: Comment = "needs \(VirtualDisplay.tools.joined(separator: ", ")) (make test installs them)"
    let scratch = ScratchDirectory("rings-schedule")

    @Test(.enabled(if: ready, why))
    func aScreenTheScheduleTurnsOffIsBlackAndIdle() throws {
        let config = scratch.path + "/night.toml"
        // One step at midnight: off all day, whatever the time zone.
        try "[[schedule]]\nat = \"00:00\"\nscreen = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let app = try RunningWindow(["--config", config, "--size", "300x300", "--state-file", "off"])
        #expect(try eventually {
            let frame = try app.capture()
            return (0..<frame.height).allSatisfy { y in (0..<frame.width).allSatisfy { x in frame[x, y].r == 0 && frame[x, y].g == 0 && frame[x, y].b == 0 } }
        }, "the frame is black")
        let before = cpuSeconds(of: app.process.processIdentifier)
        sleep(5)
        let used = cpuSeconds(of: app.process.processIdentifier) - before
        #expect(used < 0.05, "\(used) s of CPU in 5 s while the screen is off")
        _ = try app.quit()
        #expect(app.process.terminationStatus == 0)
        let said = app.said.split(separator: "\n")
        #expect(said.filter { $0.contains("screen off") }.count == 1 && said.filter { $0.contains("cannot be switched") }.count == 1, "\(said)")
    }
}

import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// Kiosk options that need no long wait.
@Suite(.serialized) struct KioskOptionTests {
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func burnInProtectionMovesTheRingsAFewPixels() throws {
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "400x400", "--progress", "0.3,0.6,0.9",
                                                         "--chrome", "none", "--shift-every", "500ms"])
        defer { if process.isRunning { process.terminate() } }
        let area = try display.clientArea(of: window)
        let still = try ringsRender("400x400", "0.3,0.6,0.9")
        // A shifted picture is the still one moved by a step round the square (400 px: a step of 1), to
        // within a level: the gradient's interpolation blocks sit on absolute columns, not on the centre.
        func close(_ a: PackedPixel, _ b: PackedPixel) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1
        }
        func matches(_ shot: Pixmap, moved dx: Int, _ dy: Int) -> Bool {
            for y in 1..<399 { for x in 1..<399 where !close(shot[x, y], still[x - dx, y - dy]) { return false } }
            return true
        }
        let steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        #expect(try eventually(within: 20) {
            let shot = try display.screenshot().subview(area)
            return steps.contains { matches(shot, moved: $0.0, $0.1) }
        }, "the picture moves by one step round a small square")
        #expect(matches(still, moved: 0, 0) && !matches(still, moved: 1, 0), "moving by a pixel changes the picture")
    }

    /// Another program destroys the window, the screen changes resolution: the kiosk goes on.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty && which("xrandr") != nil, "needs the display tools and xrandr (make test installs them)"))
    func aKioskSurvivesTheLossOfItsWindowAndAChangeOfResolution() throws {
        let display = try VirtualDisplay(width: 1600, height: 1200)
        let errors = Pipe()
        let (process, first) = try display.launchRings(["--kiosk", "--chrome", "none", "--theme", "flat", "--progress", "0.3,0.6,0.9"]) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        let large = try ringsRender("1600x1200", "0.3,0.6,0.9"), small = try ringsRender("1280x1024", "0.3,0.6,0.9")
        func shows(_ expected: Pixmap, in window: String) throws -> Int {
            let area = try display.clientArea(of: window)
            guard area.width == expected.width, area.height == expected.height else { return -1 }
            return differingPixels(try display.screenshot().subview(area), expected)
        }
        #expect(try settled { try shows(large, in: first) } == 0)

        // xrandr says the output no longer fits the smaller screen, but the screen does change.
        _ = try runProgram(which("xrandr")!, ["--fb", "1280x1024"], environment: display.environment, timeout: 20)
        #expect(try settled { try shows(small, in: first) } == 0, "laid out anew for the new resolution")

        try display.xdotool(["windowclose", first])
        var second = ""
        #expect(try eventually {
            second = try display.xdotool(["search", "--onlyvisible", "--name", "^rings$"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
            return !second.isEmpty && second != first
        }, "a new window")
        #expect(try settled { try shows(small, in: second) } == 0, "the new window shows the rings, fullscreen")
        #expect(process.isRunning)
        try display.xdotool(["key", "--window", second, "ctrl+alt+q"])
        #expect(eventually { !process.isRunning })
        #expect(process.terminationStatus == 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("destroyed by another program; opening a new one"), "\(log)")
    }

    /// `--display 1` on an X server with two screens: the kiosk fills the second screen, as
    /// `rings render` draws it at that size, and nothing shows on the first.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func aKioskOnDisplayOneFillsTheSecondScreen() throws {
        let display = try VirtualDisplay(width: 1280, height: 1024, second: (640, 480))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = ["--kiosk", "--display", "1", "--chrome", "none", "--theme", "flat", "--progress", "0.3,0.6,0.9", "--no-intro"]
        process.environment = display.environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(!display.window(screen: 1).isEmpty, "a window on screen 1")
        let expected = try ringsRender("640x480", "0.3,0.6,0.9")
        #expect(try settled { differingPixels(try display.screenshot(screen: 1), expected) } == 0, "the second screen shows the rings")
        let onFirst = try display.xdotool(["search", "--screen", "0", "--onlyvisible", "--name", "^rings"])
        #expect(onFirst.stdout.isEmpty, "no window of rings on screen 0: \(onFirst.stdout)")
    }

    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func aDisplayThatDoesNotExistIsReported() throws {
        let display = try VirtualDisplay()
        let result = try runProgram(ringsBinary, ["--display", "3"], environment: display.environment, timeout: 20)
        #expect(result.status != 0 && result.stderr.contains("display 3 does not exist"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

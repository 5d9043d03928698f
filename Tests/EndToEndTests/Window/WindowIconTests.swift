import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing

/// The window carries the app's icon (what a task bar or a window switcher shows): on X11 its
/// _NET_WM_ICON is `rings icon --size 64`, pixel for pixel.
@Suite struct WindowIconTests {
    @Test(.needs(VirtualDisplay.missingTools.isEmpty && which("xprop") != nil, tools: ["xprop"] + VirtualDisplay.tools))
    func theWindowShowsTheAppIcon() throws {
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--no-intro", "--size", "200x200"])
        defer { if process.isRunning { process.terminate() } }
        let property = try runProgram(which("xprop")!, ["-id", window, "-notype", "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON"],
                                      environment: display.environment)
        let numbers = property.stdout.split(separator: "=").last?.split(separator: ",").compactMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        #expect(numbers.count == 2 + 64 * 64 && numbers.first == 64, "\(property.stdout.prefix(200))")
        guard numbers.count == 2 + 64 * 64 else { return }
        let scratch = ScratchDirectory("window-icon")
        let made = try runProgram(ringsBinary, ["icon", "--size", "64", "--out", scratch.path + "/icon.png"])
        #expect(made.status == 0, "\(made.stderr)")
        let icon = try PNGFile.read(scratch.path + "/icon.png")
        var differing = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = icon[x, y].straight
                let argb = UInt32(p.a) << 24 | UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
                if numbers[2 + y * 64 + x] != argb { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) of the window icon's pixels differ from rings icon --size 64")
    }
}

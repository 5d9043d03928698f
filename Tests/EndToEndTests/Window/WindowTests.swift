import Foundation
import RingsRaster
import Testing
import TestSupport

/// The real window under Xvfb with openbox, driven by xdotool.
@Suite(.serialized) struct WindowTests {
    /// Starts `rings` on the display and waits for its window; returns the process and window id.
    /// What it says on stderr goes to `errors`.
    func launch(_ display: VirtualDisplay, _ arguments: [String], errors: Pipe = Pipe()) throws -> (Process, String) {
        try display.launchRings(arguments) { $0.standardError = errors }
    }

    /// What a process that has ended said into `errors`.
    func said(_ errors: Pipe) -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func waitForExit(_ process: Process, seconds: Double = 30) -> Bool {
        eventually(within: seconds) { !process.isRunning }
    }

    /// With both presenters: the window surface (what auto picks under Xvfb) and the vsync renderer.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, tools: VirtualDisplay.tools),
          arguments: ["surface", "vsync"])
    func windowShowsTheRingsResizesAndQuitsOnQ(present: String) throws {
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try launch(display, ["--theme", "flat", "--size", "400x300", "--progress", "0.25,0.5,0.75", "--chrome", "none",
                                                     "--present", present], errors: errors)
        defer { if process.isRunning { process.terminate() } }
        #expect(!window.isEmpty)
        let area = try display.clientArea(of: window)
        #expect(area.width == 400 && area.height == 300, "\(area)")
        let expected = try ringsRender("400x300", "0.25,0.5,0.75")
        #expect(try settled { differingPixels(try display.screenshot().subview(area), expected) } == 0, "the window shows what rings render draws")
        let screen = try display.screenshot()
        // The outer ring at 3 o'clock (25 % reached it) is red; the centre is black.
        let s = 300.0, t = 0.08 * s
        let cx = area.x + 200, cy = area.y + 150
        let right = screen[cx + Int(0.42 * s - t / 2), cy]
        #expect(right.r > 150 && right.g < 110, "3 o'clock of the outer ring: \(right) in \(area)")
        let left = screen[cx - Int(0.42 * s - t / 2), cy]
        #expect(left.r < 90 && left.r > 20, "9 o'clock shows only the dim track: \(left)")
        #expect(screen[cx, cy].r < 10 && screen[cx, cy].g < 10)

        // Resized, the rings are laid out anew for the new size, not stretched.
        try display.xdotool(["windowsize", "--sync", window, "600", "500"])
        #expect(try eventually { try display.clientArea(of: window).width == 600 })
        let grown = try display.clientArea(of: window)
        #expect(grown.width == 600 && grown.height == 500, "\(grown)")
        let big = 500.0, bt = 0.08 * big
        func newRight(_ screen: Pixmap) -> PackedPixel { screen[grown.x + 300 + Int(0.42 * big - bt / 2), grown.y + 250] }
        func outside(_ screen: Pixmap) -> PackedPixel { screen[grown.x + 300 + Int(0.42 * big + 6), grown.y + 250] }
        #expect(try eventually { let screen = try display.screenshot(); return newRight(screen).r > 150 && outside(screen).r < 10 })
        let resized = try display.screenshot()
        #expect(newRight(resized).r > 150 && newRight(resized).g < 110, "after resize: \(newRight(resized)) in \(grown)")
        #expect(outside(resized).r < 10, "beyond the outer ring: \(outside(resized))")

        try display.xdotool(["key", "--window", window, "q"])
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0, "\(said(errors))")
    }

    /// Esc quits a window; another, on a display of its own, waits for the person (a key it is given
    /// is taken, and it runs on) until the window manager closes it (Alt+F4).
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, tools: VirtualDisplay.tools))
    func escapeAndClosingTheWindowQuit() throws {
        let display = try VirtualDisplay()
        let (first, window) = try launch(display, ["--size", "200x200"])
        defer { if first.isRunning { first.terminate() } }
        try display.xdotool(["key", "--window", window, "Escape"])
        #expect(waitForExit(first))
        #expect(first.terminationStatus == 0)

        // A display of its own: Xvfb can keep the Escape "down" after the first window closed.
        let other = try VirtualDisplay()
        let secondErrors = Pipe()
        let (second, secondWindow) = try launch(other, ["--size", "200x200", "--theme", "flat", "--chrome", "none", "--progress", "0.2,0.3,0.4",
                                                        "--duration", "0.1"], errors: secondErrors)
        defer { if second.isRunning { second.terminate() } }
        // A key after it opened is taken: anything that would have ended it came before, on the same connection.
        try other.xdotool(["key", "--window", secondWindow, "5"])
        let half = try ringsRender("200x200", "0.5,0.5,0.5")
        #expect(try settled { differingPixels(try other.screenshot().subview(try other.clientArea(of: secondWindow)), half) } == 0, "the key is taken")
        #expect(second.isRunning, "it waits for the person")
        // Closing as a person does: the window manager's Alt+F4 (WM_DELETE_WINDOW). Under load the
        // window manager may not have given it focus yet, so, like a person, try again.
        for _ in 0..<5 where second.isRunning {
            try other.xdotool(["windowactivate", "--sync", secondWindow, "key", "alt+F4"])
            _ = waitForExit(second, seconds: 6)
        }
        #expect(!second.isRunning)
        #expect(second.terminationStatus == 0, "\(said(secondErrors))")
    }
}

import Foundation
import RingsPNG
import RingsRaster

/// `rings` running in a window of its own on a fresh private X display, its stdout and stderr kept.
public final class RunningWindow {
    public let display: VirtualDisplay
    public let process: Process
    public let window: String
    public let output = Pipe(), errors = Pipe()
    /// `environment` is added to the display's (`LC_MESSAGES` to speak another language, say).
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        display = try VirtualDisplay()
        let output = self.output, errors = self.errors
        (process, window) = try display.launchRings(arguments, environment: environment) { process in
            process.standardOutput = output
            process.standardError = errors
        }
    }
    deinit { if process.isRunning { process.terminate() } }

    /// Presses keys in the window, one after another (X delivers them in order).
    public func keys(_ names: String...) throws { try display.xdotool(["key", "--window", window] + names) }

    /// The client area as the screen shows it.
    public func capture() throws -> Pixmap {
        let area = try display.clientArea(of: window)
        let screen = try display.screenshot()
        return screen.subview(area)
    }

    /// How many pixels still differ from `expected` once the window has settled (or after 30 s).
    public func settles(to expected: Pixmap) throws -> Int {
        let left = try settled { differingPixels(try capture(), expected) }
        if left != 0 {
            // For whoever reads the log: what the window showed, beside what it should have.
            let stem = NSTemporaryDirectory() + "rings-settle-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try? PNGFile.write(try capture(), to: stem + "-window.png")
            try? PNGFile.write(expected, to: stem + "-expected.png")
            print("rings: the window did not settle: \(left) pixels differ; see \(stem)-window.png and -expected.png")
        }
        return left
    }

    /// q: always quits (Esc first closes the help and leaves fullscreen). A window still running
    /// 30 s later is killed (its status then says so), so that its output can be read to the end.
    public func quit() throws -> String {
        try display.xdotool(["key", "--window", window, "q"])
        if !eventually(within: 30, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What it said on stderr, once it has ended.
    public var said: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

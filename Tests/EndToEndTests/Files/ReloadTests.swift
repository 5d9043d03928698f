import Foundation
import RingsPNG
import RingsRaster
import Testing
import TestSupport

/// A running window takes a changed config without a restart: saved by an editor (inotify), or on
/// SIGHUP; a broken file is said with its line and the running config stays on screen.
@Suite(.serialized) struct ReloadTests {
    let scratch: ScratchDirectory = {
        let scratch = ScratchDirectory("rings-reload")
        try? FileManager.default.createDirectory(atPath: scratch.path + "/elsewhere", withIntermediateDirectories: true)
        return scratch
    }()
    var directory: String { scratch.path }

    func config(end: String) -> String {
        "theme = \"flat\"\nsize = \"300x300\"\nchrome = \"none\"\nintro = false\nduration = 0.1\nprogress = [0.6]\n[[ring]]\nstart = \"#102080\"\nend = \"\(end)\"\n"
    }

    /// Saved as editors do: a new file renamed over the old.
    func save(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
        rename(path + ".new", path)
    }

    func render(_ config: String) throws -> Pixmap {
        let path = directory + "/expected-\(UInt32.random(in: 0...UInt32.max)).toml", out = path + ".png"
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        let result = try runProgram(ringsBinary, ["render", "--config", path, "--out", out])
        guard result.status == 0 else { throw BrokerError(result.stderr) }
        return try PNGFile.read(out)
    }

    /// A config edited while the window runs is taken without a restart: saved in the folder of the file a link leads
    /// to; written in place and not yet closed, read on SIGHUP and not before (closed, the same write is seen without
    /// a signal); replaced by an editor's save; broken, said with its line while the running config stays, and the
    /// next good save is taken. The window is the same one all along.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func anEditedConfigIsTakenWithoutARestart() throws {
        // The config is a link to a file in another folder: saving that file there is seen too.
        let real = directory + "/elsewhere/screen.toml", path = directory + "/screen.toml"
        try save(config(end: "#3060ff"), to: real)
        symlink(real, path)
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try display.launchRings(["--config", path]) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        let log = OutputWatch(errors)
        func shown() throws -> Pixmap { try display.screenshot().subview(try display.clientArea(of: window)) }
        /// How many pixels still differ from the config whose last ring ends in `end`, once the window has settled.
        func left(_ end: String) throws -> Int {
            let expected = try render(config(end: end))
            return try settled { differingPixels(try shown(), expected) }
        }
        #expect(try left("#3060ff") == 0)

        try save(config(end: "#ff8000"), to: real)
        #expect(try left("#ff8000") == 0, "the link's file, saved in its own folder")

        // Written but not yet closed, the file tells inotify nothing: look after look shows the running config,
        // and SIGHUP reads it again.
        let open = try #require(FileHandle(forWritingAtPath: real))
        try open.truncate(atOffset: 0)
        try open.write(contentsOf: Data(config(end: "#a040ff").utf8))
        let running = try render(config(end: "#ff8000"))
        for look in 1...5 { #expect(differingPixels(try shown(), running) == 0, "nothing is read before SIGHUP (look \(look))") }
        kill(process.processIdentifier, SIGHUP)
        #expect(try left("#a040ff") == 0, "SIGHUP reads it again")
        // The control: the same write, closed, is seen without a signal.
        try open.truncate(atOffset: 0)
        try open.write(contentsOf: Data(config(end: "#40c0c0").utf8))
        try open.close()
        #expect(try left("#40c0c0") == 0, "a closed write is read again")

        // Replaced by an editor's save in its own folder: seen without a signal.
        unlink(path)
        try save(config(end: "#20c040"), to: path)
        #expect(try left("#20c040") == 0, "a saved file is read again")

        // Broken: once rings has said so, the running config is still on screen; the next good save is taken.
        try save("theme = \"flat\"\nsize = \"300x300\nchrome = \"none\"\n", to: path)
        #expect(log.waitFor("\(path):2:"), "the broken line is named: \(log.text)")
        #expect(differingPixels(try shown(), try render(config(end: "#20c040"))) == 0, "a broken file leaves the running config")
        try save(config(end: "#3060ff"), to: path)
        #expect(try left("#3060ff") == 0, "the next good save is taken")

        let found = try display.xdotool(["search", "--onlyvisible", "--name", "^rings"]).stdout.split(separator: "\n").map(String.init)
        #expect(found == [window], "the same window all along: \(found) vs \(window)")
        #expect(process.isRunning)
        end(process)
    }
}

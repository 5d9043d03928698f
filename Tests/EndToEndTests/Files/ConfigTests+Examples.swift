import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// The documented examples are good files, and the command line wins over the file.
extension ConfigTests {
    /// The documentation's config examples check out: the office screen and the thresholds
    /// (docs/config.md), the kiosk's (docs/months.md), the night schedule (docs/kiosk.md), Home
    /// Assistant's (docs/mqtt.md), the desktop widget's (docs/widget.md) and the README's wall screen. The fleet's screen config
    /// (docs/mqtt.md) names files and a broker of its own, and is run whole by MQTTFleetTests.
    @Test func theDocumentedExamplesAreGoodFiles() throws {
        let root = URL(fileURLWithPath: checkoutRoot)
        let text = try ["docs/config.md", "docs/months.md", "docs/kiosk.md", "docs/mqtt.md", "docs/widget.md", "README.md"]
            .map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        let examples = text.components(separatedBy: "```toml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            .filter { !$0.hasPrefix("# /etc/rings/lobby.toml") }
        #expect(examples.count >= 3)
        for (index, example) in examples.enumerated() {
            let result = try runProgram(ringsBinary, ["check-config", try file("docs-\(index).toml", example)])
            #expect(result.status == 0, "\(example): \(result.stderr)")
        }
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let path = try file("fundraiser.toml", Self.fundraiser)
        let out = directory + "/override.png"
        let result = try runProgram(ringsBinary, ["render", "--config", path, "--size", "200x100", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGFile.read(out)
        #expect(image.width == 200 && image.height == 100)
    }

    /// The window reads the file; a feed's plain number is an amount of the ring's goal; a bare feed
    /// name is beside the config file, wherever rings was started (the regression: it was taken
    /// from the working folder).
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func aKioskFromAFileShowsFedAmountsOfTheGoals() throws {
        let path = try file("screen.toml", "feed = \"donations.fifo\"\n" + Self.fundraiser)
        #expect(mkfifo(directory + "/donations.fifo", 0o600) == 0)
        #expect(FileManager.default.currentDirectoryPath != directory)
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--config", path]) { $0.standardError = FileHandle.nullDevice }
        defer { if process.isRunning { process.terminate() } }
        let area = try display.clientArea(of: window)
        #expect(area.width == 320 && area.height == 240, "the file's size: \(area)")
        let out = directory + "/expected.png"
        _ = try runProgram(ringsBinary, ["render", "--config", path, "--progress", "0.5,0.75", "--out", out])
        let expected = try PNGFile.read(out)
        let fifo = try #require(FileHandle(forWritingAtPath: directory + "/donations.fifo"))
        fifo.write(Data("raised=25000 donors=750\n".utf8))
        defer { try? fifo.close() }
        #expect(try settled { differingPixels(try display.screenshot().subview(area), expected) } == 0)
    }
}

extension ConfigTests {
    /// The docs' option reference follows the option table: every option `rings window --help`
    /// lists (its names and help come from the table) has a row in docs/window.md.
    @Test func everyWindowOptionIsInTheReference() throws {
        let help = try runProgram(ringsBinary, ["window", "--help"]).stdout
        let options = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("--") }
            .map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" }) }.filter { !["help", "version"].contains($0) }
        #expect(options.count >= 25, "\(options)")
        let root = URL(fileURLWithPath: checkoutRoot)
        let reference = try String(contentsOf: root.appendingPathComponent("docs/window.md"), encoding: .utf8)
        let rows = reference.split(separator: "\n").filter { $0.hasPrefix("| `--") }
        for option in options {
            #expect(rows.contains { $0.hasPrefix("| `--\(option) ") || $0.hasPrefix("| `--\(option)`") }, "--\(option) has no row in docs/window.md")
        }
    }
}

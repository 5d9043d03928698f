import Foundation
import Testing
import TestSupport

/// The state file that keeps a live screen's last values across restarts, in the real window.
@Suite(.serialized) struct StateFileTests {
    let scratch = ScratchDirectory("rings-state")
    var directory: String { scratch.path }

    static let ready = VirtualDisplay.missingTools.isEmpty

    /// A state-file path that is no regular file (a FIFO, whose open would block for ever; a folder)
    /// is said in one line and not used: the window opens and runs.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aStateFileThatIsNoRegularFileIsSaidAndLeftAlone() throws {
        let fifo = directory + "/state.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, directory] {
            let display = try VirtualDisplay(), errors = Pipe()
            let (process, _) = try display.launchRings(["--feed", directory + "/no-feed", "--state-file", path, "--no-intro"]) { $0.standardError = errors }
            let said = terminate(process, reading: errors)[0]
            #expect(process.terminationStatus == 0)
            #expect(said.contains("rings: state file \(path) is not a regular file; the last values are not shown\n"), "\(said)")
        }
    }

    /// A run with a config keeps its values under a key of the config and its sources together: the
    /// same config with another feed never shows what the first remembered (the regression: the key
    /// was the config's path alone). The file is its user's alone (0600), from its first byte.
    @Test(.needs(ready, "needs the display tools (make test installs them)"))
    func aConfigsStateFileIsKeyedByItsSourcesAndItsUsersAlone() throws {
        let display = try VirtualDisplay()
        let config = directory + "/screen.toml"
        try Data("theme = \"flat\"\nsize = \"300x300\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let first = try scratch.fifo("/a.fifo"), second = try scratch.fifo("/b.fifo")
        let (process, _) = try display.launchRings(["--config", config, "--feed", first])
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: first))
        writer.write(Data("1=0.5\n".utf8))
        #expect(eventually { display.stateFiles.count == 1 }, "the value is kept")
        _ = terminate(process)
        try writer.close()
        let kept = try #require(display.stateFiles.first)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: display.stateHome + "/rings/" + kept)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "\(String(mode, radix: 8))")
        let (again, _) = try display.launchRings(["--config", config, "--feed", second])
        defer { _ = terminate(again) }
        let locks = { ((try? FileManager.default.contentsOfDirectory(atPath: display.stateHome + "/rings")) ?? []).filter { $0.hasSuffix(".json.lock") } }
        #expect(eventually { locks().count == 2 }, "another feed, another key: \(locks())")
        #expect(!locks().contains { $0.contains("-2.json") }, "not the same key's second file: \(locks())")
    }
}

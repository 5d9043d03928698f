import Foundation
import RingsRaster
import TestSupport
import Testing

/// The config where Linux apps keep it: `$XDG_CONFIG_HOME/rings/config.toml` is read by the window
/// without `--config`, `--config none` reads none, and `check-config` alone checks the one in use.
@Suite(.serialized) struct ConfigLocationTests {
    let scratch = ScratchDirectory("config-location")

    func environment(configHome: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = configHome
        return env
    }

    func writeConfig(_ text: String, in home: String) throws -> String {
        try FileManager.default.createDirectory(atPath: home + "/rings", withIntermediateDirectories: true)
        let path = home + "/rings/config.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkConfigAloneChecksTheFileTheWindowWouldRead() throws {
        let home = scratch.path + "/home"
        let path = try writeConfig("theme = \"gold\"\nsize = \"300x200\"\n", in: home)
        let good = try runProgram(ringsBinary, ["check-config"], environment: environment(configHome: home))
        #expect(good.status == 0)
        #expect(good.stdout.hasPrefix("\(path): ok: theme gold, 300x200, rings "), "\(good.stdout)")
        try "duration = -1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try runProgram(ringsBinary, ["check-config"], environment: environment(configHome: home))
        #expect(bad.status == 1)
        #expect(bad.stderr == "\(path):1: duration: must be from 0 to 3600, not -1\n")
    }

    @Test func checkConfigAloneSaysWhereItLookedWhenThereIsNone() throws {
        guard !FileManager.default.fileExists(atPath: "/etc/rings/config.toml") else {
            Issue.record("this machine has /etc/rings/config.toml, which the window would read: the test needs it absent")
            return
        }
        let empty = scratch.path + "/empty"
        let result = try runProgram(ringsBinary, ["check-config"], environment: environment(configHome: empty))
        #expect(result.status == 0)
        #expect(result.stdout == "no config file: none at \(empty)/rings/config.toml or /etc/rings/config.toml; the window starts with its defaults\n")
        var homeOnly = environment(configHome: "")
        homeOnly.removeValue(forKey: "XDG_CONFIG_HOME")
        homeOnly["HOME"] = "/home/someone"
        let fallback = try runProgram(ringsBinary, ["check-config"], environment: homeOnly)
        #expect(fallback.stdout.contains("none at /home/someone/.config/rings/config.toml or /etc/rings/config.toml"))
    }

    @Test(.needs(VirtualDisplay.missingTools.isEmpty, tools: VirtualDisplay.tools))
    func theWindowReadsTheConfigInXDGConfigHomeAndNoneWithConfigNone() throws {
        let display = try VirtualDisplay()
        _ = try writeConfig("theme = \"flat\"\nsize = \"360x240\"\nprogress = [0.3, 0.6, 0.9]\nchrome = \"none\"\nintro = false\n", in: display.configHome)

        let (found, window) = try display.launchRings([])
        let area = try display.clientArea(of: window)
        #expect(area.width == 360 && area.height == 240)
        let expected = try ringsRender("360x240", "0.3,0.6,0.9")
        #expect(try settled { differingPixels(try display.screenshot().subview(area), expected) } == 0, "the window shows the config's scene")
        end(found)

        let (ignoring, other) = try display.launchRings(["--config", "none", "--no-intro"])
        defer { end(ignoring) }
        let defaultArea = try display.clientArea(of: other)
        #expect(defaultArea.width == 800 && defaultArea.height == 800)
    }

    @Test func aBrokenConfigInXDGConfigHomeStopsTheWindowWithItsLine() throws {
        let home = scratch.path + "/broken"
        let path = try writeConfig("theme = \"flat\"\nkiosk = \"yes\"\n", in: home)
        var env = environment(configHome: home)
        env["SDL_VIDEODRIVER"] = "dummy"
        let result = try runProgram(ringsBinary, [], environment: env, timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(path):2: kiosk: "))
    }

    /// check-config's ok line echoes ring names, escaped: no ESC, BEL, DEL or bidirectional override
    /// reaches the terminal (the regression: names echoed raw).
    @Test func checkConfigNeverEchoesAControlCharacter() throws {
        let path = scratch.path + "/names.toml"
        // TOML's own escapes, in a raw string: the file holds backslashes, the name the characters.
        try #"[[ring]]\#nname = "A\u001B[31mB\u0007\u202Ec\u007F""#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runProgram(ringsBinary, ["check-config", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(path): ok: theme activity, 800x800, rings A\\x1B[31mB\\x07\\u{202E}c\\x7F\n", "\(result.stdout)")
    }
}

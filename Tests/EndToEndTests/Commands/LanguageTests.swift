import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// The screen's words in the user's language, through the real binary and glibc's gettext reading
/// the catalogues `make` compiled: the language chosen as gettext chooses it (on this machine only
/// C.UTF-8 is generated, as on a kiosk), forced by --lang or the config's `lang`.
@Suite struct LanguageTests {
    let scratch = ScratchDirectory("rings-lang")

    /// The environment of this process without any of gettext's language variables, plus `set`.
    static func environment(_ set: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { env.removeValue(forKey: key) }
        return env.merging(set) { $1 }
    }

    /// The tasks demo's board (a title, four task names and a hint, all words) drawn by `rings demo tasks --out`.
    func board(_ arguments: [String] = [], _ set: [String: String] = [:]) throws -> (image: Pixmap, said: String) {
        let out = scratch.path + "/board-\(UInt32.random(in: 0...UInt32.max)).png"
        let result = try runProgram(ringsBinary, ["demo", "tasks", "--size", "220x410", "--out", out] + arguments, environment: Self.environment(set))
        #expect(result.status == 0, "\(result.stderr)")
        return (try PNGFile.read(out), result.stderr)
    }

    @Test func theBoardSpeaksTheLanguageTheEnvironmentAsksFor() throws {
        let english = try board([], ["LANG": "C.UTF-8"]).image
        let chinese = try board(["--lang", "zh_CN"]).image, german = try board(["--lang", "de"]).image
        #expect(differingPixels(english, chinese) > 500 && differingPixels(english, german) > 500 && differingPixels(chinese, german) > 500,
                "three languages, three boards")
        #expect(differingPixels(try board([], ["LANG": "zh_CN.UTF-8"]).image, chinese) == 0, "LANG, with no zh_CN locale generated")
        #expect(differingPixels(try board([], ["LANG": "de_AT.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"]).image, chinese) == 0, "LC_MESSAGES before LANG")
        #expect(differingPixels(try board([], ["LANG": "en_US.UTF-8", "LANGUAGE": "de:zh_CN"]).image, german) == 0, "LANGUAGE's first")
        #expect(differingPixels(try board([], ["LANG": "C.UTF-8", "LANGUAGE": "zh_CN"]).image, english) == 0, "the C locale is English whatever LANGUAGE says")
        #expect(differingPixels(try board(["--lang", "en"], ["LANG": "zh_CN.UTF-8"]).image, english) == 0, "--lang wins")
    }

    @Test func aLanguageWithNoCatalogueIsOneWarningAndEnglish() throws {
        let english = try board([], ["LANG": "C.UTF-8"]).image
        let (image, said) = try board(["--lang", "fr"])
        #expect(differingPixels(image, english) == 0)
        #expect(said.split(separator: "\n").count == 1 && said.contains("warning") && said.contains("'fr'"), "\(said)")
        let bad = try runProgram(ringsBinary, ["demo", "tasks", "--lang", "zh CN", "--out", scratch.path + "/never.png"])
        #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1 && bad.stderr.contains("--lang"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/never.png"))
    }

    /// The config's `lang` sets the language of what the chrome draws (the Random button's title
    /// here); --lang wins over it; a value that is not a language is the config's error.
    @Test func theConfigsLangKey() throws {
        func render(_ arguments: [String]) throws -> Pixmap {
            let out = scratch.path + "/render-\(UInt32.random(in: 0...UInt32.max)).png"
            let result = try runProgram(ringsBinary, ["render", "--chrome", "full", "--size", "480x360", "--progress", "0.3,0.6,0.9", "--out", out] + arguments,
                                        environment: Self.environment(["LANG": "C.UTF-8"]))
            #expect(result.status == 0, "\(result.stderr)")
            return try PNGFile.read(out)
        }
        let config = scratch.path + "/config.toml"
        try "lang = \"de\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let german = try render(["--lang", "de"]), english = try render([])
        #expect(differingPixels(german, english) > 50, "the button says Zufall")
        #expect(differingPixels(try render(["--config", config]), german) == 0)
        #expect(differingPixels(try render(["--config", config, "--lang", "en"]), english) == 0)
        try "lang = \"Deutsch please\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try runProgram(ringsBinary, ["check-config", config])
        #expect(bad.status != 0 && bad.stderr.contains("lang"), "\(bad.stderr)")
    }
}

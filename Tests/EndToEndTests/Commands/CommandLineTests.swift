import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// The real `rings` binary, run as a user would.
@Suite struct CommandLineTests {
    let scratch = ScratchDirectory("rings-cli")
    var directory: String { scratch.path }

    @Test func renderWritesTheReferenceScene() throws {
        let out = directory + "/flat.png"
        let result = try runProgram(ringsBinary, ["render", "--theme", "flat", "--size", "320x180", "--progress", "0.72,1.35,0.48", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGFile.read(out)
        #expect(image.width == 320 && image.height == 180)
        #expect(image[160, 90] == .opaqueBlack)
        // 12 o'clock of the outer ring, just right of the start: the start colour (192, 57, 43).
        let s = 180.0, t = 0.08 * s
        let top = image[161, Int(90 - (0.42 * s - t / 2))]
        #expect(abs(Int(top.r) - 192) <= 2 && abs(Int(top.g) - 57) <= 2 && abs(Int(top.b) - 43) <= 2, "\(top)")
    }

    /// What `rings presets` says names the tutorials, not files or numbers a user never saw.
    @Test func presetsSpeakInTheUsersTerms() throws {
        let result = try runProgram(ringsBinary, ["presets"])
        #expect(result.status == 0 && result.stdout.contains("progress-ring"))
        #expect(!result.stdout.contains("seed") && !result.stdout.contains("SCENE.md"), "\(result.stdout)")
    }

    @Test func anyNumberOfRingsFromOneToEight() throws {
        for values in ["0.5", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8"] {
            let out = directory + "/rings-\(values.count).png"
            let result = try runProgram(ringsBinary, ["render", "--size", "160x160", "--progress", values, "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
    }

    @Test(arguments: [
        (["--size", "0x0"], "out of range"), (["--size", "16385x100"], "out of range"), (["--size", "big"], "WIDTHxHEIGHT"),
        (["--progress", "-0.5"], "out of range"), (["--progress", "nan"], "out of range"), (["--progress", "inf"], "out of range"),
        (["--progress", "10.5"], "out of range"), (["--progress", "1,x"], "not a number"), (["--theme", "neon"], "unknown theme"),
        (["--theme", "soft", "--progress", "0.2,0.3"], "shows one ring"), (["--preset", "nope"], "--preset nope: there is no such preset"),
        (["--theme", "flat", "--preset", "gold"], "not both"),
    ])
    func badValuesGiveOneLineAndNoFile(arguments: [String], message: String) throws {
        let out = directory + "/bad-\(arguments.joined()).png"
        let result = try runProgram(ringsBinary, ["render", "--out", out] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        (["arc", "--progress", "1.5"], "from 0 to 1"), (["arc", "--progress", "0.2,0.3"], "takes one value"),
        (["arc", "--progress", "x"], "not a number"), (["tasks", "--progress", "0.1,0.2"], "takes 4 values"),
        (["tasks", "--names", "a,b,c"], "four names"), (["tasks", "--names", "a,,c,d"], "one is empty"),
        (["arc", "--size", "0x10"], "out of range"),
    ])
    func badDemoValuesGiveOneLineAndNoFile(arguments: [String], message: String) throws {
        let out = directory + "/bad-demo-\(arguments.joined()).png"
        let result = try runProgram(ringsBinary, ["demo"] + arguments + ["--out", out])
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func demosDrawTheirBoardsHeadless() throws {
        for (demo, size) in [("arc", (360, 360)), ("tasks", (440, 820))] {
            let out = directory + "/demo-\(demo).png"
            let result = try runProgram(ringsBinary, ["demo", demo, "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNGFile.read(out)
            #expect(image.width == size.0 && image.height == size.1)
        }
        let unwritable = try runProgram(ringsBinary, ["demo", "arc", "--out", "/nonexistent-dir/frame.png"])
        #expect(unwritable.status != 0 && unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
    }

    @Test func malformedThemeFileAndUnwritableOutput() throws {
        let theme = directory + "/broken.json"
        try Data(#"{"rings": [{"start": "mauve"}]}"#.utf8).write(to: URL(fileURLWithPath: theme))
        let bad = try runProgram(ringsBinary, ["render", "--theme", theme, "--out", directory + "/x.png"])
        #expect(bad.status != 0 && bad.stderr.contains("'rings[0].start'"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/x.png"))
        let unwritable = try runProgram(ringsBinary, ["render", "--size", "50x50", "--out", "/nonexistent-dir/frame.png"])
        #expect(unwritable.status != 0 && unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
        #expect(unwritable.stderr.split(separator: "\n").count == 1)
    }

    @Test func benchPrintsTheMedianLast() throws {
        let result = try runProgram(ringsBinary, ["bench", "--theme", "flat", "--size", "64x48", "--frames", "3"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("median_ms=") == true, "\(result.stdout)")
    }

    /// `--cec` and the config's `cec` take auto, off or an adapter's path; anything else is one line
    /// before any window opens, and `check-config` names the line.
    @Test func cecTakesAutoOffOrAPath() throws {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY"); env.removeValue(forKey: "WAYLAND_DISPLAY"); env.removeValue(forKey: "SDL_VIDEODRIVER")
        let wrong = try runProgram(ringsBinary, ["--config", "none", "--cec", "hdmi"], environment: env, timeout: 20)
        #expect(wrong.status == 1 && wrong.stderr.hasSuffix("--cec must be auto, off or an adapter's path such as /dev/cec0, not 'hdmi'\n")
                && wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")
        // A good value goes on to the window, which finds no display here.
        let good = try runProgram(ringsBinary, ["--config", "none", "--cec", "/dev/cec7"], environment: env, timeout: 20)
        #expect(good.status == 1 && good.stderr.contains("rings render") && !good.stderr.contains("--cec"), "\(good.stderr)")
        let config = directory + "/cec.toml"
        try "theme = \"flat\"\ncec = \"hdmi\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let checked = try runProgram(ringsBinary, ["check-config", config])
        #expect(checked.status == 1 && checked.stderr.contains("\(config):2: cec: must be auto, off or an adapter's path"), "\(checked.stderr)")
        try "cec = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try runProgram(ringsBinary, ["check-config", config]).status == 0)
    }

    @Test func withoutADisplayTheWindowSaysSo() throws {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY"); env.removeValue(forKey: "WAYLAND_DISPLAY"); env.removeValue(forKey: "SDL_VIDEODRIVER")
        let result = try runProgram(ringsBinary, [], environment: env, timeout: 20)
        #expect(result.status != 0)
        #expect(result.stderr.contains("rings render"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

/// `rings bench --animated` in a real window, with the threads asked for.
@Suite struct AnimatedBenchTests {
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func theAnimatedBenchTakesItsThreads() throws {
        let display = try VirtualDisplay()
        for threads in [1, 2] {
            let result = try runProgram(ringsBinary, ["bench", "--animated", "--present", "surface", "--theme", "flat", "--size", "200x200",
                                                      "--frames", "10", "--threads", "\(threads)"], environment: display.environment, timeout: 120)
            #expect(result.status == 0 && result.stdout.contains("\(threads) thread") && result.stdout.contains("median_ms="), "\(result.stdout)\(result.stderr)")
        }
        let wrong = try runProgram(ringsBinary, ["bench", "--animated", "--threads", "9"], environment: display.environment)
        #expect(wrong.status == 1 && wrong.stderr.contains("--threads must be 1 to 8"), "\(wrong.stderr)")
    }

    /// `--pause` sleeps before each frame, as the live window waits between frames: ten frames with
    /// 300 ms before each take at least the 3 s of sleep, and say so; a pause past a second is
    /// refused in one line.
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func theAnimatedBenchPausesBeforeEachFrame() throws {
        let display = try VirtualDisplay()
        func run(_ pause: String) throws -> (RunResult, Double) {
            let start = Date()
            let result = try runProgram(ringsBinary, ["bench", "--animated", "--present", "surface", "--theme", "flat", "--size", "200x200",
                                                      "--frames", "10", "--pause", pause], environment: display.environment, timeout: 120)
            return (result, Date().timeIntervalSince(start))
        }
        let (unpaused, _) = try run("0"), (paused, slow) = try run("300")
        #expect(unpaused.status == 0 && !unpaused.stdout.contains("before each frame"), "\(unpaused.stdout)\(unpaused.stderr)")
        #expect(slow >= 3, "\(slow) s with 300 ms before each of ten frames")
        #expect(paused.status == 0 && paused.stdout.contains("300 ms before each frame") && paused.stdout.contains("median_ms="), "\(paused.stdout)\(paused.stderr)")
        let wrong = try runProgram(ringsBinary, ["bench", "--animated", "--pause", "2000"], environment: display.environment)
        #expect(wrong.status == 1 && wrong.stderr.contains("--pause must be 0 to 1000") && wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")
    }
}

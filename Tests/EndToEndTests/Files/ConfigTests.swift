import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// `--config rings.toml` and `rings check-config`: the real binary on real files.
@Suite struct ConfigTests {
    let scratch = ScratchDirectory("rings-config")
    var directory: String { scratch.path }

    func file(_ name: String, _ text: String) throws -> String {
        let path = "\(directory)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let fundraiser = """
        # The office screen
        theme = "flat"
        size = "320x240"
        duration = 0.2
        curve = "easeOut"
        every = "5s"
        shift-every = "10m"
        chrome = "none"

        [[ring]]
        name = "raised"
        start = "#e10014"
        end = "#ff3287"
        goal = 50000
        unit = "EUR"
        progress = 0.4

        [[ring]]
        name = "donors"
        start = "darkGreen"
        end = [46, 204, 113]
        goal = 1000
        progress = "25%"
        """

    @Test func aGoodFileIsCheckedWithoutAWindow() throws {
        let path = try file("good.toml", Self.fundraiser)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let result = try runProgram(ringsBinary, ["check-config", path], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ok") && result.stdout.contains("raised, donors"), "\(result.stdout)")
        // What the window would show: a kiosk's sources name its rings, and it fills the screen
        // (the regression: "rings CPU" and 800x800).
        let kiosk = try file("-kiosk.toml", "kiosk = true\nsource = [\"cpu\", \"mem\", \"disk:/\"]\n")
        let said = try runProgram(ringsBinary, ["check-config", kiosk], environment: environment)
        #expect(said.stdout == "\(kiosk): ok: kiosk, theme activity, fullscreen, rings CPU, memory, disk /\n", "\(said.stdout) \(said.stderr)")
    }

    @Test func everyProblemIsReportedAsFileLineKeyProblem() throws {
        let path = try file("bad.toml", """
            theme = "flat"
            size = "640"
            duration = -1
            colour = "red"
            kiosk = "yes"
            every = "0s"

            [[ring]]
            name = "raised"
            goal = 0
            label = "fancy"

            [[ring]]
            start = "#zzzzzz"
            progress = 12
            """)
        let result = try runProgram(ringsBinary, ["check-config", path])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = ["\(path):2: size:", "\(path):3: duration:", "\(path):4: colour: is not a config key",
                        "\(path):5: kiosk: must be true or false", "\(path):6: every: interval", "\(path):10: ring[1].goal: must be more than 0",
                        "\(path):11: ring[1].label:", "\(path):14: ring[2].start:", "\(path):15: ring[2].progress:"]
        #expect(lines.count == expected.count, "\(result.stderr)")
        for (line, start) in zip(lines, expected) { #expect(line.hasPrefix(start), "\(line)") }
    }

    @Test(arguments: [("a = [1,\n", ":1: syntax:"), ("[[ring]]\nname = 3\n", ":2: ring[1].name: must be a string, not a whole number"),
                      ("ring = 3\n", ":1: ring: must be 1 to 8 [[ring]] tables"), ("source = [\"cpu\", \"fan\"]\n", ":1: source: unknown source 'fan'"),
                      ("progress = [0.5, 0.5]\n[[ring]]\n", ":1: progress: has 2 values but there are 1 [[ring]] tables"),
                      ("display = 1.5\n", ":1: display: must be a whole number"), ("theme = \"nope.json\"\n", ":1: theme: theme file"),
                      ("[[ring]]\nthresholds = [{ at = 0.8 }]\n", ":2: ring[1].thresholds[1]: must be { at = 0.8, colour = \"orange\" }"),
                      ("[[ring]]\nthresholds = [{ at = 0.8, colour = \"mauve\" }]\n", ":2: ring[1].thresholds[1].colour: must be"),
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\npassword = \"p\"\n", ":4: mqtt.password: is never kept in the config"),
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\nca = \"ca.pem\"\n", ":1: mqtt: ca is for TLS: the url must start with mqtts://"),
                      ("[mqtt]\nurl = \"mqtts://x\"\ntopic = \"a\"\nca = \"gone.pem\"\n", ":1: mqtt: ca /"),
                      ("[mqtt]\nurl = \"mqtts://x\"\ntopic = \"a\"\nusername = \"u\"\npassword-file = \"gone.pw\"\n", ":1: mqtt: password-file /"),
                      // A filter no message can match, and a NUL the TOML parser would cut a string at.
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = [\"a/+\", \"a/#/b\"]\n", ":1: mqtt: topic filter 'a/#/b' has # other than as its whole last level"),
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\\u0000b\"\n", ":3: file: holds an escaped NUL"),
                      // Lines where toml++ read them: a table of an array under a table, an inline array over lines.
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\n[[mqtt.schedule]]\nat = \"22:00\"\n", ":4: mqtt.schedule: is not an mqtt key"),
                      ("theme = \"flat\"\nring = [\n  { name = \"a\" },\n  { goal = -1 },\n]\n", ":4: ring[2].goal: must be from 0"),
                      // What passed check-config and then failed at run time ("connecting" for ever).
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\nclient-id = \"\"\n", ":1: mqtt: client-id is empty"),
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\nclient-id = \"" + String(repeating: "x", count: 65_536) + "\"\n",
                       ":1: mqtt: client-id is 65536 bytes long; MQTT allows 65,535"),
                      ("[mqtt]\nurl = \"mqtt://x\"\ntopic = \"a\"\nstatus-topic = \"$SYS/x\"\n", ":1: mqtt: status-topic '$SYS/x' starts with $"),
                      ("[mqtt]\nurl = \"mqtt://bro ker\"\ntopic = \"a\"\n", ":1: mqtt: mqtt://bro ker: the host must be a name or an address"),
                      ("[mqtt]\nurl = \"mqtt://broker\\n.example\"\ntopic = \"a\"\n",
                       ":1: mqtt: mqtt://broker\\n.example: the host must be"),
                      // toml++ 3.3 aborted on these (its assertion; found by FuzzConfigFile).
                      ("[*mqtt]\nurl = 1\n", ":1: syntax: a table's name must start with"),
                      ("theme = \"flat\"\n[[[ring]]]\n", ":2: syntax: a table's name must start with")])
    func badFilesSayWhereAndWhy(text: String, message: String) throws {
        let path = try file("case-\(abs(text.hashValue)).toml", text)
        let result = try runProgram(ringsBinary, ["check-config", path])
        #expect(result.status == 1 && result.stderr.hasPrefix(path + message), "\(result.stderr)")
    }

    /// Every file and list is bounded before it is read: a huge or endless file is refused by its
    /// size or kind at once, never read whole (the regression: a 1 GB config read whole, a 19 MB theme
    /// with a million rings parsed for seconds into gigabytes, a theme FIFO waited on forever), and
    /// lists and names are capped as they are read.
    @Test func filesListsAndNamesAreBoundedBeforeTheyAreRead() throws {
        let huge = try file("huge.toml", ""), hugeTheme = try file("huge.json", "")
        for path in [huge, hugeTheme] { #expect(truncate(path, 1 << 30) == 0) }
        let fifo = directory + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let long = String(repeating: "移\u{301}", count: 129)
        let checks: [(arguments: [String], says: String)] = [
            (["check-config", huge], "\(huge):1: file: is over 256 KB, more than such a file can need"),
            (["render", "--theme", hugeTheme, "--out", directory + "/a.png"], "rings: error: theme file \(hugeTheme): is over 64 KB, more than such a file can need"),
            (["render", "--theme", fifo, "--out", directory + "/a.png"], "rings: error: theme file \(fifo): is not a regular file"),
            (["check-config", try file("fifo-theme.toml", "theme = \"\(fifo)\"\n")], ":1: theme: theme file \(fifo): is not a regular file"),
            (["render", "--theme", try file("buttons.json", #"{"buttons": ["pause", "pause"]}"#), "--out", directory + "/a.png"],
             "key 'buttons' must be a list of buttons out of"),
            (["render", "--theme", try file("rings.json", "{\"rings\": [" + Array(repeating: "{}", count: 9000).joined(separator: ",") + "]}"),
              "--out", directory + "/a.png"], "key 'rings' lists 9000 rings; at most 8"),
            (["render", "--theme", try file("name.json", "{\"rings\": [{\"name\": \"\(long)\"}]}"), "--out", directory + "/a.png"],
             "key 'rings[0].name' is 258 characters long; a name or unit takes at most 256"),
            (["check-config", try file("name.toml", "[[ring]]\nname = \"\(long)\"\n")], ":2: ring[1].name: is 258 characters long"),
            (["check-config", try file("thresholds.toml", "[[ring]]\nthresholds = [" + Array(repeating: "{ at = 0.5, colour = \"red\" }", count: 8000).joined(separator: ",") + "]\n")],
             ":2: ring[1].thresholds: must be a list of at most 8"),
        ]
        // In 800 MB of address space: a 1 GB file read whole, or gigabytes parsed, would not fit.
        for (arguments, says) in checks {
            let result = try runProgram("/bin/sh", ["-c", "ulimit -v 800000 && exec \"$0\" \"$@\"", ringsBinary] + arguments, timeout: 60)
            #expect(result.status == 1 && result.stderr.contains(says) && result.stderr.split(separator: "\n").count == 1,
                    "\(arguments.last!): \(result.stderr)")
        }
    }

    @Test func theWindowRefusesABadFileBeforeItOpens() throws {
        let path = try file("late.toml", "duration = \"long\"\n")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let result = try runProgram(ringsBinary, ["--config", path], environment: environment, timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):1: duration: must be a number, not a string\n", "not a word about a display: \(result.stderr)")
        #expect(try runProgram(ringsBinary, ["check-config", directory + "/missing.toml"]).stderr.contains("missing.toml:1: file: no such file"))
    }

    /// `[[schedule]]` tables: a good one is counted; each wrong key, time, day, brightness or
    /// screen is its own line, and the file is refused.
    @Test func scheduleTablesAreChecked() throws {
        let good = try file("night.toml", "wake-on-input = true\ncec = \"off\"\n[[schedule]]\nat = \"22:00\"\nbrightness = 0.2\n[[schedule]]\nat = \"23:00\"\nscreen = \"off\"\n"
                                          + "[[schedule]]\nat = \"7:00\"\ndays = [\"mon\", \"sat\"]\n")
        let ok = try runProgram(ringsBinary, ["check-config", good])
        #expect(ok.status == 0 && ok.stdout.contains("a schedule of 3 steps; power the window system's (cec = off)"), "\(ok.stdout)\(ok.stderr)")
        let bad = try file("bad-night.toml", "wake-on-input = \"soon\"\n[[schedule]]\nat = \"24:00\"\nbrightness = 2\n[[schedule]]\nscreen = \"dim\"\ncolour = 1\n"
                                             + "[[schedule]]\nat = \"1:00\"\ndays = [\"monday\"]\n[[schedule]]\nbrightness = 0.5\n")
        let refused = try runProgram(ringsBinary, ["check-config", bad])
        let lines = refused.stderr.split(separator: "\n")
        #expect(refused.status == 1 && lines.count == 7, "\(refused.stderr)")
        for part in ["wake-on-input: must be true", "schedule[1].at", "schedule[1].brightness", "schedule[2].screen", "schedule[2].colour", "schedule[3].days", "schedule[4]: needs at"] {
            #expect(lines.contains { $0.contains(part) }, "\(part): \(refused.stderr)")
        }
    }

    /// Every option of `rings window` has a key of the same name.
    @Test func everyWindowOptionHasAKey() throws {
        let help = try runProgram(ringsBinary, ["window", "--help"]).stdout
        // The option lines: "  --kiosk/--no-kiosk   Unattended display ...", "  --size <WxH>  ...".
        let options = Set(help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("--") }
            .map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" }) })
            .filter { !["config", "help", "version"].contains($0) }
        #expect(options.count >= 15, "\(options)")
        // --mqtt and --topic are the [mqtt] table's url and topic (a table comes after the plain keys).
        #expect(options.contains("mqtt") && options.contains("topic"))
        let path = try file("all.toml", options.subtracting(["mqtt", "topic"]).sorted().map { key in
            switch key {
            case "fullscreen", "kiosk", "stats", "counterclockwise", "intro", "reduced-motion", "touch-controls", "widget", "widget-clicks": "\(key) = false"
            case "widget-place": "widget-place = \"bottom-left\""
            case "widget-margin": "widget-margin = 12"
            case "preset": "preset = \"gold\""
            case "theme": "theme = \"flat\""
            case "display", "rotate": "\(key) = 0"
            case "duration": "duration = 1"
            case "size": "size = \"100x100\""
            case "progress": "progress = [0.5]"
            case "curve": "curve = \"linear\""
            case "chrome": "chrome = \"full\""
            case "label": "label = \"ring 2\""
            case "present": "present = \"vsync\""
            case "cec": "cec = \"off\""
            case "every", "shift-every", "stale-after": "\(key) = \"2s\""
            case "source": "source = \"cpu\""
            case "lang": "lang = \"de\""
            default: "\(key) = \"x\""
            }
        }.joined(separator: "\n") + "\n[mqtt]\nurl = \"mqtt://127.0.0.1:1883\"\ntopic = \"office/rings\"")
        // A preset brings its own theme: the two together are refused; each alone is fine.
        let both = try runProgram(ringsBinary, ["check-config", path])
        #expect(both.status == 1 && both.stderr.contains("not both"), "\(both.stderr)")
        for left in ["theme", "preset"] {
            let text = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix(left + " ") }
            let result = try runProgram(ringsBinary, ["check-config", try file("all-but-\(left).toml", text.joined(separator: "\n"))])
            #expect(result.status == 0, "\(options.sorted()): \(result.stderr)")
        }
    }
}

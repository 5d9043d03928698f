import RingsConfig
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL

/// One thing wrong in a config file, said as FILE:LINE: key: problem.
struct ConfigProblem: CustomStringConvertible {
    let file: String
    let line: Int
    let key: String
    let problem: String
    var description: String { "\(file):\(line): \(key): \(problem)" }
}

/// Everything wrong with a config file, a problem a line, in the order of the file.
struct ConfigErrors: Error {
    let problems: [ConfigProblem]
}

/// A ring as a config file's `[[ring]]` table describes it; what it leaves out comes from the theme.
struct RingEntry {
    var name: String?
    var start: RGB8?
    var end: RGB8?
    var goal: Double?
    var label: LabelFormat?
    var progress: Double?
    var thresholds: [Threshold]?
    var alert: Double?
}

/// What a config file (`--config rings.toml`) sets. Every option of the window command is a key of
/// the same name (`shift-every = "10m"`); `[[ring]]` tables name and colour the rings, set their goals
/// and how their values read. Values are checked as the command line checks them; paths are taken
/// relative to the file.
struct ConfigFile {
    var theme: String?
    var preset: String?
    var counterclockwise: Bool?
    var size: String?
    var progress: [Double]?
    var duration: Double?
    var curve: String?
    var fullscreen: Bool?
    var kiosk: Bool?
    var touchControls: Bool?
    var intro: Bool?
    var display: Int?
    var shiftEvery: String?
    var chrome: ChromeChoice?
    var label: CenterLabel?
    var font: String?
    var lang: String?
    var feed: String?
    var source: String?
    var exec: String?
    var every: String?
    var staleAfter: String?
    var reducedMotion: Bool?
    var stateFile: String?
    var rotate: Int?
    var stats: Bool?
    var present: PresentMode?
    var cec: String?
    var widget: Bool?
    var widgetPlace: String?
    var widgetMargin: Int?
    var widgetClicks: Bool?
    var rings: [RingEntry] = []
    var mqtt: MQTTEntry?
    var schedule: Schedule?
    /// Seconds a touch or key wakes a screen that is off (true: 60).
    var wakeOnInput: Double?

    /// The largest config file read: a commented config with 8 rings is a few KB.
    static let largestFile = 256 * 1024

    /// Reads and checks the file at `path` (read before a byte is parsed: its size, its kind); every problem found is in the error.
    static func load(_ path: String) throws(ConfigErrors) -> ConfigFile {
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: largestFile) } catch {
            throw ConfigErrors(problems: [ConfigProblem(file: path, line: 1, key: "file", problem: "\(error)")])
        }
        if let nul = data.firstIndex(of: 0) {
            // TOML parsers stop at a NUL as C strings do, and would read the rest as missing.
            let line = data[..<nul].filter { $0 == 0x0A }.count + 1
            throw ConfigErrors(problems: [ConfigProblem(file: path, line: line, key: "file", problem: "holds a NUL byte (not text)")])
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigErrors(problems: [ConfigProblem(file: path, line: 1, key: "file", problem: "is not UTF-8 text")])
        }
        // An escaped NUL in a string would be cut there on its way from the TOML parser (a C string):
        // a topic "a\u0000b" would become "a". Refused where it stands.
        if let escape = Self.escapedNUL(in: text) {
            let line = text[..<escape].filter { $0 == "\n" }.count + 1
            throw ConfigErrors(problems: [ConfigProblem(file: path, line: line, key: "file", problem: "holds an escaped NUL (\\u0000), which no setting can take")])
        }
        let (table, lines): (ConfigTable, ConfigLines)
        do { (table, lines) = try ConfigTable.parse(text) } catch {
            throw ConfigErrors(problems: [ConfigProblem(file: path, line: error.line, key: "syntax", problem: error.description)])
        }
        var reader = ConfigReader(file: path, lines: lines)
        let config = reader.config(table)
        guard reader.problems.isEmpty else {
            throw ConfigErrors(problems: reader.problems.sorted { ($0.line, $0.key) < ($1.line, $1.key) })
        }
        return config
    }
}

extension ConfigFile {
    /// The theme's ring styles with what the `[[ring]]` tables set laid over them, ring by ring.
    func styles(over theme: Theme) -> [RingStyle] {
        var styles = theme.rings
        for (i, entry) in rings.enumerated() {
            var style = theme.style(ofRing: i)
            if let name = entry.name { style.name = name }
            if let start = entry.start { style.start = start }
            if let end = entry.end { style.end = end }
            style.goal = entry.goal
            if let label = entry.label { style.label = label }
            if let thresholds = entry.thresholds { style.thresholds = thresholds }
            if let alert = entry.alert { style.alert = alert }
            if i < styles.count { styles[i] = style } else { styles.append(style) }
        }
        return styles
    }

    /// Where `text` holds an escape of NUL (`\u0000` or `\U00000000` after an odd run of backslashes).
    static func escapedNUL(in text: String) -> String.Index? {
        var backslashes = 0, index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" { backslashes += 1; index = text.index(after: index); continue }
            if backslashes % 2 == 1, let start = text.index(index, offsetBy: -1, limitedBy: text.startIndex) {
                let rest = text[index...]
                if rest.hasPrefix("u0000") || rest.hasPrefix("U00000000") { return start }
            }
            backslashes = 0
            index = text.index(after: index)
        }
        return nil
    }
}

import RingsBase
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsAssets
import RingsRaster

/// Why a theme could not be loaded; the description is one line for the user.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    case unknownTheme(String, available: [String])
    case unknownPreset(String, available: [String])
    case unreadable(path: String, reason: String)
    case malformed(source: String, reason: String)
    case badValue(source: String, key: String, problem: String)

    public var description: String { words.oneLine }

    private var words: String {
        switch self {
        case let .unknownTheme(name, available):
            "unknown theme '\(name)' (built-in themes: \(available.joined(separator: ", ")); or give a path to a .json file)"
        case let .unknownPreset(name, available):
            "--preset \(name): there is no such preset (presets: \(available.joined(separator: ", ")); `rings presets` shows them)"
        case let .unreadable(path, reason): "theme file \(path): \(reason)"
        case let .malformed(source, reason): "theme \(source) is not valid JSON: \(reason)"
        case let .badValue(source, key, problem): "theme \(source): key '\(key.clipped(60))' \(problem)"
        }
    }
}

/// Loads themes: by built-in name (activity, flat, gold, soft, tutorial: Assets/Themes), or from the
/// JSON text of a user's theme file.
///
/// A key the file leaves out keeps the value of the default theme (`Theme.standard`); a key of the
/// wrong type or out of range, or one that no theme has, is an error that names it.
public enum ThemeLoader {
    /// The largest theme file read: a theme of 8 rings with all their thresholds is under 8 KB.
    public static let largestFile = 64 * 1024

    /// Names of the built-in themes.
    public static var builtInNames: [String] { BundledAssets.names(in: .themes) }

    /// A built-in theme by name (a theme file is read by `ThemeFile`, which hands its text to `parse`).
    public static func load(_ name: String) throws(ThemeError) -> Theme {
        guard let bytes = BundledAssets.bytes(named: name, in: .themes) else {
            throw .unknownTheme(name, available: builtInNames)
        }
        return try parse(Data(bytes), source: "'\(name)'")
    }

    /// A theme from JSON text; `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws(ThemeError) -> Theme {
        let object: Any
        do { object = try JSON.parse(data) } catch {
            throw .malformed(source: source, reason: error.description)
        }
        guard let root = object as? [String: Any] else {
            throw .malformed(source: source, reason: "the top level must be an object")
        }
        var reader = Reader(source: source)
        return try reader.theme(root, over: Theme.standard)
    }

    /// `base` with the theme keys of `keys` set (a preset's changes to its theme); `source` names it in errors.
    public static func apply(_ keys: [String: Any], over base: Theme, source: String) throws(ThemeError) -> Theme {
        var reader = Reader(source: source)
        return try reader.theme(keys, over: base)
    }

    private struct Reader {
        let source: String

        func fail(_ key: String, _ problem: String) -> ThemeError { .badValue(source: source, key: key, problem: problem) }

        mutating func theme(_ root: [String: Any], over base: Theme) throws(ThemeError) -> Theme {
            let known: Set<String> = ["name", "background", "rings", "outerRadius", "thickness", "gap", "minimumHoleRadius",
                                      "trackOpacity", "tipThreshold", "shadowOpacity", "shadowSigma", "shadowOffset", "progress",
                                      "look", "track", "trackWidth", "gradient", "bandOpacity", "dot", "dotSize", "clockwise",
                                      "ink", "buttonFill", "buttonOpacity", "textHalo", "textHaloOpacity", "fonts", "fontWeight", "legend", "buttons", "motion", "palette", "label", "comparable"]
            if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
                throw fail(unknown, "is not a theme key (known keys: \(known.sorted().joined(separator: ", ")))")
            }
            var t = base
            if let v = root["name"] { t.name = try string(v, "name") }
            if let v = root["background"] { t.background = try color(v, "background") }
            if let v = root["rings"] { t.rings = try rings(v) }
            if let v = root["outerRadius"] { t.outerRadius = try number(v, "outerRadius", 0.01...0.5) }
            if let v = root["thickness"] { t.thickness = try number(v, "thickness", 0.001...0.5) }
            if let v = root["gap"] { t.gap = try number(v, "gap", 0...0.5) }
            if let v = root["minimumHoleRadius"] { t.minimumHoleRadius = try number(v, "minimumHoleRadius", 0...0.45) }
            if let v = root["trackOpacity"] { t.trackOpacity = try number(v, "trackOpacity", 0...1) }
            if let v = root["tipThreshold"] { t.tipThreshold = try number(v, "tipThreshold", 0...10) }
            if let v = root["shadowOpacity"] { t.shadowOpacity = try number(v, "shadowOpacity", 0...1) }
            if let v = root["shadowSigma"] { t.shadowSigma = try number(v, "shadowSigma", 0.001...2) }
            if let v = root["shadowOffset"] { t.shadowOffset = try number(v, "shadowOffset", -2...2) }
            if let v = root["progress"] {
                guard let list = v as? [Any], (1...RingValues.maximumRings).contains(list.count) else {
                    throw fail("progress", "must be a list of 1 to \(RingValues.maximumRings) numbers")
                }
                t.sampleValues = []
                for (i, item) in list.enumerated() {
                    t.sampleValues.append(try number(item, "progress[\(i)]", 0...RingValues.maximumProgress))
                }
            }
            if let v = root["look"] { t.look = try choice(v, "look") }
            if let v = root["track"] { t.track = try color(v, "track") }
            if let v = root["trackWidth"] { t.trackWidth = try number(v, "trackWidth", 0.01...1) }
            if let v = root["gradient"] { t.gradient = try choice(v, "gradient") }
            if let v = root["bandOpacity"] { t.bandOpacity = try number(v, "bandOpacity", 0...1) }
            if let v = root["dot"] { t.dot = try color(v, "dot") }
            if let v = root["dotSize"] { t.dotSize = try number(v, "dotSize", 0.05...1) }
            if let v = root["clockwise"] { t.clockwise = try bool(v, "clockwise") }
            if let v = root["ink"] { t.ink = try color(v, "ink") }
            if let v = root["buttonFill"] {
                let opacity = try root["buttonOpacity"].map { v throws(ThemeError) in try number(v, "buttonOpacity", 0...1) } ?? 1
                t.buttonFill = try color(v, "buttonFill").withOpacity(opacity)
            } else if root["buttonOpacity"] != nil {
                throw fail("buttonOpacity", "needs buttonFill, the colour it applies to")
            }
            if let v = root["textHalo"] {
                let opacity = try root["textHaloOpacity"].map { v throws(ThemeError) in try number(v, "textHaloOpacity", 0...1) } ?? 1
                t.textHalo = try color(v, "textHalo").withOpacity(opacity)
            } else if root["textHaloOpacity"] != nil {
                throw fail("textHaloOpacity", "needs textHalo, the colour it applies to")
            }
            if let v = root["fonts"] {
                guard let list = v as? [String], !list.isEmpty, list.allSatisfy({ !$0.isEmpty }) else {
                    throw fail("fonts", "must be a non-empty list of font family names")
                }
                guard list.count <= Theme.maximumFonts else {
                    throw fail("fonts", "lists \(list.count) families; at most \(Theme.maximumFonts)")
                }
                t.fonts = list
            }
            if let v = root["fontWeight"] { t.fontWeight = try choice(v, "fontWeight") }
            if let v = root["legend"] { t.legend = try bool(v, "legend") }
            if let v = root["buttons"] {
                guard let list = v as? [String], list.allSatisfy(Chrome.allButtons.contains), Set(list).count == list.count else {
                    throw fail("buttons", "must be a list of buttons out of \(Chrome.allButtons.joined(separator: ", ")), each at most once")
                }
                t.buttons = list
            }
            if let v = root["motion"] { t.motion = try choice(v, "motion") }
            if let v = root["palette"] { t.palette = try choice(v, "palette") }
            if let v = root["label"] {
                guard let label = (v as? String).flatMap(CenterLabel.init(parsing:)) else { throw fail("label", "must be \(CenterLabel.expected)") }
                t.label = label
            }
            if let v = root["comparable"] { t.comparable = try bool(v, "comparable") }
            if t.minimumHoleRadius >= t.outerRadius {
                throw fail("minimumHoleRadius", "must be smaller than outerRadius (\(t.outerRadius))")
            }
            return t
        }

        func rings(_ value: Any) throws(ThemeError) -> [RingStyle] {
            guard let list = value as? [Any], !list.isEmpty else { throw fail("rings", "must be a non-empty list of ring objects") }
            guard list.count <= RingValues.maximumRings else {
                throw fail("rings", "lists \(list.count) rings; at most \(RingValues.maximumRings)")
            }
            var styles: [RingStyle] = []
            for (i, item) in list.enumerated() {
                let key = "rings[\(i)]"
                guard let ring = item as? [String: Any] else { throw fail(key, "must be an object with start and end colours") }
                if let unknown = ring.keys.sorted().first(where: { !["name", "start", "end", "label", "thresholds", "alert"].contains($0) }) {
                    throw fail("\(key).\(unknown)", "is not a ring key (known: name, start, end, label, thresholds, alert)")
                }
                var label = LabelFormat.percent()
                if let v = ring["label"] {
                    switch v as? String {
                    case "percent": break
                    case "download": label = .words(waiting: Words.waiting.text, done: Words.done.text, inner: .percent())
                    default: throw fail("\(key).label", "must be \"percent\" or \"download\" (Waiting..., NN%, Done)")
                    }
                }
                let fallback = Theme.standard.style(ofRing: i)
                var style = RingStyle(
                    name: try ring["name"].map { v throws(ThemeError) in try name(v, "\(key).name") } ?? fallback.name,
                    start: try ring["start"].map { v throws(ThemeError) in try color(v, "\(key).start") } ?? fallback.start,
                    end: try ring["end"].map { v throws(ThemeError) in try color(v, "\(key).end") } ?? fallback.end,
                    label: label)
                if let v = ring["thresholds"] {
                    guard let levels = v as? [Any], levels.count <= Threshold.most else {
                        throw fail("\(key).thresholds", "must be a list of at most \(Threshold.most) {\"at\": 0.8, \"colour\": \"orange\"}")
                    }
                    style.thresholds = try levels.enumerated().map { j, level throws(ThemeError) in
                        let at = "\(key).thresholds[\(j)]"
                        guard let level = level as? [String: Any], let value = level["at"], let paint = level["colour"] ?? level["color"],
                              level.count == 2 else { throw fail(at, "must be {\"at\": 0.8, \"colour\": \"orange\"}") }
                        return Threshold(at: try number(value, "\(at).at", 0...RingValues.maximumProgress), color: try color(paint, "\(at).colour"))
                    }.sorted { $0.at < $1.at }
                }
                style.alert = try ring["alert"].map { v throws(ThemeError) in try number(v, "\(key).alert", 0...RingValues.maximumProgress) }
                styles.append(style)
            }
            return styles
        }

        func bool(_ value: Any, _ key: String) throws(ThemeError) -> Bool {
            guard let flag = value as? Bool else { throw fail(key, "must be true or false") }
            return flag
        }

        /// One of an enumeration's raw values, named in the error when it is none of them.
        func choice<Choice: RawRepresentable & CaseIterable>(_ value: Any, _ key: String) throws(ThemeError) -> Choice
        where Choice.RawValue == String {
            let names = Choice.allCases.map(\.rawValue)
            guard let s = value as? String, let made = Choice(rawValue: s) else {
                throw fail(key, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return made
        }

        func name(_ value: Any, _ key: String) throws(ThemeError) -> String {
            let text = try string(value, key)
            if let problem = RingStyle.nameProblem(text) { throw fail(key, problem) }
            return text
        }

        func string(_ value: Any, _ key: String) throws(ThemeError) -> String {
            guard let s = value as? String else { throw fail(key, "must be a string") }
            return s
        }

        func number(_ value: Any, _ key: String, _ range: ClosedRange<Double>) throws(ThemeError) -> Double {
            guard let d = value as? Double else { throw fail(key, "must be a number") }
            guard d.isFinite, range.contains(d) else { throw fail(key, "must be between \(range.lowerBound) and \(range.upperBound), not \(d)") }
            return d
        }

        /// A colour as [r, g, b] with 0...255 integers or as "#rrggbb".
        func color(_ value: Any, _ key: String) throws(ThemeError) -> RGB8 {
            let color: RGB8?
            if let text = value as? String {
                color = ColorValue.parse(text)
            } else if let list = value as? [Any] {
                let numbers = list.compactMap { $0 as? Double }
                color = numbers.count == list.count ? ColorValue.parse(channels: numbers) : nil
            } else {
                color = nil
            }
            guard let color else { throw fail(key, "must be \(ColorValue.expected)") }
            return color
        }
    }
}

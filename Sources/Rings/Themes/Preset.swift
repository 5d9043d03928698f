import RingsBase
import FoundationEssentials
import Glibc
import RingsAssets

/// A ready-made ring: a theme with some of its keys changed, a canvas size and values. The library
/// items of the AnimatableModifier tutorial ("Progress Ring", "Progress Ring - Bigger") and one per theme ship in Assets/Presets.
public struct Preset: Sendable {
    /// The file's name, used on the command line (`--preset progress-ring`).
    public var name: String
    /// The name people read ("Progress Ring - Bigger").
    public var title: String
    public var about: String
    public var theme: Theme
    public var width: Int, height: Int
    /// Each ring's value, outermost first.
    public var values: [Double]

    /// The scene the preset draws.
    public var scene: RingScene { RingScene(theme: theme, width: width, height: height, values: values) }

    /// Names of the bundled presets, sorted.
    public static var names: [String] { BundledAssets.names(in: .presets) }

    /// Every bundled preset, themes' own first, then the rest by name.
    public static func all() throws(ThemeError) -> [Preset] {
        var loaded: [Preset] = []
        for name in names { loaded.append(try load(name)) }
        let themes = ThemeLoader.builtInNames
        return loaded.sorted { a, b in
            let ia = themes.firstIndex(of: a.name) ?? Int.max, ib = themes.firstIndex(of: b.name) ?? Int.max
            return ia != ib ? ia < ib : a.name < b.name
        }
    }

    /// A bundled preset by file name or title (any case).
    public static func load(_ wanted: String) throws(ThemeError) -> Preset {
        let key = wanted.lowercased()
        let name = names.first { $0.lowercased() == key } ?? names.first { n in
            (BundledAssets.bytes(named: n, in: .presets).flatMap { try? JSON.parse(Data($0)) as? [String: Any] }?["title"] as? String)?
                .lowercased() == key
        }
        guard let name, let bytes = BundledAssets.bytes(named: name, in: .presets) else {
            throw .unknownPreset(wanted, available: names)
        }
        return try parse(Data(bytes), name: name)
    }

    /// A preset from its JSON: title, about, theme (a built-in name), size "WxH", progress, and
    /// `set`, theme keys that change the theme.
    static func parse(_ data: Data, name: String) throws(ThemeError) -> Preset {
        let source = "preset '\(name)'"
        guard let root = (try? JSON.parse(data)) as? [String: Any] else {
            throw .malformed(source: source, reason: "the top level must be an object")
        }
        func fail(_ key: String, _ problem: String) -> ThemeError { .badValue(source: source, key: key, problem: problem) }
        guard let title = root["title"] as? String, let about = root["about"] as? String else { throw fail("title", "and about must be strings") }
        guard let themeName = root["theme"] as? String else { throw fail("theme", "must name a built-in theme") }
        var theme = try ThemeLoader.load(themeName)
        if let keys = root["set"] {
            guard let keys = keys as? [String: Any] else { throw fail("set", "must be an object of theme keys") }
            theme = try ThemeLoader.apply(keys, over: theme, source: source)
        }
        let size = (root["size"] as? String)?.lowercased().split(separator: "x").compactMap { Int($0) } ?? []
        guard size.count == 2, size.allSatisfy({ (1...4096).contains($0) }) else { throw fail("size", "must be \"WxH\"") }
        guard let values = root["progress"] as? [Double], (1...RingValues.maximumRings).contains(values.count),
              values.allSatisfy({ (0...RingValues.maximumProgress).contains($0) }) else {
            throw fail("progress", "must be a list of 1 to \(RingValues.maximumRings) values from 0 to \(RingValues.maximumProgress)")
        }
        return Preset(name: name, title: title, about: about, theme: theme, width: size[0], height: size[1], values: values)
    }
}

import ArgumentParser
import Rings
import RingsLive

/// The options every subcommand shares: what to draw and how big.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A TOML settings file: every option of `rings window` is a key of the same name, and [[ring]] tables name, colour and set goals for the rings; options given on the command line win. `none` reads no file. Default (the window): $XDG_CONFIG_HOME/rings/config.toml, else /etc/rings/config.toml, when present.",
                               valueName: "path|none"))
    var config: String?

    @Option(help: ArgumentHelp("A built-in theme (activity, flat, gold, soft, tutorial) or the path of a theme .json file. Default: activity.", valueName: "name|path"))
    var theme: String?

    @Option(help: ArgumentHelp("A preset (`rings presets` lists them): its theme, size and values, unless other options say otherwise.", valueName: "name"))
    var preset: String?

    @Flag(help: "Run the arcs counterclockwise from 12 o'clock (mirrors the rings).")
    var counterclockwise = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Canvas size in pixels, 1 to 16384 on a side.", valueName: "WxH"))
    var size: String?

    // Unconditional, so that a negative value ("-0.5") reaches the range check instead of looking like an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Progress of each ring, outermost first, separated by commas: 1 to 8 values, each 0 to 10 (1 is a full ring; 72% also works). Default: the theme's.",
        valueName: "a,b,c"))
    var progress: String?

    @Option(help: ArgumentHelp("What the centre label shows: auto (the selected ring; else the only ring; else the average where the theme's rings measure one kind of thing), average, \"ring N\", or none. Default: the theme's (auto).",
                               valueName: "auto|average|ring N|none"))
    var label: String?

    @Option(help: ArgumentHelp("The language of the words on screen (help, buttons, legend notes), as gettext names it: en, de, zh_CN. Default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG.",
                               valueName: "language"))
    var lang: String?

    /// The config file to read: --config's (none for `none`), else, when `lookup` is on (the
    /// window), the one found where Linux apps keep theirs (`ConfigLocation`).
    func configPath(lookup: Bool = false) -> String? {
        guard let config else { return lookup ? ConfigLocation.found() : nil }
        return config == ConfigLocation.none ? nil : config
    }

    /// What the config file at `path` sets (nothing without one).
    static func settings(at path: String?) throws(ConfigErrors) -> ConfigFile {
        try path.map { path throws(ConfigErrors) in try ConfigFile.load(path) } ?? ConfigFile()
    }

    /// What --config's file sets (nothing without it, or with `none`).
    func settings() throws(ConfigErrors) -> ConfigFile { try Self.settings(at: configPath()) }

    /// The scene these options describe, checked; what they leave out comes from `file`, else
    /// `defaultSize` and the theme's values.
    func scene(defaultSize: (Int, Int), file: ConfigFile? = nil) throws -> RingScene {
        let file = try file ?? settings()
        let presetName = preset ?? file.preset
        if presetName != nil, theme != nil || (preset == nil && file.theme != nil) {
            throw UserError("give a theme or a preset, not both (a preset brings its own theme)")
        }
        let chosen: Preset?
        do { chosen = try presetName.map { name throws(ThemeError) in try Preset.load(name) } } catch { throw UserError(error) }
        let (width, height) = try (size ?? file.size).map(CanvasSize.parse) ?? chosen.map { ($0.width, $0.height) } ?? defaultSize
        var loaded: Theme
        if let chosen { loaded = chosen.theme } else {
            do { loaded = try ThemeFile.load(theme ?? file.theme ?? "activity") } catch { throw UserError(error) }
        }
        loaded.rings = file.styles(over: loaded)
        // Rings the config names are its own: their average means something only where each has a goal.
        if file.rings.contains(where: { $0.name != nil }) { loaded.comparable = false }
        if let text = label {
            guard let choice = CentreLabel(parsing: text) else { throw UserError("--label \(text): must be \(CentreLabel.expected)") }
            loaded.label = choice
        } else if let choice = file.label {
            loaded.label = choice
        }
        if counterclockwise || file.counterclockwise == true { loaded.clockwise = false }
        var values = file.progress ?? (file.rings.isEmpty ? chosen?.values : file.rings.map { $0.progress ?? 0 })
        if let progress {
            do { values = try RingValues.parse(progress) } catch { throw UserError(error) }
        }
        if loaded.look == .soft, let count = values?.count, count > 1 {
            throw UserError("the \(loaded.name) theme shows one ring, but \(count) values were given")
        }
        return RingScene(theme: loaded, width: width, height: height, values: values)
    }
}

/// Canvas sizes written as WIDTHxHEIGHT.
enum CanvasSize {
    static let maximumSide = 16384

    /// Refuses in one line a frame bigger than this process may take memory for (`ulimit -v`):
    /// drawing and writing a frame takes about 2.5 times its pixels' 4 bytes each.
    static func checkMemory(for scene: RingScene) throws(UserError) {
        let bytes = 10 * scene.width * scene.height
        guard AddressSpace.hasRoom(for: bytes) else {
            throw UserError("a \(scene.width)x\(scene.height) frame needs about \(bytes >> 20) MB of memory, more than rings may take here (ulimit -v?)")
        }
    }

    static func parse(_ text: String) throws(UserError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UserError("size '\(text)' is not WIDTHxHEIGHT (for example 1920x1080)")
        }
        guard (1...maximumSide).contains(w), (1...maximumSide).contains(h) else {
            throw UserError("size '\(text)' is out of range: each side must be 1 to \(maximumSide) pixels")
        }
        return (w, h)
    }
}

/// `--chrome`: the live window's label, legend and buttons, or only the rings.
enum ChromeChoice: String, ExpressibleByArgument {
    case full, none
}

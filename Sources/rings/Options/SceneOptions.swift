import ArgumentParser
import Rings
import RingsLive

/// The options every subcommand shares: what to draw and how big.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A TOML settings file: every option of `rings window` is a key of the same name, and [[ring]] tables name, colour and set goals for the rings; options given on the command line win. `none` reads no file. Default (the window): $XDG_CONFIG_HOME/rings/config.toml, else /etc/rings/config.toml, when present.",
                               valueName: "path|none"))
    var config: String?

    @Option(name: Settings.theme.long, help: Settings.theme.help)
    var theme: String?

    @Option(name: Settings.preset.long, help: Settings.preset.help)
    var preset: String?

    @Flag(name: Settings.counterclockwise.long, help: Settings.counterclockwise.help)
    var counterclockwise = false

    @Option(name: Settings.size.long, parsing: .unconditional, help: Settings.size.help)
    var size: String?

    // Unconditional, so that a negative value ("-0.5") reaches the range check instead of looking like an option.
    @Option(name: Settings.progress.long, parsing: .unconditional, help: Settings.progress.help)
    var progress: String?

    @Option(name: Settings.label.long, help: Settings.label.help)
    var label: String?

    @Option(name: Settings.lang.long, help: Settings.lang.help)
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
    func scene(defaultSize: (Int, Int), file: ConfigFile? = nil, defaultTheme: String? = nil) throws -> RingScene {
        let file = try file ?? settings()
        let presetName = Settings.preset.value(preset, in: file)
        if presetName != nil, theme != nil || (preset == nil && file.theme != nil) {
            throw UserError("give a theme or a preset, not both (a preset brings its own theme)")
        }
        let chosen: Preset?
        do { chosen = try presetName.map { name throws(ThemeError) in try Preset.load(name) } } catch { throw UserError(error) }
        let (width, height) = try Settings.size.value(size, in: file).map(CanvasSize.parse) ?? chosen.map { ($0.width, $0.height) } ?? defaultSize
        var loaded: Theme
        if let chosen { loaded = chosen.theme } else {
            do { loaded = try ThemeFile.load(theme ?? file.theme ?? defaultTheme ?? Settings.theme.resolved(nil, in: file)) } catch { throw UserError(error) }
        }
        loaded.rings = file.styles(over: loaded)
        // Rings the config names are its own: their average means something only where each has a goal.
        if file.rings.contains(where: { $0.name != nil }) { loaded.comparable = false }
        if let text = label {
            guard let choice = CenterLabel(parsing: text) else { throw UserError("--label \(text): must be \(CenterLabel.expected)") }
            loaded.label = choice
        } else if let choice = file.label {
            loaded.label = choice
        }
        if Settings.counterclockwise.resolved(counterclockwise ? true : nil, in: file) { loaded.clockwise = false }
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
enum ChromeChoice: String, CaseIterable, ExpressibleByArgument {
    case full, none
}

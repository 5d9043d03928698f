import ArgumentParser
import Rings

/// The options every subcommand shares: what to draw and how big.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A built-in theme (activity, flat) or the path of a theme .json file.", valueName: "name|path"))
    var theme = "activity"

    @Option(parsing: .unconditional, help: ArgumentHelp("Canvas size in pixels, 1 to 16384 on a side.", valueName: "WxH"))
    var size: String?

    // Unconditional, so that a negative value ("-0.5") reaches the range check instead of looking like an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Progress of each ring, outermost first, separated by commas: 1 to 8 values, each 0 to 10 (1 is a full ring; 72% also works). Default: the theme's.",
        valueName: "a,b,c"))
    var progress: String?

    /// The scene these options describe, checked; `defaultSize` when --size is absent.
    func scene(defaultSize: (Int, Int)) throws(UserError) -> RingScene {
        let (width, height) = try size.map(CanvasSize.parse) ?? defaultSize
        let loaded: Theme
        do { loaded = try ThemeLoader.load(theme) } catch { throw UserError(error) }
        var values: [Double]?
        if let progress {
            do { values = try RingValues.parse(progress) } catch { throw UserError(error) }
        }
        return RingScene(theme: loaded, width: width, height: height, progress: values)
    }
}

/// Canvas sizes written as WIDTHxHEIGHT.
enum CanvasSize {
    static let maximumSide = 16384

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

import ArgumentParser
import Rings
import RingsAnimation
import RingsSDL

/// `rings window` (the default): the live rings in a resizable desktop window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the live window (the default). Keys: Tab select, 0-9 = set, arrows nudge, Space replay, R random, F fullscreen, Esc/q quit.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var timing: TimingOptions

    @Flag(help: "Start fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("full: label, legend and buttons; none: only the rings, exactly as `rings render` draws them.",
                               valueName: "full|none"))
    var chrome = "full"

    @Option(help: ArgumentHelp("Font family for the label (found with fontconfig). Default: Inter Bold if installed, else DejaVu Sans Bold.",
                               valueName: "name"))
    var font: String?

    @Option(help: ArgumentHelp("Live values, a line at a time (1=0.72 2=135% stand=430/600, or JSON): - for standard input, or a file or FIFO to follow.",
                               valueName: "-|path"))
    var feed: String?

    @Flag(help: "On exit, print frames presented and dropped, the frame-interval median and 99th percentile, and CPU seconds.")
    var stats = false

    func run() throws {
        let initial = try scene.scene(defaultSize: (800, 800))
        let (duration, curve) = try timing.checked()
        guard ["full", "none"].contains(chrome) else { throw UserError("--chrome must be full or none, not '\(chrome)'") }
        let app: LiveApp
        do {
            app = try LiveApp(options: .init(theme: initial.theme, values: initial.progress,
                                             spec: .tween(duration: duration, curve: curve),
                                             size: (initial.width, initial.height), fullscreen: fullscreen,
                                             chrome: chrome == "full", font: font,
                                             feed: feed.map { $0 == "-" ? .standardInput : .path($0) }))
        } catch {
            let message = "\(error)"
            throw UserError(message.hasPrefix("no display") ? message + "; `rings render --out frame.png` draws without a display" : message)
        }
        do { try app.run() } catch { throw UserError(error) }
        if stats { print(app.stats.summary) }
    }
}

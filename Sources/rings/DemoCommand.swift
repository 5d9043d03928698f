import ArgumentParser
import Rings
import RingsAnimation
import RingsSDL

/// `rings demo ...`: the tutorials' demonstrations, in a window.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "The tutorials' demonstrations, in a window.",
        subcommands: [DownloadDemo.self])
}

/// `rings demo download`: seed 002's simulated download on the soft control.
struct DownloadDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Replay seed 002's simulated download on the soft control: \"Waiting...\" for 1.5 s, fast to 40 %, slow to 60 %, fast to \"Done\".")

    @Option(help: ArgumentHelp("A built-in theme or a theme .json file. Default: soft.", valueName: "name|path"))
    var theme = "soft"

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in pixels. Default: 320x320.", valueName: "WxH"))
    var size = "320x320"

    @Flag(help: "On exit, print frames presented and dropped and the frame intervals.")
    var stats = false

    func run() throws {
        let (width, height) = try CanvasSize.parse(size)
        let loaded: Theme
        do { loaded = try ThemeLoader.load(theme) } catch { throw UserError(error) }
        // Each step is set as the tutorial sets it: a 0.001 s ease-in, at once to the eye.
        var options = LiveApp.Options(theme: loaded, values: [0], spec: .tween(duration: 0.001, curve: .easeIn),
                                      size: (width, height))
        options.script = .download
        let app: LiveApp
        do { app = try LiveApp(options: options) } catch { throw UserError(error) }
        do { try app.run() } catch { throw UserError(error) }
        if stats { print(app.stats.summary) }
    }
}

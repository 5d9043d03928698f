import RingsBase
import ArgumentParser
import Rings
import RingsLive
import RingsAnimation
import RingsPNG
import RingsRaster
import RingsSDL

/// `rings demo ...`: the tutorials' demonstrations, in a window.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "The tutorials' demonstrations, in a window.",
        subcommands: [DownloadDemo.self, ArcDemoCommand.self, TasksDemoCommand.self])
}

/// `rings demo download`: the skeuomorphic-control tutorial's simulated download on the soft control.
struct DownloadDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Replay the simulated download of the skeuomorphic-control tutorial on the soft control: \"Waiting...\" for 1.5 s, fast to 40 %, slow to 60 %, fast to \"Done\".")

    @Option(help: ArgumentHelp("A built-in theme or a theme .json file. Default: soft.", valueName: "name|path"))
    var theme = "soft"

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in pixels. Default: 320x320.", valueName: "WxH"))
    var size = "320x320"

    @Flag(help: "On exit, print frames presented and dropped and the frame intervals.")
    var stats = false

    @Option(help: ArgumentHelp("The language of the words on screen, as gettext names it: en, de, zh_CN. Default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG.",
                               valueName: "language"))
    var lang: String?

    func run() throws {
        try speak(lang)
        let (width, height) = try CanvasSize.parse(size)
        let loaded: Theme
        do { loaded = try ThemeFile.load(theme) } catch { throw UserError(error) }
        // Each step is set as the tutorial sets it: a 0.001 s ease-in, at once to the eye.
        let screen = LiveScreen(options: .init(theme: loaded, values: [0], spec: .tween(duration: 0.001, curve: .easeIn), script: .download),
                                glyphs: try glyphs(nil, loaded))
        let figures = try showWindow(screen, .init(size: (width, height)))
        if stats { print(figures.summary(cpuSeconds: ProcessUsage.cpuSeconds)) }
    }
}

/// Options every board demo has: its window's size, a still frame to a PNG instead of a window, and
/// the frame figures on exit.
struct BoardDemoOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Window (or --out image) size in pixels; the board scales to fit. Default: the demo's own.", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Write the first frame, settled, to this PNG instead of opening a window.", valueName: "path"))
    var out: String?

    @Flag(help: "On exit, print frames presented and dropped and the frame intervals.")
    var stats = false

    @Option(help: ArgumentHelp("The language of the words on screen, as gettext names it: en, de, zh_CN. Default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG.",
                               valueName: "language"))
    var lang: String?

    /// Values from `--progress`: `count` of them, each 0 to 1 (a slider's range).
    static func values(_ text: String, count: Int, demo: String) throws -> [Double] {
        let values: [Double]
        do { values = try RingValues.parse(text) } catch { throw UserError(error) }
        guard values.count == count else { throw UserError("the \(demo) demo takes \(count == 1 ? "one value" : "\(count) values") for --progress, got \(values.count)") }
        guard values.allSatisfy({ $0 <= 1 }) else { throw UserError("the \(demo) demo's values are from 0 to 1 (100 %): a slider goes no further") }
        return values
    }

    /// Shows `board` in a window, or writes its frame to `--out`.
    /// Shows `board` (with its hint and help, in `glyphs`), or draws it to --out.
    func present(_ board: Board, glyphs: GlyphSource?) throws {
        let size = try self.size.map { try CanvasSize.parse($0) } ?? board.referenceSize
        if let out {
            let frame = Pixmap(width: size.0, height: size.1)
            var rasterizer = Rasterizer()
            rasterizer.render(BoardScreen(board: board, glyphs: glyphs).displayList(width: size.0, height: size.1), into: frame)
            do { try PNGFile.write(frame, to: out) } catch { throw UserError(error) }
            return
        }
        let figures = try showWindow(BoardScreen(board: board, glyphs: glyphs), .init(size: size))
        if stats { print(figures.summary(cpuSeconds: ProcessUsage.cpuSeconds)) }
    }
}

/// `rings demo arc`: the AnimatablePair tutorial's arc, whose two angles animate as one pair.
struct ArcDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arc",
        abstract: "The AnimatablePair tutorial's animatable arc: a click (or Space) toggles 0 % <-> 100 % in a linear second; the slider (drag, or Tab and the arrow keys) sets it.")

    @Option(help: ArgumentHelp("The starting value, 0 to 1. Default: 0.", valueName: "value"))
    var progress = "0"

    @OptionGroup var options: BoardDemoOptions

    func run() throws {
        try speak(options.lang)
        let value = try BoardDemoOptions.values(progress, count: 1, demo: "arc")[0]
        let glyphs: GlyphSource
        do { glyphs = try FontGlyphs(name: nil, for: try ThemeLoader.load("tutorial")) } catch { throw UserError(error) }
        try options.present(ArcDemo(progress: value), glyphs: glyphs)
    }
}

/// `rings demo tasks`: the AnimatableModifier tutorial's exercise, four task rings with sliders and their average.
struct TasksDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "The AnimatableModifier tutorial's daily-tasks board: four task rings with sliders (drag, or Tab and the arrow keys) and an overall ring of their average.")

    @Option(help: ArgumentHelp("The four tasks' values, 0 to 1. Default: 0.3,0.55,0.8,1.", valueName: "a,b,c,d"))
    var progress = "0.3,0.55,0.8,1"

    @Option(help: ArgumentHelp("The four tasks' names. Default: Task 1,Task 2,Task 3,Task 4.", valueName: "a,b,c,d"))
    var names: String?

    @OptionGroup var options: BoardDemoOptions

    func run() throws {
        try speak(options.lang)
        let values = try BoardDemoOptions.values(progress, count: 4, demo: "tasks")
        let titles = names.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed } }
            ?? TasksBoard.defaultNames
        guard titles.count == 4, titles.allSatisfy({ !$0.isEmpty }) else {
            throw UserError("--names takes four names separated by commas, got \(titles.count)\(titles.contains(where: \.isEmpty) ? " (one is empty)" : "")")
        }
        if let problem = titles.lazy.compactMap(RingStyle.nameProblem).first { throw UserError("--names: a name \(problem)") }
        do {
            let glyphs = try FontGlyphs(name: nil, for: try ThemeLoader.load("tutorial"))
            try options.present(TasksBoard(values: values, names: titles, glyphs: glyphs, growIn: options.out == nil), glyphs: glyphs)
        } catch let error as UserError { throw error } catch { throw UserError(error) }
    }
}

import ArgumentParser
import Rings
import RingsLive
import RingsPNG
import RingsAnimation
import RingsSDL

/// `rings render`: one frame to a PNG, without a display.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one frame to a PNG file (no display needed).")

    @OptionGroup var scene: SceneOptions
    @OptionGroup var motion: AnimationOptions

    @Option(help: "With --from: draw the moment this many seconds into the animation.")
    var time: Double?

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("none: only the rings; full: also the live window's label, legend and buttons.", valueName: "none|full"))
    var chrome = ChromeChoice.none

    @Option(help: ArgumentHelp("Font family for --chrome full (fontconfig).", valueName: "name"))
    var font: String?

    @Flag(help: "Leave the background clear, as a desktop widget over a compositing manager draws it (the PNG keeps the alpha).")
    var transparent = false

    @Flag(help: "With --chrome full, the legend's text as large as a desktop widget's (and a kiosk's).")
    var widget = false

    func run() throws {
        let file = try scene.settings()
        try speak(Settings.lang.value(scene.lang, in: file))
        var frame = try scene.scene(defaultSize: (1920, 1080), file: file)
        if let animation = try motion.animation(to: frame, file: file) {
            let t = time ?? 0
            guard t.isFinite else { throw UserError("--time must be a finite number of seconds") }
            frame = frame.at(t, of: animation)
        } else if time != nil {
            throw UserError("--time needs --from: the values to animate from")
        }
        if chrome == .full {
            do {
                frame.chrome = Chrome.standard(theme: frame.theme, values: frame.values, selection: nil, glyphs: try glyphs(Settings.font.value(font, in: file), frame.theme))
                frame.chrome?.textScale = widget ? LiveChrome.largeTextScale : 1
            } catch { throw UserError(error) }
        }
        frame.theme.transparent = transparent
        try CanvasSize.checkMemory(for: frame)
        var renderer = SceneRenderer()
        let image = renderer.render(frame)
        do { try PNGFile.write(image, to: out) } catch { throw UserError(error) }
    }
}

import ArgumentParser
import Rings
import RingsSDL

/// `rings render`: one frame to a PNG, without a display.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one frame to a PNG file (no display needed).")

    @OptionGroup var scene: SceneOptions

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "path"))
    var out: String

    func run() throws {
        let frame = try scene.scene(defaultSize: (1920, 1080))
        var renderer = SceneRenderer()
        let image = renderer.render(frame)
        do { try PNGFile.write(image, to: out) } catch { throw UserError(error) }
    }
}

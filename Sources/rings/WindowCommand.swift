import ArgumentParser
import Rings
import RingsSDL

/// `rings window` (the default): the rings in a resizable desktop window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open a resizable window showing the rings (the default). Esc or q quits.")

    @OptionGroup var scene: SceneOptions

    func run() throws {
        let initial = try scene.scene(defaultSize: (800, 800))
        let window: RingsWindow
        do { window = try RingsWindow(title: "rings", width: initial.width, height: initial.height) } catch {
            throw UserError("\(error); `rings render --out frame.png` draws without a display")
        }
        var renderer = SceneRenderer()
        do {
            try window.run { width, height in
                var frame = initial
                frame.width = width
                frame.height = height
                return renderer.render(frame)
            }
        } catch { throw UserError(error) }
    }
}

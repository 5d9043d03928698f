import ArgumentParser
import Rings
import RingsLive
import RingsPNG
import RingsRaster
import RingsSDL

/// `rings presets`: the bundled presets, listed or drawn side by side on a contact sheet.
struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the presets (`--preset NAME` uses one), or draw them all on a contact sheet.")

    @Option(help: ArgumentHelp("Draw every theme's and preset's look, labelled, into this PNG file.", valueName: "path"))
    var sheet: String?

    func run() throws {
        let presets: [Preset]
        do { presets = try Preset.all() } catch { throw UserError(error) }
        guard let sheet else {
            let width = presets.map(\.name.count).max() ?? 0
            for p in presets {
                print(p.name + String(repeating: " ", count: width + 2 - p.name.count)
                      + "\(p.title) (theme \(p.theme.name), \(p.width)x\(p.height)): \(p.about)")
            }
            return
        }
        let image: Pixmap
        do { image = try ContactSheet.draw(presets) } catch { throw UserError(error) }
        do { try PNGFile.write(image, to: sheet) } catch { throw UserError(error) }
    }
}

import ArgumentParser
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsPNG
import RingsRaster
import RingsSDL

/// `rings quality`: how far the fast renderer is from the 16 x 16 supersampled reference.
struct QualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quality",
        abstract: "Compare a frame with the 16x16 supersampled reference render (per RGB channel, 0-255 levels).")

    @OptionGroup var scene: SceneOptions

    @Option(help: ArgumentHelp("Also write the difference, amplified 16 times, to this PNG.", valueName: "path"))
    var diff: String?

    func run() throws {
        let still = try scene.scene(defaultSize: (1920, 1080))
        var renderer = SceneRenderer()
        let fast = renderer.render(still)
        let (exact, edges) = ReferenceRenderer().render(still.displayList, width: still.width, height: still.height)
        let result = ImageComparison(fast, against: exact, edges: edges, focus: still.startCapBoxes)
        print(result)
        if let diff {
            let picture = Pixmap(width: still.width, height: still.height)
            for y in 0..<still.height {
                for x in 0..<still.width {
                    let a = fast[x, y], b = exact[x, y]
                    func amp(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(min(255, abs(Int(p) - Int(q)) * 16)) }
                    picture[x, y] = PackedPixel(r: amp(a.r, b.r), g: amp(a.g, b.g), b: amp(a.b, b.b), a: 255)
                }
            }
            do { try PNGFile.write(picture, to: diff) } catch { throw UserError(error) }
        }
    }
}

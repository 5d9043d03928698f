import Rings
import RingsLive
import RingsRaster
import RingsSDL
import Shaders

/// Every preset at its own size, with its chrome, in a grid of equal cells on a light sheet, each
/// captioned with its title and the flag that picks it.
enum ContactSheet {
    static let columns = 4, cell = 420, caption = 56, margin = 20
    static let paper = RGB8(236, 238, 241), ink = RGB8(40, 44, 52)

    static func draw(_ presets: [Preset]) throws(SDLError) -> Pixmap {
        let rows = (presets.count + columns - 1) / columns
        let sheet = Pixmap(width: columns * cell + 2 * margin, height: rows * (cell + caption) + 2 * margin)
        sheet.fill(PackedPixel(r: paper.r, g: paper.g, b: paper.b, a: 255))
        let captionGlyphs = try FontGlyphs()
        var captions: [DrawCommand] = []
        var renderer = SceneRenderer()
        for (i, preset) in presets.enumerated() {
            let left = margin + (i % columns) * cell, top = margin + (i / columns) * (cell + caption)
            var scene = preset.scene
            scene.chrome = Chrome.standard(theme: preset.theme, values: preset.values, selection: nil,
                                           glyphs: try FontGlyphs(name: nil, for: preset.theme))
            // The picture, drawn straight into its cell's window of the sheet.
            let cellBox = IntRect(x: left + (cell - scene.width) / 2, y: top + (cell - scene.height) / 2,
                                  width: scene.width, height: scene.height)
            renderer.render(scene, into: sheet.subview(cellBox))
            for (text, height, offset) in [(preset.title, 22, 4), ("--preset \(preset.name)", 16, 32)] {
                guard let mask = captionGlyphs.mask(for: text, pixelHeight: height) else { continue }
                captions.append(DrawCommand(shape: mask.moved(toX: left + (cell - mask.width) / 2, y: top + cell + offset),
                                            shader: SolidShader(ink.opaque)))
            }
        }
        var rasterizer = Rasterizer()
        rasterizer.draw(captions, into: Canvas(sheet))
        return sheet
    }
}

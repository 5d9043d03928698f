import RingsRaster
import Shaders

extension GlyphSource {
    /// `text` set `height` pixels tall on the line whose top is at `top` (its baseline the first
    /// font's ascent below), centred on `centerX` or starting at `left`; nil for empty text or a
    /// height too small to read.
    func command(_ text: String, height: Int, centerX: Int? = nil, left: Int = 0, top: Int, color: ColorF) -> DrawCommand? {
        guard height >= 4, let mask = mask(for: text, pixelHeight: height) else { return nil }
        let x = centerX.map { $0 - mask.width / 2 } ?? left
        return DrawCommand(shape: mask.moved(toX: x, y: top + ascent(pixelHeight: height) + mask.y), shader: SolidShader(color))
    }

    /// The top of a line `height` pixels tall whose digits are centred on `centerY`.
    func top(centring height: Int, on centerY: Int) -> Int { centerY + digitHeight(pixelHeight: height) / 2 - ascent(pixelHeight: height) }
}

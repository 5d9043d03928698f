import Rings
import RingsRaster

/// Glyphs as boxes, 6 px a character: a legend's layout needs sizes, not letters.
public final class BoxGlyphs: GlyphSource {
    public init() {}

    /// As many whole boxes as fit with "…" (one box) after them.
    public func fitted(_ text: String, width: Int, pixelHeight: Int) -> String {
        text.count * 6 <= width ? text : String(text.prefix(max(0, width / 6 - 1))) + "…"
    }

    public func mask(for text: String, pixelHeight: Int) -> CoverageMask? {
        text.isEmpty ? nil : CoverageMask(x: 0, y: 0, width: text.count * 6, height: pixelHeight,
                                          alpha: [UInt8](repeating: 255, count: text.count * 6 * pixelHeight))
    }
}

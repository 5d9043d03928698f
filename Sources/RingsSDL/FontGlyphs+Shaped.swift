import CPango
import Glibc

extension FontGlyphs {
    /// One glyph as Pango shaped it: the glyph in its font (with `PANGO_GLYPH_UNKNOWN_FLAG`, a box
    /// for a character no font has), how far it advances, the byte offset in the text of the
    /// characters it draws, and the family of the font it comes from.
    public struct Shaped: Equatable, Sendable {
        public let glyph: UInt32, advance: Double, offset: Int, family: String
        public var isBox: Bool { glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 }
    }

    /// `text`'s glyphs on its line as HarfBuzz shaped them and FriBidi ordered them, left to right
    /// as drawn: what a picture of the text is checked against.
    public func shaped(_ text: String, pixelHeight: Int) -> [Shaped] {
        guard let layout = layout(text, pixelHeight) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var out: [Shaped] = []
        var node = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
        while let run = node {
            let glyphItem = run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            let item = glyphItem.item.pointee, string = glyphItem.glyphs.pointee
            var family = ""
            if let font = item.analysis.font, let description = pango_font_describe(font) {
                family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
                pango_font_description_free(description)
            }
            for i in 0..<Int(string.num_glyphs) {
                let info = string.glyphs[i]
                out.append(Shaped(glyph: info.glyph, advance: Double(info.geometry.width) / Double(PANGO_SCALE),
                                  offset: Int(item.offset) + Int(string.log_clusters[i]), family: family))
            }
            node = run.pointee.next
        }
        return out
    }
}

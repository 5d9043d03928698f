import CFontconfig
import CPango
import FoundationEssentials
import Glibc
import Rings
import RingsRaster

/// Text through the Linux text stack: Pango on FreeType lays it out (fontconfig's font for each
/// character that the first family lacks, HarfBuzz's shaping, FriBidi's right-to-left order) and
/// draws it as 8-bit coverage masks for our rasteriser to composite, cached by text and size (a
/// counting label reuses its hundred numbers). Placement uses the line's real metrics: a mask is
/// as tall as the tallest font on its line.
public final class FontGlyphs: GlyphSource, @unchecked Sendable {
    /// The family asked for first (the others follow it, then fontconfig's fallback for each character).
    public let family: String
    private let families: [String]
    private let weight: Theme.FontWeight
    private var fontMap: UnsafeMutablePointer<PangoFontMap>
    private var context: OpaquePointer
    /// The characters (each at its size, by hash) Pango has laid out since its font map was made.
    /// Pango keeps each glyph it has drawn, in each font at each size, while the map lives: past
    /// `pangoLimit` of them, a new map and context take the old ones' place and the glyphs go with
    /// them. A counting label's digits and a screen's names at a few sizes never come near it.
    private var laidOut: Set<Int> = []
    static let pangoLimit = 8192
    /// How many times the map has been made anew.
    private(set) var pangoRenewals = 0
    private var descriptions: [Int: OpaquePointer] = [:]
    private var cache: [String: CoverageMask] = [:]
    private var cacheBytes = 0
    private var widths: [String: Int] = [:]
    private var metrics: [Int: (ascent: Int, digit: Int)] = [:]
    private var cuts: [String: String] = [:]
    /// At most so many masks and bytes of them (a 1080p kiosk's label counting up makes a 40 KB mask a frame).
    private static let (cacheLimit, cacheByteLimit) = (512, 1 << 20)

    /// The font `name` in bold, or by default Inter Bold if installed, else DejaVu Sans Bold.
    public convenience init(name: String? = nil) throws(SDLError) {
        try self.init(name: name, families: Theme.standard.fonts, weight: .bold)
    }

    /// The font `name`, or else the first of a theme's font families that is installed, in its weight.
    public convenience init(name: String?, for theme: Theme, warn: (String) -> Void = { _ in }) throws(SDLError) {
        try self.init(name: name, families: theme.fonts, weight: theme.fontWeight, warn: warn)
    }

    /// The font `name`, or else the first of `families` that fontconfig has, in `weight`; every
    /// character none of them has comes from the font fontconfig finds for it. A `name` that is not
    /// installed is said to `warn` in one line and the families are used: a config carried to
    /// another machine still shows its rings.
    public init(name: String?, families: [String], weight: Theme.FontWeight,
                warn: (String) -> Void = { _ in }) throws(SDLError) {
        func installed(_ family: String) -> Bool {
            guard let match = FontGlyphs.match(family, weight: weight) else { return false }
            return match.family.lowercased().contains(family.lowercased())
        }
        var chosen = families.filter(installed)
        if let name {
            if installed(name) {
                chosen.insert(name, at: 0)
            } else {
                warn("font '\(name)' is not installed (`fc-list : family` lists those that are); "
                     + "using \(chosen.first ?? "fontconfig's default")")
            }
        }
        self.families = chosen.isEmpty ? families : chosen
        family = self.families.first ?? "sans-serif"
        self.weight = weight
        (fontMap, context) = try Self.pango()
    }

    /// A font map for our fonts and a context of it for the screen's language.
    private static func pango() throws(SDLError) -> (UnsafeMutablePointer<PangoFontMap>, OpaquePointer) {
        guard let map = pango_ft2_font_map_new() else {
            throw SDLError("Pango cannot make a font map (is fontconfig configured? `fc-list` lists fonts)")
        }
        // One pixel a point: a mask `pixelHeight` tall is set at an em of that many pixels.
        pango_ft2_font_map_set_resolution(OpaquePointer(map), 72, 72)
        // Glyphs are drawn as coverage in one colour: a colour font (Noto Color Emoji, which GNOME
        // installs) would be a grey blot where a plain one (Symbola) draws the character.
        pango_ft2_font_map_set_default_substitute(OpaquePointer(map), { pattern, _ in
            FcPatternDel(pattern, FC_COLOR)
            FcPatternAddBool(pattern, FC_COLOR, FcFalse)
        }, nil, nil)
        guard let context = pango_font_map_create_context(map) else {
            g_object_unref(UnsafeMutableRawPointer(map))
            throw SDLError("Pango cannot make a context")
        }
        // Han characters in the forms of the screen's language (Simplified Chinese ones for zh_CN),
        // whatever the locale says.
        let language = Catalogue.current.language
        if language != Catalogue.english.language {
            let tag = language.lowercased().replacing("_", with: "-")
            pango_context_set_language(context, pango_language_from_string(tag))
        }
        return (map, context)
    }

    /// Pango's font map and context made anew (the old ones go once no layout holds them), when
    /// `pangoLimit` characters have been laid out since they were made; a failure keeps the old ones.
    private func renewPango(counting text: String, _ pixelHeight: Int) {
        for character in text.unicodeScalars {
            var hasher = Hasher()
            hasher.combine(pixelHeight)
            hasher.combine(character)
            laidOut.insert(hasher.finalize())
        }
        guard laidOut.count > Self.pangoLimit, let renewed = try? Self.pango() else { return }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        (fontMap, context) = renewed
        laidOut.removeAll()
        pangoRenewals += 1
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    public func mask(for text: String, pixelHeight: Int) -> CoverageMask? {
        guard !text.isEmpty, pixelHeight > 0 else { return nil }
        let key = "\(pixelHeight)\u{1}\(text)"
        if let hit = cache[key] { return hit }
        guard let layout = layout(text, pixelHeight) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let width = Int(logical.width), height = Int(logical.height)
        guard width > 0, height > 0 else { return nil }
        var alpha = [UInt8](repeating: 0, count: width * height)
        alpha.withUnsafeMutableBufferPointer { buffer in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(height)
            bitmap.width = UInt32(width)
            bitmap.pitch = Int32(width)
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            pango_ft2_render_layout(&bitmap, layout, -logical.x, -logical.y)
        }
        // Placed by its baseline: a line whose tallest font is not the first keeps the first's baseline.
        let baseline = Int(pango_layout_get_baseline(layout)) / Int(PANGO_SCALE) - Int(logical.y)
        let mask = CoverageMask(x: 0, y: -baseline, width: width, height: height, alpha: alpha)
        if cache.count >= FontGlyphs.cacheLimit || cacheBytes + alpha.count > FontGlyphs.cacheByteLimit {
            cache.removeAll()
            cacheBytes = 0
        }
        cache[key] = mask
        cacheBytes += alpha.count
        return mask
    }

    /// The text's advance width as laid out, without drawing it; cached as masks are.
    public func width(of text: String, pixelHeight: Int) -> Int {
        guard !text.isEmpty, pixelHeight > 0 else { return 0 }
        let key = "\(pixelHeight)\u{1}\(text)"
        if let hit = widths[key] { return hit }
        guard let layout = layout(text, pixelHeight) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        if widths.count >= FontGlyphs.cacheLimit * 8 { widths.removeAll() }
        widths[key] = Int(logical.width)
        return Int(logical.width)
    }

    /// `text` whole where it fits `width`, else as Pango ellipsizes it at its end to fit: the text
    /// it keeps, in logical order, then "…" (the run Pango marks as the ellipsis says where).
    public func fitted(_ text: String, width: Int, pixelHeight: Int) -> String {
        guard self.width(of: text, pixelHeight: pixelHeight) > width else { return text }
        let key = "\(pixelHeight)\u{1}\(width)\u{1}\(text)"
        if let hit = cuts[key] { return hit }
        guard let layout = layout(text, pixelHeight) else { return text }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(clamping: max(0, width) * Int(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        var kept = "", rest = ""
        var node = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
        while let run = node {
            let item = run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item.pointee
            if Int32(item.analysis.flags) & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0 {
                let bytes = Array(text.utf8), start = min(bytes.count, Int(item.offset))
                let end = min(bytes.count, start + Int(item.length))
                kept = String(decoding: bytes[..<start], as: UTF8.self)
                rest = String(decoding: bytes[end...], as: UTF8.self)
                break
            }
            node = run.pointee.next
        }
        // Set again whole, the cut can be wider than Pango's own line was (Arabic letters take
        // another form before "…"): characters go from the kept end until it fits.
        var cut = kept + "…" + rest
        while !kept.isEmpty, self.width(of: cut, pixelHeight: pixelHeight) > width {
            kept.removeLast()
            cut = kept + "…" + rest
        }
        if cuts.count >= FontGlyphs.cacheLimit * 8 { cuts.removeAll() }
        cuts[key] = cut
        return cut
    }

    /// The first family's ascent: where a line's baseline lies below its top.
    public func ascent(pixelHeight: Int) -> Int { digitMetrics(pixelHeight).ascent }

    /// How tall a digit of the first family stands, from the baseline to its ink's top.
    public func digitHeight(pixelHeight: Int) -> Int { digitMetrics(pixelHeight).digit }

    private func digitMetrics(_ pixelHeight: Int) -> (ascent: Int, digit: Int) {
        if let known = metrics[pixelHeight] { return known }
        guard pixelHeight > 0, let layout = layout("0", pixelHeight) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let baseline = Int(pango_layout_get_baseline(layout)) / Int(PANGO_SCALE)
        let found = (ascent: baseline - Int(logical.y), digit: baseline - Int(ink.y))
        metrics[pixelHeight] = found
        return found
    }

    /// `text` laid out on one line in the families at an em of `pixelHeight` pixels.
    func layout(_ text: String, _ pixelHeight: Int) -> OpaquePointer? {
        renewPango(counting: text, pixelHeight)
        guard let layout = pango_layout_new(context) else { return nil }
        pango_layout_set_single_paragraph_mode(layout, 1)
        // Lines run left to right, as the screen's layout does; a right-to-left name keeps its own
        // order inside (`Chrome.legendLine` isolates it).
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, description(pixelHeight))
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// The font description at a pixel size, made once.
    private func description(_ pixelHeight: Int) -> OpaquePointer? {
        if let made = descriptions[pixelHeight] { return made }
        guard let made = pango_font_description_new() else { return nil }
        pango_font_description_set_family(made, families.joined(separator: ","))
        pango_font_description_set_weight(made, weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_THIN)
        pango_font_description_set_absolute_size(made, Double(pixelHeight) * Double(PANGO_SCALE))
        descriptions[pixelHeight] = made
        return made
    }
}

import CFontconfig
import CSDL2
import Foundation
import Rings
import RingsRaster

/// Text through SDL_ttf in a font that fontconfig finds: coverage masks for our rasteriser to
/// composite, cached by text and size (a counting label reuses its hundred numbers).
public final class FontGlyphs: GlyphSource, @unchecked Sendable {
    public let path: String
    public let family: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [String: CoverageMask] = [:]
    private var widths: [String: Int] = [:]
    private static let cacheLimit = 512

    /// The font `name` in bold, or by default Inter Bold if installed, else DejaVu Sans Bold.
    public convenience init(name: String? = nil) throws(SDLError) {
        try self.init(name: name, families: Theme.standard.fonts, weight: .bold)
    }

    /// The font `name`, or else the first of a theme's font families that is installed, in its weight.
    public convenience init(name: String?, for theme: Theme, warn: (String) -> Void = { _ in }) throws(SDLError) {
        try self.init(name: name, families: theme.fonts, weight: theme.fontWeight, warn: warn)
    }

    /// The font `name`, or else the first of `families` that fontconfig has, in `weight`, or else
    /// what fontconfig offers for the first of them. A `name` that is not installed is said to
    /// `warn` in one line and the families are used: a config carried to another machine still
    /// shows its rings. Throws only when SDL_ttf cannot open the file fontconfig names.
    public init(name: String?, families: [String], weight: Theme.FontWeight, warn: (String) -> Void = { _ in }) throws(SDLError) {
        func installed(_ family: String) -> (family: String, file: String)? {
            guard let match = FontGlyphs.match(family, weight: weight), match.family.lowercased().contains(family.lowercased()) else { return nil }
            return match
        }
        let fallback = families.lazy.compactMap(installed).first ?? families.first.flatMap { FontGlyphs.match($0, weight: weight) }
        var found = name.flatMap(installed)
        if let name, found == nil {
            warn("font '\(name)' is not installed (`fc-list : family` lists those that are); using \(fallback?.family ?? "none")")
        }
        found = found ?? fallback
        guard let found else { throw SDLError("fontconfig finds no font at all (`fc-list` lists the fonts it knows)") }
        path = found.file
        family = found.family
        guard TTF_WasInit() > 0 || TTF_Init() == 0 else { throw SDLError.last("cannot start SDL_ttf") }
        guard let probe = TTF_OpenFont(path, 12) else { throw SDLError.last("cannot open the font \(path)") }
        fonts[12] = probe
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// fontconfig's best match for a family in a weight: its family name and file (libfontconfig,
    /// in-process: no child process per family).
    static func match(_ family: String, weight: Theme.FontWeight) -> (family: String, file: String)? {
        guard FcInit() != 0, let config = FcConfigGetCurrent() else { return nil }
        // Characters that mean something in a fontconfig name are escaped.
        let escaped = family.reduce(into: "") { out, c in if "\\-:,".contains(c) { out.append("\\") }; out.append(c) }
        let name = "\(escaped):weight=\(weight.rawValue)"
        guard let pattern = name.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let found = string("family"), let file = string("file") else { return nil }
        return (found, file)
    }

    public func mask(for text: String, pixelHeight: Int) -> CoverageMask? {
        guard !text.isEmpty, pixelHeight > 0 else { return nil }
        let key = "\(pixelHeight)\u{1}\(text)"
        if let hit = cache[key] { return hit }
        guard let font = font(pixelHeight),
              let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        guard let argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let width = Int(argb.pointee.w), height = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        var alpha = [UInt8](repeating: 0, count: width * height)
        SDL_LockSurface(argb)
        if let pixels = argb.pointee.pixels {
            for y in 0..<height {
                let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { alpha[y * width + x] = UInt8(row[x] >> 24) }
            }
        }
        SDL_UnlockSurface(argb)
        let mask = CoverageMask(x: 0, y: 0, width: width, height: height, alpha: alpha)
        if cache.count >= FontGlyphs.cacheLimit { cache.removeAll() }
        cache[key] = mask
        return mask
    }

    /// The text's advance width through SDL_ttf, without rendering it; cached as masks are.
    public func width(of text: String, pixelHeight: Int) -> Int {
        guard !text.isEmpty, pixelHeight > 0 else { return 0 }
        let key = "\(pixelHeight)\u{1}\(text)"
        if let hit = widths[key] { return hit }
        var w: Int32 = 0, h: Int32 = 0
        guard let font = font(pixelHeight), TTF_SizeUTF8(font, text, &w, &h) == 0 else { return 0 }
        if widths.count >= FontGlyphs.cacheLimit * 8 { widths.removeAll() }
        widths[key] = Int(w)
        return Int(w)
    }

    /// The font at a pixel height (points at 72 dpi), opened once.
    private func font(_ pixelHeight: Int) -> OpaquePointer? {
        if let open = fonts[pixelHeight] { return open }
        guard let opened = TTF_OpenFont(path, Int32(pixelHeight)) else { return nil }
        fonts[pixelHeight] = opened
        return opened
    }
}

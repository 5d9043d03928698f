import CFontconfig
import Rings

extension FontGlyphs {
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
}

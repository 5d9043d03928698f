import RingsRaster
import RingsBase

/// The screen's words in one language: a translation for each of `Words` (English where it has none).
public struct Catalogue: Equatable, Sendable {
    /// The catalogue's language as gettext names it ("en", "zh_CN", "de").
    public let language: String
    public let translations: [Words: String]

    public init(language: String, translations: [Words: String]) { self.language = language; self.translations = translations }

    public static let english = Catalogue(language: "en", translations: [:])

    public subscript(word: Words) -> String { translations[word] ?? word.rawValue }

    /// `word` in this language, each `%s` replaced by the next of `arguments`, each `%N$s` by the
    /// Nth, `%%` by `%`; a placeholder with no argument is left out.
    public func say(_ word: Words, _ arguments: [String]) -> String { Catalogue.fill(self[word], arguments) }

    /// The catalogue the screen speaks, as gettext's is the process's: chosen once at start (the
    /// executable reads LANG or --lang), English until then.
    public static var current: Catalogue { shared.withLock { $0.catalogue } }

    /// Which `use` made the current catalogue (0 before any): what is worked out from its words can be
    /// kept while this is the same.
    public static var generation: Int { shared.withLock { $0.generation } }

    /// Makes `catalogue` the one every screen speaks from now on.
    public static func use(_ catalogue: Catalogue) { shared.withLock { $0 = (catalogue, $0.generation + 1) } }

    private static let shared = Mutex((catalogue: Catalogue.english, generation: 0))

    private static func fill(_ template: String, _ arguments: [String]) -> String {
        var out = "", next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" { out += "%"; rest = rest.dropFirst(); continue }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix("$s"), let n = Int(digits) {
                if arguments.indices.contains(n - 1) { out += arguments[n - 1] }
                rest = rest.dropFirst(digits.count + 2)
            } else if rest.first == "s" {
                if arguments.indices.contains(next) { out += arguments[next] }
                next += 1
                rest = rest.dropFirst()
            } else {
                out += "%"
            }
        }
        return out + rest
    }
}

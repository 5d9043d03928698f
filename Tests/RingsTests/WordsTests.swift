import Foundation
import Rings
import Testing
import TestSupport

/// The screen's words and their catalogues: every word on screen is in each .po file, translated,
/// with the same placeholders, and filled in as gettext's c-format says.
@Suite struct WordsTests {
    /// A .po file's entries (message id to translation), read as gettext writes them: quoted
    /// strings, continued on the next lines, with \" \\ \n escapes.
    static func entries(_ file: String) throws -> [String: String] {
        let text = try String(contentsOfFile: checkoutRoot + "/Assets/po/" + file, encoding: .utf8)
        var entries: [String: String] = [:], id: String?, current = "", field = ""
        func unquote(_ s: Substring) -> String {
            var out = "", escaped = false
            for c in s.dropFirst().dropLast() {
                if escaped { out.append(c == "n" ? "\n" : c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
            }
            return out
        }
        func end() { if field == "msgstr", let id, !id.isEmpty { entries[id] = current } }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("msgid ") { end(); field = "msgid"; current = unquote(line.dropFirst(6)) }
            else if line.hasPrefix("msgstr ") { id = current; field = "msgstr"; current = unquote(line.dropFirst(7)) }
            else if line.hasPrefix("\"") { current += unquote(line[...]) }
        }
        end()
        return entries
    }

    static func placeholders(_ s: String) -> Int { s.components(separatedBy: "%s").count - 1 + s.components(separatedBy: "$s").count - 1 }

    @Test(arguments: ["rings.pot", "zh_CN.po", "de.po"])
    func everyCatalogueHasEveryWordAndNoOther(_ file: String) throws {
        let entries = try Self.entries(file)
        #expect(Set(entries.keys) == Set(Words.allCases.map(\.rawValue)),
                "missing: \(Set(Words.allCases.map(\.rawValue)).subtracting(entries.keys)); not words any more: \(Set(entries.keys).subtracting(Words.allCases.map(\.rawValue)))")
        guard file.hasSuffix(".po") else { return }
        for (id, translation) in entries {
            #expect(!translation.isEmpty, "\(file): '\(id)' is not translated")
            #expect(Self.placeholders(translation) == Self.placeholders(id), "\(file): '\(translation)' fills in as many as '\(id)'")
        }
    }

    @Test func aCatalogueFillsInItsPlaceholders() {
        let chinese = Catalogue(language: "zh_CN", translations: [.stale: "已过时 %s", .refresh: "%2$s ms（%1$s）"])
        #expect(chinese.say(.stale, ["2 分钟"]) == "已过时 2 分钟")
        #expect(chinese.say(.refresh, ["vsync", "16.67"]) == "16.67 ms（vsync）", "a translation may reorder what is filled in")
        #expect(chinese[.quit] == "quit", "a word the catalogue lacks stays English")
        #expect(Catalogue.english.say(.stale, []) == "stale ", "a placeholder with nothing to fill is left out")
        #expect(Catalogue.english.say(.setEveryRing, []) == "set it (or every ring) to 0 - 90 %, 100 %", "a lone % stays")
        #expect(Catalogue.english.say(.ranPast, ["2", "3"]) == "ran past 2 s")
    }
}

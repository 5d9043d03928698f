import Foundation
import Rings
import RingsPNG
import RingsRaster
import RingsSDL
import Shaders
import Testing
import TestSupport

/// A legend line in each script, drawn into a 400x120 strip and kept as a golden. Each strip is
/// first checked against what Pango (HarfBuzz's shaping, FriBidi's order) says the line is: no box
/// where a font has the glyph, as many glyphs as shaping makes, the picture as wide as their
/// advances, right-to-left runs drawn from the right; so that no golden can record a wrong shape.
@Suite struct ScriptGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path
    static let size = 32, left = 12, top = 40, value = "62%"

    /// The legend line for `name` drawn in white on black as the legend draws it, with its mask's width.
    static func strip(_ line: String, glyphs: FontGlyphs) throws -> (image: Pixmap, width: Int) {
        let mask = try #require(glyphs.mask(for: line, pixelHeight: size))
        let placed = mask.moved(toX: left, y: top + glyphs.ascent(pixelHeight: size) + mask.y)
        let image = Pixmap(width: 400, height: 120)
        var rasterizer = Rasterizer()
        rasterizer.render(DisplayList(background: PackedPixel(r: 0, g: 0, b: 0, a: 255),
                                      commands: [DrawCommand(shape: placed, shader: SolidShader(RGB8(255, 255, 255).opaque))]), into: image)
        return (image, mask.width)
    }

    /// The columns that hold ink.
    static func inked(_ image: Pixmap) -> ClosedRange<Int>? {
        let columns = (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0].r > 40 } }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// Where the glyph drawing the character at byte `offset` of `text` stands, left to right.
    static func place(_ shaped: [FontGlyphs.Shaped], _ text: String, _ character: String, after: Int = 0) -> Int? {
        guard let range = text.range(of: character, range: text.index(text.startIndex, offsetBy: after)..<text.endIndex) else { return nil }
        let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return shaped.firstIndex { $0.offset == offset }
    }

    /// Checks every strip shares: no boxes, the picture inside the advances Pango laid out, the
    /// value drawn last (rightmost, after a right-to-left name), and the golden.
    static func check(_ name: String, golden: String, glyphs: FontGlyphs) throws -> [FontGlyphs.Shaped] {
        let line = Chrome.legendLine(name, value)
        let shaped = glyphs.shaped(line, pixelHeight: size)
        #expect(!shaped.contains { $0.isBox }, "\(golden): a box where a font has the glyph: \(shaped.filter { $0.isBox })")
        let (image, width) = try strip(line, glyphs: glyphs)
        let advances = shaped.map(\.advance).reduce(0, +)
        #expect(abs(advances - Double(width)) <= 1, "\(golden): drawn \(width) px wide, Pango's advances \(advances)")
        let ink = try #require(inked(image))
        #expect(ink.lowerBound >= left - 3 && ink.upperBound <= left + width + 3, "\(golden): ink \(ink) outside \(left)...\(left + width)")
        let valueAt = line.utf8.count - value.utf8.count
        let valueGlyph = try #require(shaped.firstIndex { $0.offset == valueAt })
        #expect(shaped[..<valueGlyph].allSatisfy { $0.offset < valueAt }, "\(golden): the value comes after the name")
        // Text has no pixel reference: a strip is recorded only when it passes the shaping checks above
        // (asked again here, since a failed #expect does not stop the test).
        var shapingProblems: [String] = []
        if shaped.contains(where: { $0.isBox }) { shapingProblems.append("a box glyph") }
        if abs(advances - Double(width)) > 1 { shapingProblems.append("drawn \(width) px wide, advances \(advances)") }
        if ink.lowerBound < left - 3 || ink.upperBound > left + width + 3 { shapingProblems.append("ink \(ink) outside the advances") }
        if !shaped[..<valueGlyph].allSatisfy({ $0.offset < valueAt }) { shapingProblems.append("the value before the name") }
        // The running test's function name, without its parentheses: the --filter that re-records it.
        let test = Test.current.map { current in String(current.name.prefix(while: { $0 != "(" })) } ?? ""
        if let failure = Golden.mismatch(image, name: golden, directory: goldens, filter: "ScriptGoldenTests/\(test)",
                                         witness: { shapingProblems.isEmpty ? nil : shapingProblems.joined(separator: "; ") }) {
            Issue.record(Comment(rawValue: failure))
        }
        return shaped
    }

    let glyphs: FontGlyphs
    init() throws { glyphs = try FontGlyphs(name: nil, for: .standard) }

    @Test func chinese() throws {
        let name = "移动运动"
        let shaped = try Self.check(name, golden: "legend-chinese", glyphs: glyphs)
        let han = shaped.filter { $0.offset < name.utf8.count + 3 && $0.offset >= 3 }
        #expect(han.count == 4 && han.allSatisfy { $0.family.contains("CJK") }, "one glyph a character, from a CJK font: \(han)")
    }

    /// Arabic joins: in the word, its letters take other glyphs than alone (initial, medial, final
    /// forms); the first letter is drawn rightmost.
    @Test func arabic() throws {
        let name = "حركة"
        let shaped = try Self.check(name, golden: "legend-arabic", glyphs: glyphs)
        let word = Array(shaped.prefix { $0.offset < 3 + name.utf8.count }.filter { $0.offset >= 3 })
        #expect(word.count == 4, "\(word)")
        let alone = name.map { glyphs.shaped(String($0), pixelHeight: Self.size).first?.glyph }
        let joined = word.reversed().map(\.glyph)
        #expect(zip(alone, joined).filter { $0 != $1 }.count >= 3, "joined forms: \(joined) against alone \(alone)")
        #expect(word.last?.offset == 3, "the first letter is drawn rightmost: \(word.map(\.offset))")
    }

    /// Hebrew with Latin and digits in logical order: the Hebrew reads from the right, the digits
    /// and the Latin from the left, and the isolate puts the Latin at the left of the Hebrew.
    @Test func hebrewWithLatinAndDigits() throws {
        let name = "שלום 123 abc"
        let line = Chrome.legendLine(name, Self.value)
        let shaped = try Self.check(name, golden: "legend-hebrew", glyphs: glyphs)
        let at = { (s: String) in try #require(Self.place(shaped, line, s)) }
        #expect(try at("ש") > at("ם"), "Hebrew from the right")
        #expect(try at("1") < at("2") && at("2") < at("3"), "digits from the left")
        #expect(try at("a") < at("b") && at("b") < at("c"), "Latin from the left")
        #expect(try at("c") < at("1") && at("3") < at("ם"), "in a right-to-left name, what comes later stands further left")
    }

    /// Devanagari's conjunct and vowel sign are shaped: fewer glyphs than characters.
    @Test func devanagari() throws {
        let name = "नमस्ते"
        let shaped = try Self.check(name, golden: "legend-devanagari", glyphs: glyphs)
        let word = shaped.filter { $0.offset >= 3 && $0.offset < 3 + name.utf8.count }
        #expect(word.count < name.unicodeScalars.count && word.allSatisfy { $0.family.contains("Devanagari") }, "\(word)")
    }

    /// An emoji comes from a font that has it, not the theme's.
    @Test func emoji() throws {
        let name = "🔥 Move"
        let shaped = try Self.check(name, golden: "legend-emoji", glyphs: glyphs)
        let fire = try #require(shaped.first { $0.offset == 3 })
        #expect(!fire.isBox && fire.family != shaped.last?.family, "the emoji from \(fire.family)")
    }

    /// A 60-character name in four scripts is cut with "…" where its measured room ends: what is
    /// kept fits, and one character more would not.
    @Test func aLongMixedNameIsCutWhereItsRoomEnds() throws {
        let name = "Morning run 晨跑 حول البحيرة with my friends 2026! שלום नमस्ते 🔥🔥"
        #expect(name.count == 60)
        let room = 400 - 2 * Self.left
        let rest = glyphs.width(of: Chrome.legendLine("", Self.value), pixelHeight: Self.size)
        let cut = glyphs.fitted(name, width: room - rest, pixelHeight: Self.size)
        #expect(cut.hasSuffix("…") && name.hasPrefix(String(cut.dropLast())), "\(cut)")
        #expect(glyphs.width(of: cut, pixelHeight: Self.size) <= room - rest)
        let kept = cut.dropLast().count
        let more = String(name.prefix(kept + 1)) + "…"
        #expect(glyphs.width(of: more, pixelHeight: Self.size) > room - rest, "one character more would fit: \(more)")
        _ = try Self.check(cut, golden: "legend-cut", glyphs: glyphs)
        #expect(glyphs.width(of: Chrome.legendLine(cut, Self.value), pixelHeight: Self.size) <= room)
    }
}

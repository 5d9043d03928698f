import Foundation
import Rings
import RingsPNG
import RingsRaster
@testable import RingsSDL
import Testing
import TestSupport

/// Names in every script render right, through Pango, fontconfig, HarfBuzz and FriBidi.
@Suite struct TextTests {
    /// Names people give their rings, in the scripts the tutorials' users write.
    static let names = ["移动", "锻炼", "站立", "🔥 Move", "Übung", "حركة", "שלום 123 abc", "नमस्ते", "ภาษาไทย", "移动 Move حركة 42"]

    /// No box where an installed font has the glyph: every character of every name comes from a font
    /// that has it (the regression: 移动 drew two boxes, 🔥 one, with one font for everything); a
    /// character no font has is one box, never the whole string.
    @Test func everyScriptFindsAFont() throws {
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        for name in Self.names {
            #expect(glyphs.shaped(name, pixelHeight: 24).filter { $0.isBox }.isEmpty, "\(name)")
            #expect(glyphs.width(of: name, pixelHeight: 24) > 0, "\(name)")
        }
        #expect(glyphs.shaped("Move \u{10FFFD}", pixelHeight: 24).filter { $0.isBox }.count == 1, "a character no font has: one box")
    }

    /// A name cut to a width ("…" at its end) is no wider than the width, or than "…" alone, in
    /// every script, at every width short of the whole (FuzzShaping found التمارين at 40 px cut to
    /// 114 px coming out 116 px wide, set again whole: Arabic letters take another form before "…").
    @Test(arguments: [16, 24, 40])
    func aCutNameFitsItsRoom(pixelHeight px: Int) throws {
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        let ellipsis = glyphs.width(of: "…", pixelHeight: px)
        for name in Self.names + ["التمارين", "Schritte heute"] {
            let whole = glyphs.width(of: name, pixelHeight: px)
            for room in stride(from: 0, to: whole, by: 2) {
                let cut = glyphs.fitted(name, width: room, pixelHeight: px)
                let width = glyphs.width(of: cut, pixelHeight: px)
                #expect(cut.hasSuffix("…") && width <= max(room, ellipsis),
                        "\(name) in \(room) px: '\(cut)', \(width) px")
            }
        }
    }

    /// Emoji in a legend line come from a plain font (Symbola) even where a colour one is installed
    /// (Noto Color Emoji, which GNOME installs and `make test` does too): glyphs are drawn as
    /// coverage in one colour, and the colour font's came out as a solid blot (the regression: most
    /// of the emoji's box wholly covered, where Symbola's strokes cover a few of its pixels wholly).
    @Test(arguments: [10, 16, 24])
    func emojiAreDrawnFromAPlainFontNotAColorOne(pixelHeight px: Int) throws {
        #expect(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
                "fonts-noto-color-emoji is installed (make test installs it)")
        let glyphs = try FontGlyphs(name: nil, for: try ThemeLoader.load("activity"))
        let line = try #require(glyphs.mask(for: Chrome.legendLine("Party 😀🚀🔥", "50%"), pixelHeight: px))
        let from = glyphs.width(of: Chrome.legendLine("Party ", ""), pixelHeight: px) - 1
        let to = line.width - glyphs.width(of: "  50%", pixelHeight: px)
        #expect(to - from >= 3 * px / 2, "three emoji take room: \(to - from) px at \(px) px")
        var whole = 0, inked = 0
        for y in 0..<line.height {
            for x in max(0, from)..<max(from, to) {
                if line.alpha[y * line.width + x] >= 250 { whole += 1 }
                if line.alpha[y * line.width + x] > 0 { inked += 1 }
            }
        }
        let area = max(1, (to - from) * line.height)
        #expect(inked * 20 > area, "at \(px) px: the emoji are drawn, \(inked) of \(area) pixels inked")
        #expect(whole * 4 < area, "at \(px) px: \(whole) of the emoji's \(area) pixels wholly covered")
    }

    /// Arabic and Hebrew read right to left: the first character in logical order is drawn to the
    /// right of the last (the regression: حركة laid out left to right, unjoined, read backwards);
    /// joined Arabic is narrower than its letters set apart.
    @Test func rightToLeftNamesReadRightToLeft() throws {
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        for name in ["حركة", "שלום"] {
            let shaped = glyphs.shaped(name, pixelHeight: 24)
            let first = try #require(ScriptGoldenTests.place(shaped, name, String(name.first!)))
            let last = try #require(ScriptGoldenTests.place(shaped, name, String(name.last!)))
            #expect(first > last, "\(name): the first letter is drawn right of the last")
        }
        let joined = glyphs.width(of: "حركة", pixelHeight: 40)
        let apart = "حركة".map { glyphs.width(of: String($0), pixelHeight: 40) }.reduce(0, +)
        #expect(joined < apart, "joined \(joined) px against \(apart) px for the letters alone")
    }

    /// A legend of names in many scripts, drawn: each line's value follows its name (an Arabic name
    /// does not carry the value to its left), and the rings stay untouched.
    @Test func aLegendOfEveryScriptKeepsItsValuesAfterTheNames() throws {
        var theme = Theme.standard
        theme.rings = Self.names.prefix(8).enumerated().map { i, name in
            var style = Theme.standard.style(ofRing: i)
            style.name = name
            return style
        }
        let glyphs = try FontGlyphs(name: nil, for: theme)
        let line = Chrome.legendLine("حركة", "40%")
        let shaped = glyphs.shaped(line, pixelHeight: 24)
        let value = try #require(ScriptGoldenTests.place(shaped, line, "40%")), name = try #require(ScriptGoldenTests.place(shaped, line, "ح"))
        #expect(value > name, "the value is drawn right of the name")
        var scene = RingScene(theme: theme, width: 900, height: 500, values: Array(repeating: 0.5, count: 8))
        scene.chrome = Chrome.standard(theme: theme, values: scene.values, selection: nil, glyphs: glyphs)
        #expect(scene.chromeLayout?.legendNames == Array(Self.names.prefix(8)), "every name whole")
        var renderer = SceneRenderer()
        try? PNGFile.write(renderer.render(scene), to: NSTemporaryDirectory() + "rings-scripts.png")
    }

    /// Pango's font map is made anew once `pangoLimit` characters (each at its size) have been laid
    /// out (it keeps every glyph it has drawn, at each size, while it lives: ever-new names in Han
    /// characters grew a fuzzer's memory without end), and a name drawn after that is drawn as before;
    /// the same few characters drawn again and again never make it anew.
    @Test func pangoIsMadeAnewAfterManyCharactersAndDrawsAsBefore() throws {
        let name = "移动 Move حركة 42", glyphs = try FontGlyphs(name: nil, for: .standard)
        let before = try #require(try FontGlyphs(name: nil, for: .standard).mask(for: name, pixelHeight: 24))
        for n in 0..<20_000 {
            #expect(glyphs.width(of: "\(n % 1000) %", pixelHeight: 10 + n % 9) > 0)
        }
        #expect(glyphs.pangoRenewals == 0)
        // One Han character a layout, each in the Unified Ideographs block, at one size.
        for n in 0...FontGlyphs.pangoLimit {
            #expect(glyphs.width(of: String(UnicodeScalar(0x4E00 + n)!), pixelHeight: 16) > 0)
        }
        #expect(glyphs.pangoRenewals == 1)
        let after = try #require(glyphs.mask(for: name, pixelHeight: 24))
        #expect(after.width == before.width && after.height == before.height && after.alpha == before.alpha)
    }

    /// A button's title is centred in its pill by the font's real metrics, whatever the font: with
    /// Noto Sans CJK SC (whose ascent and descent are far larger than DejaVu's) the titles sat on
    /// the pills' bottom edges. The ink of each title is centred within 2 px.
    @Test(arguments: [nil, "Noto Sans CJK SC"])
    func buttonTitlesAreCenteredInTheirPills(_ font: String?) throws {
        let glyphs = try FontGlyphs(name: font, for: .standard)
        var scene = RingScene(theme: .standard, width: 800, height: 600, values: [0.5, 0.6, 0.7])
        scene.chrome = Chrome.standard(theme: .standard, values: scene.values, selection: nil, glyphs: glyphs)
        let buttons = try #require(scene.chromeLayout.flatMap { $0.buttons })
        #expect(buttons.count == 4)
        var renderer = SceneRenderer()
        let image = renderer.render(scene)
        for button in buttons {
            let f = button.frame
            let inked = (f.minY..<f.maxY).filter { y in (f.minX + f.height / 2..<f.maxX - f.height / 2).contains { image[$0, y].g > 160 } }
            let top = try #require(inked.first), bottom = try #require(inked.last)
            let middle = Double(top + bottom + 1) / 2, center = Double(f.minY) + Double(f.height) / 2
            #expect(abs(middle - center) <= 2, "\(font ?? "the default font"), \(button.title): ink \(top)...\(bottom) in \(f.minY)..<\(f.maxY)")
        }
    }
}

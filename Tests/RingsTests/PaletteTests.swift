import Foundation
import Rings
import RingsRaster
import Testing
import TestSupport

/// No two rings of one screen share a colour: a theme with fewer colours than rings takes more
/// from its palette, in its own style.
@Suite struct PaletteTests {
    /// Every built-in theme with 8 rings: every pair of ring colours (the ends, which the legend and
    /// the tip show) at least ΔE 20 apart (CIE76).
    @Test(arguments: ThemeLoader.builtInNames)
    func eightRingsOfEveryThemeHaveEightColors(name: String) throws {
        let theme = try ThemeLoader.load(name)
        let ends = (0..<8).map { theme.style(ofRing: $0).end }
        for i in 0..<8 {
            for j in (i + 1)..<8 {
                #expect(ends[i].distance(to: ends[j]) >= Palette.distinct, "\(name): rings \(i + 1) \(ends[i]) and \(j + 1) \(ends[j])")
            }
        }
        #expect(Set((0..<8).map { theme.style(ofRing: $0).name }).count == 8, "\(name): eight names")
    }

    /// Every palette's own colours are that far apart, so that a theme of one colour still has eight.
    @Test(arguments: Palette.Family.allCases)
    func everyPaletteHoldsEightDistinctColors(family: Palette.Family) {
        let ends = family.colors.map(\.end)
        #expect(ends.count >= 8)
        for i in ends.indices {
            for j in ends.indices where j > i { #expect(ends[i].distance(to: ends[j]) >= Palette.distinct, "\(family) \(i) \(j)") }
        }
    }

    /// The theme example in docs/themes.md (one ring, three values) draws three different rings
    /// (the regression: three identical red ones).
    @Test func theDocumentedThemeShowsThreeDifferentRings() throws {
        let doc = try String(contentsOfFile: checkoutRoot + "/docs/themes.md", encoding: .utf8)
        let block = try #require(doc.components(separatedBy: "```json\n").dropFirst().first)
        let json = try #require(block.components(separatedBy: "```").first)
        let theme = try ThemeLoader.parse(Data(json.utf8), source: "docs/themes.md")
        #expect(theme.sampleValues.count == 3 && theme.rings.count == 1)
        let ends = (0..<3).map { theme.style(ofRing: $0).end }
        #expect(ends[0].distance(to: ends[1]) >= Palette.distinct && ends[0].distance(to: ends[2]) >= Palette.distinct
                && ends[1].distance(to: ends[2]) >= Palette.distinct, "\(ends)")
    }

    /// ΔE is CIE76 in L*a*b*: black to white is 100, a colour to itself 0.
    @Test func distanceIsCIE76() {
        #expect(abs(RGB8(0, 0, 0).distance(to: RGB8(255, 255, 255)) - 100) < 0.01)
        #expect(RGB8(231, 76, 60).distance(to: RGB8(231, 76, 60)) == 0)
    }
}

import Foundation
import Rings
import RingsRaster
import Testing
import TestSupport

/// The centre label means something: the selected ring in its colour with its name, the average
/// only where the rings measure one kind of thing, or what `label` says.
@Suite struct CenterLabelTests {
    let glyphs = BoxGlyphs()

    func chrome(_ theme: Theme, _ values: [Double] = [0.2, 0.4, 0.9], selection: Int? = nil, unknown: Set<Int> = [], stale: Set<Int> = []) -> Chrome {
        Chrome.standard(theme: theme, values: values, selection: selection, glyphs: glyphs, unknown: unknown, stale: stale)
    }

    @Test func autoShowsTheAverageOnlyWhereTheRingsAreOneKind() throws {
        let activity = try ThemeLoader.load("activity"), flat = try ThemeLoader.load("flat")
        #expect(activity.comparable && !flat.comparable)
        #expect(chrome(activity).label == "50%", "Move, Exercise and Stand are shares of their goals")
        #expect(chrome(flat).label == "", "three unrelated values: no number in the centre")
        var goals = flat
        for i in goals.rings.indices { goals.rings[i].goal = 10 }
        #expect(chrome(goals).label == "50%", "every ring a share of its goal")
        #expect(chrome(flat, [0.3]).label == "30%", "one ring is its own label")
        #expect(chrome(flat, [0.3]).caption == nil && chrome(flat, [0.3]).labelColor == nil, "in the theme's ink, as the tutorials draw it")
    }

    @Test func aSelectionShowsItsRingsNameValueAndColor() throws {
        let flat = try ThemeLoader.load("flat")
        let shown = chrome(flat, selection: 1)
        #expect(shown.label == "40%" && shown.caption == "Green" && shown.labelColor == flat.rings[1].end)
        #expect(shown.legend[1].name == "> Green")
    }

    @Test func theLabelKeyChoosesWhatTheCenterSays() throws {
        var theme = try ThemeLoader.load("activity")
        theme.label = .none
        #expect(chrome(theme, selection: 0).label == "", "none: nothing, even for a selection")
        theme.label = .average
        theme.comparable = false
        #expect(chrome(theme).label == "50%")
        theme.label = .ring(2)
        #expect(chrome(theme).label == "90%" && chrome(theme).caption == "Stand")
        #expect(chrome(theme, selection: 0).label == "20%", "a selection still shows the selected ring")
        theme.label = .ring(7)
        #expect(chrome(theme).label == "", "a ring that is not there: nothing")
    }

    @Test func aLabelOfValuesNotYetComeOrGrownOldSaysSo() throws {
        let activity = try ThemeLoader.load("activity")
        #expect(chrome(activity, unknown: [2]).label == Chrome.noValue)
        #expect(chrome(activity, stale: [1]).labelOpacity < 1, "the average of a stale ring is faint (the regression: a bright 67 % while every ring was stale)")
        #expect(chrome(activity, selection: 0, stale: [1]).labelOpacity == 1, "the selected ring is fresh")
    }

    @Test func labelsAreParsed() {
        #expect(CenterLabel(parsing: "ring 1") == .ring(0) && CenterLabel(parsing: "ring 8") == .ring(7))
        #expect(CenterLabel(parsing: "auto") == .auto && CenterLabel(parsing: "none") == CenterLabel.none && CenterLabel(parsing: "average") == .average)
        for bad in ["ring 0", "ring 9", "Ring 2", "ring", "ring two", "", "avg"] { #expect(CenterLabel(parsing: bad) == nil, "\(bad)") }
    }
}

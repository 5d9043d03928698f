import Rings
import Testing

/// What the live screen knows of its values, without a screen: times as arguments.
@Suite struct LiveDataTests {
    @Test func ringsWaitUntilTheirFirstValueAndTheFrameRedrawsOnce() {
        var data = LiveData(rings: 3, waiting: [0, 1, 2], staleAfter: nil)
        #expect(data.waiting == [0, 1, 2])
        let first = data.valueArrived(ring: 1, at: 0, wall: 1000), second = data.valueArrived(ring: 1, at: 1, wall: 1001)
        #expect(first, "a ring that waited: its label changes")
        #expect(!second, "a later value changes no label")
        #expect(data.waiting == [0, 2])
    }

    @Test func valuesGrowStaleAndComeBack() {
        var data = LiveData(rings: 2, waiting: [], staleAfter: 10)
        _ = data.valueArrived(ring: 0, at: 0, wall: 1000)
        _ = data.valueArrived(ring: 1, at: 0, wall: 1000)
        let early = data.age(at: 5)
        #expect(!early && data.notes.isEmpty)
        _ = data.valueArrived(ring: 1, at: 8, wall: 1008)
        let turned = data.age(at: 12)
        #expect(turned, "ring 0 turned stale")
        #expect(data.notes == [0: "stale 12 s"])
        let back = data.valueArrived(ring: 0, at: 13, wall: 1013)
        #expect(back, "a stale ring that comes back redraws the frame")
        #expect(data.notes.isEmpty)
        // A reload's new stale-after counts from when each value came.
        data.staleAfter(2, at: 14, wall: 1014)
        _ = data.age(at: 14)
        #expect(data.notes == [1: "stale 6 s"])
        data.staleAfter(nil, at: 14, wall: 1014)
        #expect(data.staleness == nil && data.notes.isEmpty)
    }

    @Test func keptValuesShowStaleWithTheirAge() {
        var data = LiveData(rings: 3, waiting: [0, 1, 2], staleAfter: nil)
        let memory = ValueMemory(rings: [.init(name: "a", value: 0.5, time: 940), .init(name: "b", value: nil, time: nil),
                                         .init(name: "c", value: 0.25, time: 1000)])
        let shown = data.recall(memory, at: 100, wall: 1000)
        #expect(shown.map(\.ring) == [0, 2] && shown.map(\.value) == [0.5, 0.25])
        #expect(data.waiting == [1], "a ring the file had no value for still waits")
        #expect(data.notes[0] == "stale 1 m" && data.notes[2] == "stale 0 s")
    }

    @Test func theStateFileIsGivenChangesNotRepeats() {
        var data = LiveData(rings: 2, waiting: [0, 1], staleAfter: nil)
        let none = data.memoryToKeep(targets: [0, 0], names: ["a", "b"], wall: 1000)
        #expect(none == nil, "no value came")
        _ = data.valueArrived(ring: 0, at: 0, wall: 1000)
        let kept = data.memoryToKeep(targets: [0.5, 0], names: ["a", "b"], wall: 1001)
        #expect(kept == ValueMemory(rings: [.init(name: "a", value: 0.5, time: 1000), .init(name: "b", value: nil, time: nil)]))
        _ = data.valueArrived(ring: 0, at: 1, wall: 1002)
        let repeated = data.memoryToKeep(targets: [0.5, 0], names: ["a", "b"], wall: 1003)
        #expect(repeated == nil, "the same value repeated: not written again")
        _ = data.valueArrived(ring: 0, at: 2, wall: 1700)
        let later = data.memoryToKeep(targets: [0.5, 0], names: ["a", "b"], wall: 1701)
        #expect(later?.rings[0].time == 1700, "repeated for longer than keptTimesLast: written with its new time")
        // A reload renamed a ring: the file says the new name at once, values unchanged.
        let renamed = data.memoryToKeep(targets: [0.5, 0], names: ["walk", "b"], wall: 1702)
        #expect(renamed?.rings.map(\.name) == ["walk", "b"] && renamed?.rings[0].value == 0.5)
        #expect(data.memoryToKeep(targets: [0.5, 0], names: ["walk", "b"], wall: 1703) == nil)
    }

    @Test func theSourcesLinesChangeTheFrameOnlyWhenTheyChange() {
        var data = LiveData(rings: 1, waiting: [], staleAfter: nil)
        let line = SourceLine(name: "feed", text: "no such file", problem: true, widest: "no such file: /run/rings/feed...")
        let shown = data.show(sources: [line]), again = data.show(sources: [line]), gone = data.show(sources: [])
        #expect(shown && !again)
        #expect(gone && data.sources.isEmpty)
    }
}

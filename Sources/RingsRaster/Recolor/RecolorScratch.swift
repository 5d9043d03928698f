/// The working memory of one `ArcStroke.recolor`, carved from one temporary allocation: each
/// row's pieces and how many (-1 until worked out), each named ray's place and halves, and a row's
/// rim pixels (columns, coverage, colour and what lies under them, with room for four more).
struct RecolorScratch {
    let segments: UnsafeMutablePointer<RecolorPainter.Segment>, counts: UnsafeMutablePointer<Int8>
    let index: UnsafeMutablePointer<Int32>, places: UnsafeMutablePointer<UInt8>
    let columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>
    let shaded: UnsafeMutablePointer<UInt32>, under: UnsafeMutablePointer<UInt32>

    /// Calls `body` with room for `rows` rows of `width` pixels (the rows' counts at -1, every
    /// ray's halves at none); the memory lasts as long as the call.
    static func with<Result>(rows: Int, width: Int, _ body: (RecolorScratch) -> Result) -> Result {
        let names = RayFan.names, pieces = rows * RecolorPainter.perRow
        // The parts in the order laid out, each from a 16-byte boundary: pieces, counts, ray places
        // and rim columns (Int32), ray halves, coverage, shaded and under pixels.
        func aligned(_ bytes: Int) -> Int { (bytes + 15) & ~15 }
        let counts = aligned(pieces * MemoryLayout<RecolorPainter.Segment>.stride), ints = counts + aligned(rows)
        let places = ints + aligned(4 * (names + width)), coverage = places + aligned(names), pixels = coverage + aligned(4 * width)
        return withUnsafeTemporaryAllocation(byteCount: pixels + 8 * width, alignment: 16) { memory in
            let base = memory.baseAddress!
            let int32s = (base + ints).bindMemory(to: Int32.self, capacity: names + width)
            let colors = (base + pixels).bindMemory(to: UInt32.self, capacity: 2 * width)
            let scratch = RecolorScratch(
                segments: base.bindMemory(to: RecolorPainter.Segment.self, capacity: pieces),
                counts: (base + counts).bindMemory(to: Int8.self, capacity: rows), index: int32s,
                places: (base + places).bindMemory(to: UInt8.self, capacity: names), columns: int32s + names,
                coverage: (base + coverage).bindMemory(to: Float.self, capacity: width), shaded: colors, under: colors + width)
            scratch.counts.initialize(repeating: -1, count: rows)
            scratch.places.initialize(repeating: 0, count: names)
            return body(scratch)
        }
    }
}

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
        let names = RayFan.names
        // Each part's byte count, in the order laid out, each from a 16-byte boundary.
        let sizes = [rows * RecolorPainter.perRow * MemoryLayout<RecolorPainter.Segment>.stride, rows, 4 * (names + width), names,
                     4 * width, 8 * width]
        var offsets: [Int] = [], total = 0
        for size in sizes { offsets.append(total); total += (size + 15) & ~15 }
        return withUnsafeTemporaryAllocation(byteCount: total, alignment: 16) { memory in
            let base = memory.baseAddress!
            let ints = (base + offsets[2]).bindMemory(to: Int32.self, capacity: names + width)
            let pixels = (base + offsets[5]).bindMemory(to: UInt32.self, capacity: 2 * width)
            let scratch = RecolorScratch(
                segments: (base + offsets[0]).bindMemory(to: RecolorPainter.Segment.self, capacity: rows * RecolorPainter.perRow),
                counts: (base + offsets[1]).bindMemory(to: Int8.self, capacity: rows), index: ints,
                places: (base + offsets[3]).bindMemory(to: UInt8.self, capacity: names), columns: ints + names,
                coverage: (base + offsets[4]).bindMemory(to: Float.self, capacity: width), shaded: pixels, under: pixels + width)
            scratch.counts.initialize(repeating: -1, count: rows)
            scratch.places.initialize(repeating: 0, count: names)
            return body(scratch)
        }
    }
}

/// What a shape hands the blitter for one run of pixels: per-pixel coverage in 0...1, or nil when
/// every pixel of the run is wholly covered.
public typealias SpanCoverage = UnsafeMutablePointer<Float>?

/// The callback a shape calls for each run: row y, first column x, pixel count, coverage.
public typealias SpanBody = (_ y: Int, _ x: Int, _ count: Int, _ coverage: SpanCoverage) -> Void

/// A geometric shape that knows which pixels it touches and how much of each it covers.
///
/// Fast path: `forEachSpan` visits only pixels the shape can touch, row by row, with coverage in 0...1
/// (exact area for hard edges). Reference path: `coverage(atX:y:)` answers for a single point and is
/// what the supersampling `ReferenceRenderer` uses, so it must be obviously right rather than fast.
public protocol Shape: Sendable {
    /// Every pixel the shape can touch lies inside.
    var bounds: IntRect { get }

    /// Calls `body(y, x, count, coverage)` for runs of pixels (x ..< x + count, y) inside `clip`, in
    /// row order and left to right, never the same pixel twice, with nil coverage for runs wholly
    /// inside. Partial coverage is written to `coverageRow[x]` (indexed by column; it holds at least
    /// `clip.maxX` floats) and passed as `coverageRow + x`, so that runs of one row can be gathered
    /// before they are drawn.
    func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody)

    /// How much of the shape is at the point: 0 or 1 for hard shapes, the alpha for soft ones.
    func coverage(atX x: Double, y: Double) -> Double
}

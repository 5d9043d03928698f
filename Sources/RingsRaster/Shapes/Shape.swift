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
    /// inside. Partial coverage is one Float per pixel of the run, valid only during the call;
    /// `coverageRow` (at least `clip.maxX` floats, indexed by column) is a row buffer the shape may
    /// keep it in.
    func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody)

    /// The runs of `forEachSpan`, handed straight to a shader blitter (its `finish` is the caller's):
    /// the shapes every frame draws implement it with the blitter's calls inlined, the others take
    /// the default, which goes through `forEachSpan`.
    func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter)

    /// How much of the shape is at the point: 0 or 1 for hard shapes, the alpha for soft ones.
    func coverage(atX x: Double, y: Double) -> Double
}

extension Shape {
    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        forEachSpan(in: clip, coverageRow: coverageRow) { y, x, count, coverage in
            blitter.blit(y: y, x: x, count: count, coverage: coverage)
        }
    }
}

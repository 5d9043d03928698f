/// Where scan conversion hands its pixels, after tiny-skia's Blitter: a shape's runs go in row by row,
/// left to right, never the same pixel twice (see `Shape.forEachSpan`), and `finish` follows the last.
public protocol Blitter {
    /// One run of pixels (x ..< x + count, y); `coverage` is per pixel, or nil where wholly covered.
    /// Partial coverage lives in the shape's row buffer and is only valid during the call.
    mutating func blit(y: Int, x: Int, count: Int, coverage: SpanCoverage)
    /// After the last run.
    mutating func finish()
}

extension Shape {
    /// Scan-converts the part of the shape inside `clip` into `blitter`; `coverageRow` holds at least
    /// `clip.maxX` floats.
    @inline(__always)
    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout some Blitter) {
        forEachSpan(in: clip, coverageRow: coverageRow) { y, x, count, coverage in
            blitter.blit(y: y, x: x, count: count, coverage: coverage)
        }
        blitter.finish()
    }
}

/// Composites a shader through coverage onto a canvas, source-over.
///
/// The runs a shape gives for one row (rim, interior, rim, pieces cut at an arc's ends) are gathered
/// while they join up, shaded in one call, handed to an arc fill's caps when there are any, then each
/// is composited: wholly covered runs of an opaque shader are plain copies, the rest blend with their
/// coverage. Its buffers belong to the `Rasterizer` that makes it.
public struct ShaderBlitter: Blitter {
    /// One span of a gathered row.
    struct Run {
        var x = 0, count = 0
        var coverage: SpanCoverage = nil
    }

    static let maximumRuns = 16

    let shader: any Shader
    let caps: ArcCaps?
    let canvas: Canvas
    /// Per drawing column: shaded colours, and the coverage of the gathered runs (a shape may write
    /// its next row before the gathered one is drawn).
    let colors: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<Float>
    let runs: UnsafeMutablePointer<Run>
    let opaque: Bool
    var y = 0, start = 0, end = 0, count = 0

    init(shader: any Shader, caps: ArcCaps?, canvas: Canvas, colors: UnsafeMutablePointer<UInt32>,
         coverage: UnsafeMutablePointer<Float>, runs: UnsafeMutablePointer<Run>) {
        self.shader = shader; self.caps = caps; self.canvas = canvas
        self.colors = colors; self.coverage = coverage; self.runs = runs
        opaque = shader.isOpaque
    }

    /// Takes a run; partial coverage is copied, since the shape reuses its row for the next one.
    @inline(__always)
    public mutating func blit(y: Int, x: Int, count n: Int, coverage given: SpanCoverage) {
        if count > 0 && (y != self.y || x != end || count == Self.maximumRuns) { finish() }
        if count == 0 { self.y = y; start = x }
        var kept: SpanCoverage = nil
        if let given {
            kept = coverage + x
            Self.copy(given, to: kept!, count: n)
        }
        runs[count] = Run(x: x, count: n, coverage: kept)
        count += 1
        end = x + n
    }

    /// Draws the gathered row. An opaque shader paints straight into the destination: what lies under
    /// the partly covered runs is put aside first, and those runs are composited over it after.
    public mutating func finish() {
        guard count > 0 else { return }
        let dst = canvas.row(y)
        if opaque {
            for i in 0..<count where runs[i].coverage != nil {
                Self.copy(dst + runs[i].x, to: colors + runs[i].x, count: runs[i].count)
            }
            shader.shade(x: start, y: y, count: end - start, into: dst + start)
            caps?.resolve(y: y, columns: start..<end, colors: dst)
            for i in 0..<count {
                let run = runs[i]
                guard let coverage = run.coverage else { continue }
                PixelMath.compositeRun(dst + run.x, under: colors + run.x, into: dst + run.x, count: run.count, coverage: coverage)
            }
        } else {
            shader.shade(x: start, y: y, count: end - start, into: colors + start)
            caps?.resolve(y: y, columns: start..<end, colors: colors)
            for i in 0..<count {
                let run = runs[i]
                PixelMath.compositeRun(colors + run.x, under: dst + run.x, into: dst + run.x, count: run.count,
                                       coverage: run.coverage.map { UnsafePointer($0) })
            }
        }
        count = 0
    }

    /// Copies a few values in line (rim runs are a pixel or two), more through memmove.
    @inline(__always)
    static func copy<T>(_ from: UnsafePointer<T>, to: UnsafeMutablePointer<T>, count n: Int) {
        if n <= 4 {
            to[0] = from[0]
            if n > 1 { to[1] = from[1]; if n > 2 { to[2] = from[2]; if n > 3 { to[3] = from[3] } } }
        } else {
            to.update(from: from, count: n)
        }
    }
}

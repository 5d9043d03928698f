/// Where scan conversion hands its pixels, after tiny-skia's Blitter: a shape's runs go in row by row,
/// left to right, never the same pixel twice (see `Shape.forEachSpan`), and `finish` follows the last.
public protocol Blitter {
    /// One run of pixels (x ..< x + count, y); `coverage` is per pixel, or nil where wholly covered.
    /// Partial coverage lives in the shape's row buffer and is only valid during the call.
    mutating func blit(y: Int, x: Int, count: Int, coverage: SpanCoverage)
    /// After the last run.
    mutating func finish()
}

/// A blitter that hands each run to a closure: how a shape's `forEachSpan` shares one scan with its
/// `draw` into a `ShaderBlitter`.
struct SpanForwarder: Blitter {
    let body: SpanBody

    @inline(__always)
    mutating func blit(y: Int, x: Int, count: Int, coverage: SpanCoverage) { body(y, x, count, coverage) }

    func finish() {}
}

extension Shape {
    /// Runs `spans` (a shape's one scan, generic over where its runs go) with a forwarder to `body`.
    @inline(__always)
    func forwardingSpans(to body: SpanBody, _ spans: (inout SpanForwarder) -> Void) {
        withoutActuallyEscaping(body) { body in
            var forwarder = SpanForwarder(body: body)
            spans(&forwarder)
        }
    }
}

/// Composites a shader through coverage onto a canvas, source-over.
///
/// The runs a shape gives for one row (rim, interior, rim, pieces cut at an arc's ends) are gathered
/// while they join up, shaded in one call, handed to an arc fill's caps when there are any, then
/// composited: wholly covered runs of an opaque shader are plain copies, other whole runs blend four
/// pixels at a time, and the partly covered pixels of every run (a rim is a pixel or two) are
/// gathered into one list and blended four at a time together. Its buffers belong to the
/// `Rasterizer` that makes it.
public struct ShaderBlitter: Blitter {
    /// One wholly covered span of a gathered row.
    struct Run {
        var x = 0, count = 0
    }

    static let maximumRuns = 16
    /// Partly covered pixels in one piece, at least this many, are blended where they lie.
    static let longRun = 8

    /// A gathered row's partly covered pixels, in order: their columns, coverage, what lay under them
    /// and their shaded colours (each with room for the row's width and four more).
    struct Partial {
        let columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>
        let under: UnsafeMutablePointer<UInt32>, shaded: UnsafeMutablePointer<UInt32>
    }

    let shader: any Shader
    let caps: ArcCaps?
    let canvas: Canvas
    /// Per drawing column: shaded colours (of a shader that is not opaque).
    let colors: UnsafeMutablePointer<UInt32>
    let partial: Partial
    let runs: UnsafeMutablePointer<Run>
    let opaque: Bool
    /// The shader's one colour, when it has one and no caps change it.
    let uniform: UInt32?
    var y = 0, start = 0, end = 0, count = 0, partials = 0

    init(shader: any Shader, caps: ArcCaps?, canvas: Canvas, colors: UnsafeMutablePointer<UInt32>, partial: Partial,
         runs: UnsafeMutablePointer<Run>) {
        self.shader = shader; self.caps = caps; self.canvas = canvas
        self.colors = colors; self.partial = partial; self.runs = runs
        opaque = shader.isOpaque
        uniform = caps == nil ? shader.uniformPixel : nil
    }

    /// Whether a row is gathered and not yet drawn.
    private var gathering: Bool { count > 0 || partials > 0 }

    /// Takes a run; partial coverage is copied, since the shape reuses its row for the next one. A
    /// shader of one colour needs no row joined up: its whole runs are drawn at once and only its
    /// partly covered pixels wait for the row's end.
    @inline(__always)
    public mutating func blit(y: Int, x: Int, count n: Int, coverage given: SpanCoverage) {
        if let color = uniform {
            if partials > 0 && y != self.y { finish() }
            self.y = y
            guard let given else {
                let dst = canvas.row(y) + x
                if opaque { Canvas.fill(dst, count: n, with: color) } else { PixelMath.compositeRun(color, over: dst, count: n) }
                return
            }
            // A long partly covered run (a shadow's row) is blended where it lies; a rim's pixel or
            // two waits for the row's others, to be blended four at a time with them.
            guard n < Self.longRun else { return PixelMath.compositeRun(color, coverage: given, over: canvas.row(y) + x, count: n) }
            return take(given, x: x, count: n)
        }
        if gathering && (y != self.y || x != end || count == Self.maximumRuns) { finish() }
        if !gathering { self.y = y; start = x }
        if let given {
            take(given, x: x, count: n)
        } else {
            runs[count] = Run(x: x, count: n)
            count &+= 1
        }
        end = x &+ n
    }

    /// Adds partly covered pixels x ..< x + n to the row's list, four at a time: both lists, and the
    /// shape's coverage, have room for three more.
    @inline(__always)
    private mutating func take(_ given: UnsafeMutablePointer<Float>, x: Int, count n: Int) {
        var column = SIMD4<Int32>(0, 1, 2, 3) &+ Int32(truncatingIfNeeded: x)
        var i = 0
        while i < n {
            UnsafeMutableRawPointer(partial.columns + (partials &+ i)).storeBytes(of: column, as: SIMD4<Int32>.self)
            UnsafeMutableRawPointer(partial.coverage + (partials &+ i))
                .storeBytes(of: UnsafeRawPointer(given + i).loadUnaligned(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
            column &+= 4
            i &+= 4
        }
        partials &+= n
    }

    /// Draws the gathered row. An opaque shader paints straight into the destination: what lies under
    /// the partly covered pixels is put aside first, and they are composited over it after. One
    /// colour's partly covered pixels are blended without shading them first.
    public mutating func finish() {
        guard gathering else { return }
        let dst = canvas.row(y)
        if let color = uniform {
            PixelMath.gather(partial.columns, count: partials, from: dst, into: partial.under)
            partial.shaded.update(repeating: color, count: partials + 3)
        } else if opaque {
            PixelMath.gather(partial.columns, count: partials, from: dst, into: partial.under)
            shader.shade(x: start, y: y, count: end - start, into: dst + start)
            caps?.resolve(y: y, columns: start..<end, colors: dst)
            PixelMath.gather(partial.columns, count: partials, from: dst, into: partial.shaded)
        } else {
            shader.shade(x: start, y: y, count: end - start, into: colors + start)
            caps?.resolve(y: y, columns: start..<end, colors: colors)
            for i in 0..<count {
                PixelMath.compositeRun(colors + runs[i].x, under: dst + runs[i].x, into: dst + runs[i].x, count: runs[i].count)
            }
            PixelMath.gather(partial.columns, count: partials, from: dst, into: partial.under)
            PixelMath.gather(partial.columns, count: partials, from: colors, into: partial.shaded)
        }
        PixelMath.compositeColumns(partial.columns, coverage: partial.coverage, count: partials, shaded: partial.shaded, under: partial.under,
                                   into: dst)
        count = 0; partials = 0
    }
}

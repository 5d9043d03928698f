/// Draws shapes with shaders into a pixmap: the span blitter between scan conversion and shading.
///
/// The runs a shape gives for one row (rim, interior, rim, pieces cut at an arc's ends) are gathered
/// while they join up, shaded in one call, then each is composited: wholly covered runs of an opaque
/// shader are plain copies, the rest blend with their coverage.
public struct Rasterizer {
    /// Per column of the target: coverage written by shapes, the coverage of the gathered runs (a
    /// shape may write its next row before the gathered one is drawn), colours written by shaders.
    private var coverage: [Float] = []
    private var gatheredCoverage: [Float] = []
    private var colors: [UInt32] = []
    private var runs = [Run](repeating: Run(), count: Rasterizer.maximumRuns)

    /// One span of a gathered row.
    private struct Run {
        var x = 0, count = 0
        var coverage: SpanCoverage = nil
    }

    private static let maximumRuns = 16

    public init() {}

    /// Pixels per band: a band of the frame (512 KB) stays in the cache while every command
    /// draws into it, so blending reads what the clear just wrote from cache, not from memory.
    static let bandPixels = 131_072

    /// Clears to the background and draws every command in order, one horizontal band at a time;
    /// with `clip`, only the pixels inside it (the rest of the pixmap is left as it is).
    public mutating func render(_ list: DisplayList, into pixmap: Pixmap, clip: IntRect? = nil) {
        let area = clip?.intersection(pixmap.bounds) ?? pixmap.bounds
        guard !area.isEmpty else { return }
        // Through a buffer pointer, never copying a command: a copy retains its shape and shader,
        // which every thread shares (their reference counts would bounce between the cores).
        list.commands.withUnsafeBufferPointer { commands in
            let boxes = commands.map { area.intersection($0.shape.bounds) }
            let bandRows = max(8, Rasterizer.bandPixels / max(1, area.width))
            var top = area.minY
            while top < area.maxY {
                let band = IntRect(x: area.minX, y: top, width: area.width, height: min(bandRows, area.maxY - top))
                pixmap.subview(band).fill(list.background)
                for i in commands.indices {
                    let clip = boxes[i].intersection(band)
                    if !clip.isEmpty { fill(commands[i].shape, with: commands[i].shader, into: pixmap, clip: clip) }
                }
                top += band.height
            }
        }
    }

    /// Composites `shader` through `shape`'s coverage, source-over, inside `clip` (which lies within
    /// the pixmap and the shape's bounds).
    private mutating func fill(_ shape: any Shape, with shader: any Shader, into pixmap: Pixmap, clip: IntRect) {
        guard !clip.isEmpty else { return }
        if coverage.count < pixmap.width {
            coverage = [Float](repeating: 0, count: pixmap.width)
            gatheredCoverage = coverage
            colors = [UInt32](repeating: 0, count: pixmap.width)
        }
        coverage.withUnsafeMutableBufferPointer { cov in
            gatheredCoverage.withUnsafeMutableBufferPointer { kept in
                colors.withUnsafeMutableBufferPointer { col in
                    runs.withUnsafeMutableBufferPointer { runs in
                        var row = RowGatherer(shader: shader, pixmap: pixmap, colors: col.baseAddress!,
                                              coverage: kept.baseAddress!, runs: runs.baseAddress!)
                        shape.forEachSpan(in: clip, coverageRow: cov.baseAddress!) { y, x, count, coverage in
                            row.add(y: y, x: x, count: count, coverage: coverage)
                        }
                        row.flush()
                    }
                }
            }
        }
    }

    /// Gathers the runs of one row while they join up, then shades them in one call and composites.
    private struct RowGatherer {
        let shader: any Shader
        let pixmap: Pixmap
        let colors: UnsafeMutablePointer<UInt32>
        let coverage: UnsafeMutablePointer<Float>
        let runs: UnsafeMutablePointer<Run>
        let opaque: Bool
        var y = 0, start = 0, end = 0, count = 0

        init(shader: any Shader, pixmap: Pixmap, colors: UnsafeMutablePointer<UInt32>,
             coverage: UnsafeMutablePointer<Float>, runs: UnsafeMutablePointer<Run>) {
            self.shader = shader; self.pixmap = pixmap; self.colors = colors; self.coverage = coverage; self.runs = runs
            opaque = shader.isOpaque
        }

        /// Takes a run; partial coverage is copied, since the shape reuses its row for the next one.
        @inline(__always)
        mutating func add(y: Int, x: Int, count n: Int, coverage given: SpanCoverage) {
            if count > 0 && (y != self.y || x != end || count == Rasterizer.maximumRuns) { flush() }
            if count == 0 { self.y = y; start = x }
            var kept: SpanCoverage = nil
            if let given {
                (coverage + x).update(from: given, count: n)
                kept = coverage + x
            }
            runs[count] = Run(x: x, count: n, coverage: kept)
            count += 1
            end = x + n
        }

        mutating func flush() {
            guard count > 0 else { return }
            shader.shade(x: start, y: y, count: end - start, into: colors + start)
            let dst = pixmap.row(y)
            for i in 0..<count {
                let run = runs[i]
                Rasterizer.composite(colors + run.x, over: dst + run.x, count: run.count, coverage: run.coverage, opaque: opaque)
            }
            count = 0
        }
    }

    /// Shaded colours onto the destination: copied or blended over where wholly covered (nil
    /// coverage), blended with their coverage elsewhere.
    @inline(__always)
    private static func composite(_ src: UnsafeMutablePointer<UInt32>, over dst: UnsafeMutablePointer<UInt32>, count: Int,
                                  coverage: SpanCoverage, opaque: Bool) {
        guard let coverage else {
            if opaque {
                dst.update(from: src, count: count)
            } else {
                // An image's pixels are often wholly opaque or wholly clear: copy or skip those.
                for i in 0..<count {
                    let s = src[i], a = s >> 24
                    if a == 255 { dst[i] = s } else if a != 0 { dst[i] = PixelMath.over(s, dst[i]) }
                }
            }
            return
        }
        for i in 0..<count {
            let c = coverage[i]
            if c <= 0 { continue }
            if c >= 1 && opaque {
                dst[i] = src[i]
            } else {
                dst[i] = PixelMath.blend(src[i], dst[i], coverage: UInt32(min(c, 1) * 255 + 0.5))
            }
        }
    }
}

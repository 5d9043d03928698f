import Foundation
import RingsRaster

/// A conic gradient parametrised by arc length along an `ArcStroke`, over any number of laps.
///
/// At angle theta on lap k the parameter is u = (theta + 2 pi k) / |sweep|, from the latest lap that
/// passes the pixel (later laps lie on top); the start cap has u = 0 and the end cap u = 1. The angle
/// comes from a polynomial atan, eight pixels at a time, and the colour from the ramp's table. Where
/// the end cap lies over an earlier lap or over the start cap, the two colours are mixed by the cap's
/// coverage of the pixel, so the cap's edge is anti-aliased even where the shape's own coverage is 1;
/// the few pixels that the end line cuts on the cap's rim (and, on arcs short enough that the colour
/// changes by more than a level per pixel, every pixel the start or end line cuts) are supersampled
/// with the exact rule. The start is seamless: one lap's end meets the next lap's start in the same
/// colour.
public final class ConicArcShader: Shader {
    public let arc: ArcStroke
    public let ramp: ColorRamp
    private let frame: Frame

    /// The arc's numbers in the Float form the per-pixel loops use.
    private struct Frame {
        let total: Float, inverseTotal: Float, direction: Float, start: Float
        /// Whether angles may be interpolated linearly over 8 pixels (see `interpolates`).
        let interpolates: Bool
        let cx: Float, cy: Float, halfWidth: Float
        let sx: Float, sy: Float, ex: Float, ey: Float, tx: Float, ty: Float
        /// Direction of travel at the start.
        let stx: Float, sty: Float
        /// The arc is so short that its colour changes by more than a level per pixel, so the kinks
        /// where the band meets the caps show inside a pixel.
        let steep: Bool
    }

    public init(arc: ArcStroke, ramp: ColorRamp) {
        self.arc = arc
        self.ramp = ramp
        var start = arc.startAngle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if start < 0 { start += 2 * Double.pi }
        let total = abs(arc.sweep)
        let s = arc.startPoint, e = arc.endPoint, t = arc.endTangent, st = arc.startTangent
        let first = ramp.color(at: 0), last = ramp.color(at: 1)
        let range = max(abs(last.r - first.r), abs(last.g - first.g), abs(last.b - first.b), abs(last.a - first.a))
        frame = Frame(total: Float(total), inverseTotal: total > 0 ? Float(1 / total) : 0,
                      direction: Float(arc.direction), start: Float(start),
                      interpolates: ConicArcShader.interpolates(innerRadius: arc.radius - arc.halfWidth, sweep: total),
                      cx: Float(arc.center.x), cy: Float(arc.center.y), halfWidth: Float(arc.halfWidth),
                      sx: Float(s.x), sy: Float(s.y), ex: Float(e.x), ey: Float(e.y), tx: Float(t.x), ty: Float(t.y),
                      stx: Float(st.x), sty: Float(st.y), steep: total * arc.radius < range)
    }

    public var isOpaque: Bool { ramp.isOpaque }

    /// Along a pixel row at distance >= rho from the centre the angle's second derivative is at most
    /// 0.65 / rho^2, so a straight line over 8 pixels is off by at most 8^2 / 8 * 0.65 / rho^2 = 5.2 / rho^2
    /// radians. Interpolate only while that moves u = angle / sweep by under a quarter of a colour table
    /// step (under 0.07 of a level).
    static func interpolates(innerRadius rho: Double, sweep: Double) -> Bool {
        rho > 0 && 5.2 / (rho * rho) <= sweep / Double(4 * (ColorRamp.lutSize - 1))
    }

    private static let twoPi = 2 * Float.pi
    private static let inverseTwoPi = 1 / (2 * Float.pi)

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        ramp.lut.withUnsafeBufferPointer { lut in
            let f = frame, py = Float(y) + 0.5
            guard f.total > 0 else {
                out.update(repeating: lut[lut.count - 1], count: count)
                return
            }
            // Columns of the caps' boxes that this row meets; chunks there that reach the end line (or,
            // short of a full turn, the start line) run the cap tests. The distance along the line
            // is linear in x, so a chunk's two ends decide.
            let reach = f.halfWidth + 1
            let endCols = abs(py - f.ey) < reach ? (f.ex - reach, f.ex + reach) : (1, -1)
            let startCols = abs(py - f.sy) < reach && f.total < 2 * Float.pi ? (f.sx - reach, f.sx + reach) : (1, -1)
            let endAlong = (py - f.ey) * f.ty - f.ex * f.tx, startAlong = (py - f.sy) * f.sty - f.sx * f.stx
            let dy = SIMD8<Float>(repeating: py - f.cy)
            let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
            let chunkStarts = lanes * 8
            let last = Float(lut.count - 1)
            var edges = SIMD8<Float>(), steps = SIMD8<Float>()
            var startIndex = SIMD8<Float>(), indexStep = SIMD8<Float>()
            var straight = SIMDMask<SIMD8<Int32>>()
            var block = Int.min
            // Chunks of 8 and blocks of 64 columns sit on absolute columns, so a pixel's colour does
            // not depend on where its run starts: a redraw of any rectangle matches a full frame.
            var i = 0
            while i < count {
                let column = x + i
                let chunkStart = column - (column & 7), lane0 = column - chunkStart
                let n = min(8 - lane0, count - i)
                let chunkOut = out + i - lane0
                let blockStart = chunkStart - (chunkStart & 63), chunk = (chunkStart - blockStart) / 8
                if f.interpolates && blockStart != block {
                    // Exact angles at the ends of the block's eight chunks, two vector atans per 64
                    // columns, and the table index at both ends of each chunk.
                    block = blockStart
                    let dx = SIMD8<Float>(repeating: Float(blockStart) + 0.5 - f.cx) + chunkStarts
                    edges = FastAngle.clockwiseAngle(dx, dy)
                    steps = FastAngle.clockwiseAngle(dx + 8, dy) - edges
                    steps.replace(with: steps - 2 * Float.pi, where: steps .> Float.pi)
                    steps.replace(with: steps + 2 * Float.pi, where: steps .< -Float.pi)
                    startIndex = tableIndex(edges, last: last).index
                    indexStep = tableIndex(edges + steps, last: last).index - startIndex
                    // u is affine in the angle within a lap and seamless across 12 o'clock, so a chunk
                    // whose two ends agree with that slope holds no jump (no end line, no clamp).
                    let slope = steps * (f.direction * f.inverseTotal * last)
                    let miss = indexStep - slope
                    straight = (miss .< 0.01) .& (miss .> -0.01)
                }
                let lo = Float(chunkStart), hi = lo + 8
                let first = lo + 0.5, lastPixel = hi - 0.5
                let nearEnd = hi > endCols.0 && lo < endCols.1
                    && max(endAlong + first * f.tx, endAlong + lastPixel * f.tx) > -0.75
                let nearStart = hi > startCols.0 && lo < startCols.1
                    && min(startAlong + first * f.stx, startAlong + lastPixel * f.stx) < 0.75
                let nearCap = nearEnd || nearStart
                let wanted = lane0..<(lane0 + n)
                if f.interpolates && straight[chunk] && !nearCap {
                    store(startIndex[chunk] + indexStep[chunk] * lanes * 0.125, lanes: wanted, lut: lut, into: chunkOut)
                } else {
                    // Near a cap, exact angles: the gap and the band must split where the line tests do.
                    let angles = f.interpolates && !nearCap
                        ? edges[chunk] + steps[chunk] * lanes * 0.125
                        : FastAngle.clockwiseAngle(SIMD8<Float>(repeating: first - f.cx) + lanes, dy)
                    shadeChunk(x: chunkStart, py: py, angles: angles, lanes: wanted, caps: nearCap, lut: lut, into: chunkOut)
                }
                i += n
            }
        }
    }

    /// The colour table index (0 ... last, not rounded) of the latest lap at each angle, and which
    /// angles fall in the gap of a sweep under one turn.
    @inline(__always)
    private func tableIndex(_ angles: SIMD8<Float>, last: Float) -> (index: SIMD8<Float>, gap: SIMDMask<SIMD8<Int32>>) {
        typealias F8 = SIMD8<Float>
        let f = frame
        let twoPi = F8(repeating: Self.twoPi)
        // Angles lie in [0, 2 pi) (interpolated ones stray a hair beyond), so one wrap each way suffices.
        var rel = f.direction * (angles - f.start)
        rel.replace(with: rel + twoPi, where: rel .< 0)
        rel.replace(with: rel - twoPi, where: rel .>= twoPi)
        let q = (f.total - rel) * Self.inverseTwoPi
        let gap = q .< 0
        let laps = FastAngle.floor(q.replacing(with: 0, where: gap))
        var index = (rel + twoPi * laps) * (f.inverseTotal * last)
        index.replace(with: 0, where: index .< 0)
        index.replace(with: last, where: index .> last)
        return (index, gap)
    }

    /// Writes the table colours at the rounded indices; adding 2^23 leaves round(index) in the low
    /// mantissa bits, with no checked float-to-int conversion.
    @inline(__always)
    private func store(_ index: SIMD8<Float>, lanes: Range<Int>, lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        let bits = unsafeBitCast(index + 8_388_608, to: SIMD8<UInt32>.self) & 0x7F_FFFF
        if lanes == 0..<8 {
            out[0] = lut[Int(bits[0])]; out[1] = lut[Int(bits[1])]; out[2] = lut[Int(bits[2])]; out[3] = lut[Int(bits[3])]
            out[4] = lut[Int(bits[4])]; out[5] = lut[Int(bits[5])]; out[6] = lut[Int(bits[6])]; out[7] = lut[Int(bits[7])]
        } else {
            for lane in lanes { out[lane] = lut[Int(bits[lane])] }
        }
    }

    /// The `lanes` of the eight pixels from column x: the latest lap's colour; with `caps`, also the start cap in the gap of a
    /// sweep under one turn and the end cap over whatever lies below it (see `applyCaps`).
    @inline(__always)
    private func shadeChunk(x: Int, py: Float, angles: SIMD8<Float>, lanes: Range<Int>, caps: Bool,
                            lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        let last = Float(lut.count - 1)
        let px = SIMD8<Float>(repeating: Float(x) + 0.5) + SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        var (index, gap) = tableIndex(angles, last: last)
        if caps && applyCaps(px: px, py: py, gap: gap, index: &index, lanes: lanes, lut: lut, into: out) { return }
        store(index, lanes: lanes, lut: lut, into: out)
    }

    /// In chunks near a cap: the start cap's colour in the gap, the end cap's inside its half-disc.
    /// Returns true when it has written the chunk itself (a cap's rim crosses it).
    private func applyCaps(px: SIMD8<Float>, py: Float, gap: SIMDMask<SIMD8<Int32>>, index: inout SIMD8<Float>,
                           lanes: Range<Int>, lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) -> Bool {
        let f = frame, last = Float(lut.count - 1)
        index.replace(with: 0, where: gap)
        let w = f.halfWidth
        let ox = px - f.ex, oy = py - f.ey
        let along = ox * f.tx + oy * f.ty
        let beyondEnd = along .> 0
        let d2 = ox * ox + oy * oy
        let inner2 = (w - 0.75) * (w - 0.75), outer2 = (w + 0.75) * (w + 0.75)
        index.replace(with: last, where: beyondEnd .& (d2 .<= (w - 0.5) * (w - 0.5)))
        let onRim = (d2 .> inner2) .& (d2 .< outer2)
        // Where the end line itself crosses the cap's rim, a pixel mixes the top lap, the cap and
        // what lies below: too many pieces for one formula, so those few pixels are supersampled;
        // on a steep (short) arc, so is every pixel the start or end line crosses inside the caps.
        let nearEndLine = (along .> -0.75) .& (along .< 0.75)
        var crossed = nearEndLine .& (f.steep ? (d2 .< outer2) : onRim)
        if f.steep && f.total < 2 * Float.pi {
            let sx = px - f.sx, sy = py - f.sy
            let alongStart = sx * f.stx + sy * f.sty
            crossed .|= (alongStart .> -0.75) .& (alongStart .< 0.75) .& (sx * sx + sy * sy .< outer2)
        }
        let capEdge = beyondEnd .& (d2 .> (w - 0.5) * (w - 0.5)) .& (d2 .< (w + 0.5) * (w + 0.5))
        guard any(capEdge .| crossed) else { return false }
        for lane in lanes {
            let band = lut[Int(index[lane] + 0.5)]
            if crossed[lane] {
                out[lane] = supersampledColor(x: Int(px[lane]), y: Int(py), fallback: band)
            } else {
                out[lane] = capEdge[lane] ? capEdgeColor(px: px[lane], py: py, inGap: gap[lane], band: band, lut: lut) : band
            }
        }
        return true
    }

    /// The exact rule (`ArcStroke.topmostParameter`) averaged over the covered points of a 4 x 4 grid.
    private func supersampledColor(x: Int, y: Int, fallback: UInt32) -> UInt32 {
        var sum = ColorF.clear, covered = 0.0
        for j in 0..<4 {
            for i in 0..<4 {
                let sx = Double(x) + (Double(i) + 0.5) / 4, sy = Double(y) + (Double(j) + 0.5) / 4
                guard arc.coverage(atX: sx, y: sy) > 0 else { continue }
                sum = sum + ramp.color(at: arc.topmostParameter(x: sx, y: sy))
                covered += 1
            }
        }
        return covered > 0 ? (sum * (1 / covered)).packed.bits : fallback
    }

    /// A pixel on the rim of the end cap's half-disc: the end colour mixed with what lies below by
    /// the cap's coverage (the band of an earlier lap, or in the gap the start cap, itself weighted
    /// by its own coverage).
    private func capEdgeColor(px: Float, py: Float, inGap: Bool, band: UInt32, lut: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let f = frame, w = Double(f.halfWidth)
        /// The pixel's coverage by the disc of a cap centred at (cx, cy).
        func cap(_ cx: Float, _ cy: Float) -> Float {
            let dx = Double(px - cx), dy = Double(py - cy)
            return Float(discCoverage(radius: w, dx: dx, dy: dy, rho: (dx * dx + dy * dy).squareRoot()))
        }
        var under = band, underWeight: Float = 1
        if inGap {
            under = lut[0]
            underWeight = cap(f.sx, f.sy)
        }
        let capWeight = cap(f.ex, f.ey)
        guard capWeight > 0 else { return under }
        return Self.mix(under, lut[lut.count - 1], capWeight / (capWeight + (1 - capWeight) * underWeight))
    }

    /// Per-channel linear mix of two packed pixels.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: Float) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            let p = Float((a >> shift) & 0xFF), q = Float((b >> shift) & 0xFF)
            out |= UInt32(p + (q - p) * t + 0.5) << shift
        }
        return out
    }

    public func color(atX x: Double, y: Double) -> ColorF {
        ramp.color(at: arc.topmostParameter(x: x, y: y))
    }
}

import Foundation
import RingsRaster

/// A conic gradient parametrised by arc length along an arc over any number of laps: the paint of an
/// arc fill (`DrawCommand(arc:shader:)`, whose `ArcCaps` colour the round caps).
///
/// At angle theta on lap k the parameter is u = (theta + 2 pi k) / |sweep|, from the latest lap that
/// passes the angle (later laps lie on top); angles in the gap of a sweep under one turn take u = 0.
/// The angle comes from a polynomial atan, eight pixels at a time, and the colour from the ramp's
/// table. The start is seamless: one lap's end meets the next lap's start in the same colour.
public final class ConicArcShader: ArcShader {
    public let ramp: ColorRamp
    private let frame: Frame

    /// The gradient's numbers in the Float form the per-pixel loops use.
    private struct Frame {
        let total: Float, inverseTotal: Float, direction: Float, start: Float
        /// Whether angles may be interpolated linearly over 8 pixels (see `interpolates`).
        let interpolates: Bool
        let cx: Float, cy: Float
    }

    /// The gradient of `arc`'s band: its centre, start angle and sweep; no pixel it shades lies
    /// nearer the centre than the band's inner edge.
    public init(arc: ArcStroke, ramp: ColorRamp) {
        self.ramp = ramp
        var start = arc.startAngle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if start < 0 { start += 2 * Double.pi }
        let total = abs(arc.sweep)
        frame = Frame(total: Float(total), inverseTotal: total > 0 ? Float(1 / total) : 0,
                      direction: Float(arc.direction), start: Float(start),
                      interpolates: ConicArcShader.interpolates(innerRadius: arc.radius - arc.halfWidth, sweep: total),
                      cx: Float(arc.center.x), cy: Float(arc.center.y))
    }

    public var isOpaque: Bool { ramp.isOpaque }
    public var startPixel: UInt32 { ramp.lut[0] }
    public var endPixel: UInt32 { ramp.lut[ramp.lut.count - 1] }
    public func color(atParameter u: Double) -> ColorF { ramp.color(at: u) }

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
            let dy = SIMD8<Float>(repeating: py - f.cy)
            let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
            let chunkStarts = lanes * 8
            let last = Float(lut.count - 1)
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
                    let edges = FastAngle.clockwiseAngle(dx, dy)
                    var steps = FastAngle.clockwiseAngle(dx + 8, dy) - edges
                    steps.replace(with: steps - 2 * Float.pi, where: steps .> Float.pi)
                    steps.replace(with: steps + 2 * Float.pi, where: steps .< -Float.pi)
                    startIndex = tableIndex(edges, last: last)
                    indexStep = tableIndex(edges + steps, last: last) - startIndex
                    // u is affine in the angle within a lap and seamless across 12 o'clock, so a chunk
                    // whose two ends agree with that slope holds no jump (no end ray, no clamp).
                    let slope = steps * (f.direction * f.inverseTotal * last)
                    let miss = indexStep - slope
                    straight = (miss .< 0.01) .& (miss .> -0.01)
                }
                let wanted = lane0..<(lane0 + n)
                if f.interpolates && straight[chunk] {
                    store(startIndex[chunk] + indexStep[chunk] * lanes * 0.125, lanes: wanted, lut: lut, into: chunkOut)
                } else {
                    // A chunk that holds a jump (an end ray, the gap): exact angles, so that the band
                    // and the gap split where the stroke's own geometry does.
                    let angles = FastAngle.clockwiseAngle(SIMD8<Float>(repeating: Float(chunkStart) + 0.5 - f.cx) + lanes, dy)
                    store(tableIndex(angles, last: last), lanes: wanted, lut: lut, into: chunkOut)
                }
                i += n
            }
        }
    }

    /// The colour table index (0 ... last, not rounded) of the latest lap at each angle; 0 in the gap
    /// of a sweep under one turn.
    @inline(__always)
    private func tableIndex(_ angles: SIMD8<Float>, last: Float) -> SIMD8<Float> {
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
        index.replace(with: 0, where: gap)
        return index
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

    /// The latest lap's colour at the point's angle (the start colour in the gap).
    public func color(atX x: Double, y: Double) -> ColorF {
        let f = frame, total = Double(f.total)
        guard total > 0 else { return ramp.color(at: 1) }
        var rel = Double(f.direction) * (atan2(x - Double(f.cx), Double(f.cy) - y) - Double(f.start))
        rel = rel.truncatingRemainder(dividingBy: 2 * Double.pi)
        if rel < 0 { rel += 2 * Double.pi }
        let lap = ((total - rel) / (2 * Double.pi)).rounded(.down)
        return ramp.color(at: lap >= 0 ? (rel + 2 * Double.pi * lap) / total : 0)
    }
}

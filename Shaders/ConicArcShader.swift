import Foundation
import RingsRaster

/// A conic gradient parametrised by arc length along an arc over any number of laps: the paint of an
/// arc fill (`DrawCommand(arc:shader:)`, whose `ArcCaps` colour the round caps).
///
/// At angle theta on lap k the parameter is u = (theta + 2 pi k) / |sweep|, from the latest lap that
/// passes the angle (later laps lie on top); angles in the gap of a sweep under one turn take u = 0.
/// The start is seamless: one lap's end meets the next lap's start in the same colour.
///
/// Fast path: on rings wide enough, the exact colour-table index (a polynomial atan, eight knots at a
/// time) at *knots* every `spacing` columns, and a 16.16 fixed-point index stepped linearly between
/// two knots, one add, shift and table load per pixel. A stretch whose two knots disagree with the
/// gradient's slope holds a jump (the end line, the gap) and takes exact angles pixel by pixel.
/// Knots sit on absolute columns, so a pixel's colour does not depend on where its run starts.
public final class ConicArcShader: ArcShader {
    public let ramp: ColorRamp
    private let frame: Frame

    /// The gradient's numbers in the Float form the per-pixel loops use.
    private struct Frame {
        let total: Float, inverseTotal: Float, direction: Float, start: Float
        /// Columns between knots (a power of two), or 0 where interpolation would show.
        let spacing: Int
        let cx: Float, cy: Float

        /// Table indices per radian along the direction of travel.
        var indicesPerRadian: Float { direction * inverseTotal * Float(ColorRamp.lutSize - 1) }
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
                      spacing: ConicArcShader.knotSpacing(innerRadius: arc.radius - arc.halfWidth, sweep: total,
                                                          levelsPerUnit: ramp.steepestSlope),
                      cx: Float(arc.center.x), cy: Float(arc.center.y))
    }

    public var isOpaque: Bool { ramp.isOpaque }
    public var startPixel: UInt32 { ramp.lut[0] }
    public var endPixel: UInt32 { ramp.lut[ramp.lut.count - 1] }
    public func color(atParameter u: Double) -> ColorF { ramp.color(at: u) }

    /// The widest knot spacing (8, 16, 32 or 64 columns; 0 for none) whose straight-line angles keep the
    /// colour within 0.1 of a level. Between knots s columns apart, a straight line is off the angle by
    /// at most s^2 / 8 times the angle's second derivative along a row, which is at most 1 / r^2 at
    /// distance r from the centre; a stretch may reach s columns into the hole, so r >= rho - s. The
    /// colour moves `levelsPerUnit` per unit of u, and u by 1 / sweep per radian.
    static func knotSpacing(innerRadius rho: Double, sweep: Double, levelsPerUnit: Double) -> Int {
        guard sweep > 0, levelsPerUnit.isFinite else { return 0 }
        var best = 0
        for s in [8.0, 16.0, 32.0, 64.0] where rho > 2 * s {
            let radians = s * s / 8 / ((rho - s) * (rho - s))
            if radians * levelsPerUnit / sweep <= 0.1 { best = Int(s) }
        }
        return best
    }

    private static let twoPi = 2 * Float.pi
    private static let inverseTwoPi = 1 / (2 * Float.pi)
    /// Knots worked out per pass over a long run.
    private static let knotsPerPass = 64

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        ramp.lut.withUnsafeBufferPointer { lut in
            let f = frame, dy = Float(y) + 0.5 - f.cy
            guard f.total > 0 else {
                out.update(repeating: lut[lut.count - 1], count: count)
                return
            }
            let s = f.spacing, dst = out - x, end = x + count
            guard s > 0 else { return exact(from: x, to: end, dy: dy, lut: lut, into: dst) }
            // Knots for one pass, then eight more for a stretch that needs finer ones (see `jump`).
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * Self.knotsPerPass + 32) { scratch in
                let angles = scratch.baseAddress!, indices = angles + Self.knotsPerPass
                let fine = Knots(angles: indices + Self.knotsPerPass, indices: indices + Self.knotsPerPass + 16)
                var first = x - x % s
                while first < end {
                    let stretches = min(Self.knotsPerPass - 1, (end - 1 - first) / s + 1)
                    let knots = Knots(angles: angles, indices: indices)
                    var k = 0
                    while k <= stretches {
                        knots.set(k, angleAt(columns: SIMD8<Float>(repeating: Float(first + k * s)) + Self.lanes * Float(s), dy: dy))
                        k += 8
                    }
                    var column = first, j = 0
                    while j < stretches {
                        let next = column &+ s
                        let lo = column < x ? x : column, hi = next > end ? end : next
                        if !interpolate(knots, j, spacing: s, column: column, lo: lo, hi: hi, lut: lut, into: dst) {
                            jump(knots, j, spacing: s, column: column, lo: lo, hi: hi, dy: dy, fine: fine, lut: lut, into: dst)
                        }
                        column = next
                        j &+= 1
                    }
                    first += stretches * s
                }
            }
        }
    }

    /// A stretch whose knots disagree (it holds the end line or the edge of the gap): knots every 8
    /// columns across it (its end knot is the one already known), so that only the 8 columns holding
    /// the jump take exact angles.
    @inline(never)
    private func jump(_ knots: Knots, _ j: Int, spacing s: Int, column: Int, lo: Int, hi: Int, dy: Float, fine: Knots,
                      lut: UnsafeBufferPointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>) {
        guard s > 8 else { return exact(from: lo, to: hi, dy: dy, lut: lut, into: dst) }
        fine.set(0, angleAt(columns: SIMD8<Float>(repeating: Float(column)) + Self.lanes * 8, dy: dy))
        fine.angles[s / 8] = knots.angles[j + 1]; fine.indices[s / 8] = knots.indices[j + 1]
        for i in 0..<(s / 8) {
            let c = column + 8 * i, l = max(c, lo), h = min(c + 8, hi)
            if l < h && !interpolate(fine, i, spacing: 8, column: c, lo: l, hi: h, lut: lut, into: dst) {
                exact(from: l, to: h, dy: dy, lut: lut, into: dst)
            }
        }
    }

    /// Lane numbers (a computed property: a stored static would be a lazy global, checked on every use).
    private static var lanes: SIMD8<Float> { SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) }

    /// Knots' exact angles and table indices, stored side by side.
    private struct Knots {
        let angles: UnsafeMutablePointer<Float>, indices: UnsafeMutablePointer<Float>

        @inline(__always)
        func set(_ k: Int, _ knot: (angle: SIMD8<Float>, index: SIMD8<Float>)) {
            UnsafeMutableRawPointer(angles + k).storeBytes(of: knot.angle, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(indices + k).storeBytes(of: knot.index, as: SIMD8<Float>.self)
        }
    }

    /// The exact angles and table indices at the centres of eight columns of row dy.
    @inline(__always)
    private func angleAt(columns: SIMD8<Float>, dy: Float) -> (angle: SIMD8<Float>, index: SIMD8<Float>) {
        let angle = FastAngle.clockwiseAngle(columns + 0.5 - frame.cx, SIMD8<Float>(repeating: dy))
        return (angle, tableIndex(angle, last: Float(ColorRamp.lutSize - 1)))
    }

    /// Fills columns lo ..< hi of the stretch between knots j and j + 1 (`column` is knot j's) by
    /// stepping the index linearly, if the two knots agree with the gradient's slope: u is affine in
    /// the angle within a lap and seamless across 12 o'clock, so such a stretch holds no jump. False,
    /// with nothing written, where they disagree.
    @inline(__always)
    private func interpolate(_ knots: Knots, _ j: Int, spacing s: Int, column: Int, lo: Int, hi: Int,
                             lut: UnsafeBufferPointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>) -> Bool {
        var turn = knots.angles[j + 1] - knots.angles[j]
        if turn > Float.pi { turn -= Self.twoPi } else if turn < -Float.pi { turn += Self.twoPi }
        let i0 = knots.indices[j], rise = knots.indices[j + 1] - i0
        let miss = rise - turn * frame.indicesPerRadian
        guard miss < 0.01 && miss > -0.01 else { return inGap(knots.angles[j], turn: turn, lo: lo, hi: hi, lut: lut, into: dst) }
        // 16.16 fixed point, rounded by the half added to the start; between two indices in
        // 0 ... last, so every step stays in the table.
        // Unsigned, so that the shifted index needs no sign extension; wrapping adds step down as well.
        let step = UInt32(bitPattern: Int32(rise * (65536 / Float(s))))
        var at = UInt32(bitPattern: Int32(i0 * 65536 + 32768)) &+ UInt32(truncatingIfNeeded: lo &- column) &* step
        let out = dst + lo, n = hi &- lo
        var p = 0
        while p &+ 4 <= n {
            out[p] = lut[Int(at >> 16)]
            out[p &+ 1] = lut[Int((at &+ step) >> 16)]
            out[p &+ 2] = lut[Int((at &+ 2 &* step) >> 16)]
            out[p &+ 3] = lut[Int((at &+ 3 &* step) >> 16)]
            at &+= 4 &* step
            p &+= 4
        }
        while p < n {
            out[p] = lut[Int(at >> 16)]
            at &+= step
            p &+= 1
        }
        return true
    }

    /// Fills columns lo ..< hi with the start colour if the whole stretch lies in the gap of a sweep
    /// under one turn (its angle runs from `angle` through `turn` without meeting either end line:
    /// a row's angle changes monotonically over a stretch, which never reaches the centre). The
    /// caps of such arcs lie there.
    @inline(__always)
    private func inGap(_ angle: Float, turn: Float, lo: Int, hi: Int,
                       lut: UnsafeBufferPointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>) -> Bool {
        let f = frame
        var from = f.direction * (angle - f.start)
        if from < 0 { from += Self.twoPi } else if from >= Self.twoPi { from -= Self.twoPi }
        let to = from + f.direction * turn
        guard from > f.total && to > f.total && to < Self.twoPi else { return false }
        (dst + lo).update(repeating: lut[0], count: hi - lo)
        return true
    }

    /// Exact angles for columns lo ..< hi, eight at a time on absolute 8-column chunks; `dst` is indexed
    /// by column. Used where the band meets its end line or the gap, and on narrow rings.
    private func exact(from lo: Int, to hi: Int, dy: Float, lut: UnsafeBufferPointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>) {
        var chunk = lo - lo % 8
        while chunk < hi {
            let index = angleAt(columns: SIMD8<Float>(repeating: Float(chunk)) + Self.lanes, dy: dy).index
            // Adding 2^23 leaves round(index) in the low mantissa bits, with no checked conversion.
            let bits = unsafeBitCast(index + 8_388_608, to: SIMD8<UInt32>.self) & 0x7F_FFFF
            for p in max(lo, chunk)..<min(hi, chunk + 8) { dst[p] = lut[Int(bits[p - chunk])] }
            chunk += 8
        }
    }

    /// The colour table index (0 ... last, not rounded) of the latest lap at each angle; 0 in the gap
    /// of a sweep under one turn.
    @inline(__always)
    private func tableIndex(_ angles: SIMD8<Float>, last: Float) -> SIMD8<Float> {
        typealias F8 = SIMD8<Float>
        let f = frame
        let twoPi = F8(repeating: Self.twoPi)
        // Angles lie in [0, 2 pi), so one wrap each way suffices.
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

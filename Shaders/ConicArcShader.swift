import Foundation
import RingsRaster

/// A conic gradient parametrised by arc length along an `ArcStroke`, over any number of laps.
///
/// At angle theta on lap k the parameter is u = (theta + 2 pi k) / |sweep|, from the latest lap that
/// passes the pixel (later laps lie on top); the start cap has u = 0 and the end cap u = 1. The angle
/// comes from a polynomial atan, eight pixels at a time, and the colour from the ramp's table. Where
/// the end cap lies over an earlier lap or over the start cap, the two colours are mixed by the cap's
/// coverage of the pixel, so the cap's edge is anti-aliased even where the shape's own coverage is 1.
/// The start is seamless: one lap's end meets the next lap's start in the same colour.
public struct ConicArcShader: Shader {
    public let arc: ArcStroke
    public let ramp: ColorRamp
    private let frame: Frame

    /// The arc's numbers in the Float form the per-pixel loops use.
    private struct Frame {
        let total: Float, inverseTotal: Float, direction: Float, start: Float
        let cx: Float, cy: Float, halfWidth: Float
        let sx: Float, sy: Float, ex: Float, ey: Float, tx: Float, ty: Float
    }

    public init(arc: ArcStroke, ramp: ColorRamp) {
        self.arc = arc
        self.ramp = ramp
        var start = arc.startAngle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if start < 0 { start += 2 * Double.pi }
        let total = abs(arc.sweep)
        let s = arc.startPoint, e = arc.endPoint, t = arc.endTangent
        frame = Frame(total: Float(total), inverseTotal: total > 0 ? Float(1 / total) : 0,
                      direction: Float(arc.direction), start: Float(start),
                      cx: Float(arc.center.x), cy: Float(arc.center.y), halfWidth: Float(arc.halfWidth),
                      sx: Float(s.x), sy: Float(s.y), ex: Float(e.x), ey: Float(e.y), tx: Float(t.x), ty: Float(t.y))
    }

    public var isOpaque: Bool { ramp.isOpaque }

    private static let twoPi = 2 * Float.pi
    private static let inverseTwoPi = 1 / (2 * Float.pi)

    /// The angle from the start radius in the direction of travel, in [0, 2 pi).
    @inline(__always)
    private func relativeAngle(_ dx: Float, _ dy: Float) -> Float {
        var rel = frame.direction * (FastAngle.atan2(dx, -dy) - frame.start)
        rel += rel < 0 ? Self.twoPi : 0
        rel += rel < 0 ? Self.twoPi : 0
        return rel >= Self.twoPi ? rel - Self.twoPi : rel
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        ramp.lut.withUnsafeBufferPointer { lut in
            let f = frame, py = Float(y) + 0.5
            let reach = f.halfWidth + 1
            guard f.total > 0 else {
                out.update(repeating: lut[lut.count - 1], count: count)
                return
            }
            // Columns near a cap that this row meets take the careful path, eight at a time.
            let endCols = abs(py - f.ey) < reach ? (f.ex - reach, f.ex + reach) : (1, -1)
            let startCols = abs(py - f.sy) < reach ? (f.sx - reach, f.sx + reach) : (1, -1)
            var i = 0
            while i < count {
                let n = min(8, count - i)
                let lo = Float(x + i), hi = lo + Float(n)
                let nearCap = (hi > endCols.0 && lo < endCols.1) || (hi > startCols.0 && lo < startCols.1)
                if nearCap {
                    shadeNearCaps(x: x + i, py: py, count: n, lut: lut, into: out + i)
                } else {
                    shadeBand(x: x + i, py: py, count: n, lut: lut, into: out + i)
                }
                i += 8
            }
        }
    }

    /// Up to eight pixels away from both caps: the latest lap's colour.
    @inline(__always)
    private func shadeBand(x: Int, py: Float, count: Int, lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        typealias F8 = SIMD8<Float>
        let f = frame
        let twoPi = F8(repeating: Self.twoPi)
        let dy = F8(repeating: py - f.cy)
        let scale = Float(lut.count - 1)
        let lanes = F8(0, 1, 2, 3, 4, 5, 6, 7)
        let dx = F8(repeating: Float(x) + 0.5 - f.cx) + lanes
        var rel = f.direction * (FastAngle.atan2(dx, -dy) - f.start)
        rel.replace(with: rel + twoPi, where: rel .< 0)
        rel.replace(with: rel + twoPi, where: rel .< 0)
        rel.replace(with: rel - twoPi, where: rel .>= twoPi)
        var laps = FastAngle.floor((f.total - rel) * Self.inverseTwoPi)
        laps.replace(with: 0, where: laps .< 0)
        var u = (rel + twoPi * laps) * f.inverseTotal
        u.replace(with: 0, where: u .< 0)
        u.replace(with: 1, where: u .> 1)
        u = u * scale + 0.5
        for lane in 0..<count { out[lane] = lut[Int(u[lane])] }
    }

    /// Pixels near a cap: one at a time, with the cap colours mixed by the caps' coverage.
    private func shadeNearCaps(x: Int, py: Float, count: Int, lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        let f = frame, w = f.halfWidth, dy = py - f.cy
        let scale = Float(lut.count - 1)
        let startColor = lut[0], endColor = lut[lut.count - 1]
        for i in 0..<count {
            let px = Float(x + i) + 0.5
            let rel = relativeAngle(px - f.cx, dy)
            let lapsBelow = FastAngle.floor((f.total - rel) * Self.inverseTwoPi)
            var color: UInt32, underWeight: Float
            if lapsBelow >= 0 {
                let u = min(max((rel + Self.twoPi * lapsBelow) * f.inverseTotal, 0), 1)
                color = lut[Int(u * scale + 0.5)]
                underWeight = 1
            } else {
                // In the gap of a sweep under one turn: only the caps can cover this pixel.
                let ox = px - f.sx, oy = py - f.sy
                color = startColor
                underWeight = min(max(w - (ox * ox + oy * oy).squareRoot() + 0.5, 0), 1)
            }
            let ox = px - f.ex, oy = py - f.ey
            if ox * f.tx + oy * f.ty > 0 {
                let capWeight = min(max(w - (ox * ox + oy * oy).squareRoot() + 0.5, 0), 1)
                if capWeight > 0 {
                    color = Self.mix(color, endColor, capWeight / (capWeight + (1 - capWeight) * underWeight))
                }
            }
            out[i] = color
        }
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

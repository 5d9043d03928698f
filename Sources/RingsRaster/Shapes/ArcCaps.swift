import FoundationEssentials
import Glibc

/// The round caps of an arc fill, resolved over the band its shader has coloured.
///
/// A shader colours each pixel by the latest lap at its centre. The caps are geometry: beyond the end
/// line, inside the end cap's half-disc, the end colour lies on top of whatever lap is below; on the
/// rim of that half-disc the two are mixed by the cap's coverage of the pixel (so the cap's edge is
/// anti-aliased even where the stroke's own coverage is 1). The few pixels where the end line crosses
/// the rim mix too many pieces for one formula and are supersampled with the exact rule, as is every
/// pixel the start or end line crosses inside a cap on an arc so short (steep) that its colour changes
/// by more than a level per pixel.
public final class ArcCaps: Sendable {
    let arc: ArcStroke
    let shader: any ArcShader
    let startPixel: UInt32, endPixel: UInt32
    /// The end point and the direction of travel there, the start's, and the half width, as Float.
    let ex: Float, ey: Float, tx: Float, ty: Float
    let sx: Float, sy: Float, stx: Float, sty: Float
    let w: Float
    let fullTurn: Bool, steep: Bool, affine: Bool
    /// The exact colours at u = 0 and u = 1 (the caps' own), asked for once.
    let startColor: ColorF, endColor: ColorF

    init(arc: ArcStroke, shader: any ArcShader) {
        self.arc = arc; self.shader = shader
        startPixel = shader.startPixel; endPixel = shader.endPixel
        ex = Float(arc.endPoint.x); ey = Float(arc.endPoint.y); tx = Float(arc.endTangent.x); ty = Float(arc.endTangent.y)
        sx = Float(arc.startPoint.x); sy = Float(arc.startPoint.y); stx = Float(arc.startTangent.x); sty = Float(arc.startTangent.y)
        w = Float(arc.halfWidth)
        fullTurn = arc.coversFullTurn
        affine = shader.isAffine
        let first = shader.color(atParameter: 0), last = shader.color(atParameter: 1)
        startColor = first; endColor = last
        let range = max(abs(last.r - first.r), abs(last.g - first.g), abs(last.b - first.b), abs(last.a - first.a))
        steep = abs(arc.sweep) * arc.radius < range
    }

    /// The exact colour at a point of the stroke (the reference path).
    func color(atX x: Double, y: Double) -> ColorF {
        shader.color(atParameter: arc.topmostParameter(x: x, y: y))
    }

    /// Rewrites the colours of row y's pixels near the caps; `colors` is indexed by column and holds the
    /// shader's colours for `columns`.
    func resolve(y: Int, columns: Range<Int>, colors: UnsafeMutablePointer<UInt32>) {
        guard arc.sweep != 0 && arc.cap == .round else { return }
        let py = Float(y) + 0.5, reach = w + 1
        var nearEnd = 0..<0
        if abs(py - ey) < reach {
            // Every rule below for the end needs the pixel within w + 0.75 of the end point: on this
            // row, the chord of that circle.
            let oy = py - ey, outer = w + 0.75
            let chord = (max(0, outer * outer - oy * oy)).squareRoot() + 0.5
            let near = clamp(columns, around: ex, reach: chord)
            var lo = near.lowerBound, hi = near.upperBound
            if abs(tx) > 1e-3 {
                // And at most 0.75 behind the end line: ox tx + oy ty > -0.75, a bound on ox.
                let edge = Double(ex + (-0.75 - oy * ty) / tx - 0.5)
                if tx > 0 { lo = max(lo, floorToInt(edge)) } else { hi = min(hi, ceilToInt(edge) + 1) }
            }
            if lo < hi {
                resolve(py: py, columns: lo..<hi, colors: colors)
                nearEnd = lo..<hi
            }
        }
        if steep && !fullTurn && abs(py - sy) < reach {
            // Pixels the start line crosses (within 0.75 of it: a bound on ox where it is not level);
            // those looked at for the end were done above.
            let near = clamp(columns, around: sx, reach: reach), oy = py - sy
            var lo = near.lowerBound, hi = near.upperBound
            if abs(stx) > 1e-3 {
                let a = (-0.75 - oy * sty) / stx, b = (0.75 - oy * sty) / stx
                lo = max(lo, floorToInt(Double(sx + min(a, b) - 0.5))); hi = min(hi, ceilToInt(Double(sx + max(a, b) - 0.5)) + 1)
            }
            for x in lo..<max(lo, hi) where !nearEnd.contains(x) {
                if crossesStart(px: Float(x) + 0.5, py: py) { colors[x] = supersampledColor(x: x, y: y, fallback: colors[x]) }
            }
        }
    }

    private func clamp(_ columns: Range<Int>, around c: Float, reach: Float) -> Range<Int> {
        let lo = max(columns.lowerBound, Int((c - reach).rounded(.down))), hi = min(columns.upperBound, Int((c + reach).rounded(.up)))
        return lo < hi ? lo..<hi : columns.lowerBound..<columns.lowerBound
    }

    /// The end cap's pixels on one row (and, on a steep arc, start-line crossings among them).
    private func resolve(py: Float, columns: Range<Int>, colors: UnsafeMutablePointer<UInt32>) {
        let inside = clearlyInside(py: py, columns: columns)
        guard !inside.isEmpty else { return resolveEach(py: py, columns: columns, colors: colors) }
        resolveEach(py: py, columns: columns.lowerBound..<inside.lowerBound, colors: colors)
        (colors + inside.lowerBound).update(repeating: endPixel, count: inside.count)
        resolveEach(py: py, columns: inside.upperBound..<columns.upperBound, colors: colors)
    }

    /// The columns of the row whose pixels lie well inside the end cap's half-disc (a pixel or more
    /// inside its circle, a quarter of one past the end line: the end colour by every rule below,
    /// with room for rounding), on an arc that is not steep; empty where there are none.
    private func clearlyInside(py: Float, columns: Range<Int>) -> Range<Int> {
        let oy = py - ey, r = w - 1
        guard !steep, r > 0, abs(oy) < r else { return 0..<0 }
        let half = (r * r - oy * oy).squareRoot()
        var lo = -half, hi = half
        // Past the end line: ox tx + oy ty >= 0.25.
        let bound = (0.25 - oy * ty) / (abs(tx) > 1e-3 ? tx : 1)
        if tx > 1e-3 { lo = max(lo, bound) } else if tx < -1e-3 { hi = min(hi, bound) } else if oy * ty < 0.25 { return 0..<0 }
        // Columns x with lo <= x + 0.5 - ex <= hi.
        let from = max(columns.lowerBound, ceilToInt(Double(ex + lo - 0.5))), to = min(columns.upperBound, floorToInt(Double(ex + hi - 0.5)) + 1)
        return from < to ? from..<to : 0..<0
    }

    /// `resolve(py:columns:colors:)` pixel by pixel.
    private func resolveEach(py: Float, columns: Range<Int>, colors: UnsafeMutablePointer<UInt32>) {
        let oy = py - ey
        let inside2 = (w - 0.5) * (w - 0.5), edge2 = (w + 0.5) * (w + 0.5)
        let inner2 = (w - 0.75) * (w - 0.75), outer2 = (w + 0.75) * (w + 0.75)
        for x in columns {
            let px = Float(x) + 0.5, ox = px - ex
            let along = ox * tx + oy * ty
            let d2 = ox * ox + oy * oy
            let nearEndLine = along > -0.75 && along < 0.75
            let crossed = (nearEndLine && (steep ? d2 < outer2 : d2 > inner2 && d2 < outer2))
                || (steep && !fullTurn && crossesStart(px: px, py: py))
            if crossed {
                colors[x] = supersampledColor(x: x, y: Int(py), fallback: along > 0 && d2 <= inside2 ? endPixel : colors[x])
            } else if along > 0 && d2 <= inside2 {
                colors[x] = endPixel
            } else if along > 0 && d2 < edge2 {
                colors[x] = capEdgeColor(px: px, py: py, band: colors[x])
            }
        }
    }

    /// Whether the start line crosses the pixel inside the start cap's reach.
    @inline(__always)
    private func crossesStart(px: Float, py: Float) -> Bool {
        let ox = px - sx, oy = py - sy
        let along = ox * stx + oy * sty
        return along > -0.75 && along < 0.75 && ox * ox + oy * oy < (w + 0.75) * (w + 0.75)
    }

    /// The exact rule (`ArcStroke.topmostParameter`) averaged over the covered points of a 4 x 4 grid.
    private func supersampledColor(x: Int, y: Int, fallback: UInt32) -> UInt32 {
        if affine {
            // The mean colour is the colour at the mean parameter: one colour worked out, not 16.
            var sum = 0.0, covered = 0.0
            arc.forEachGridParameter(x: x, y: y) { u in sum += u; covered += 1 }
            return covered > 0 ? shader.color(atParameter: sum / covered).packed.bits : fallback
        }
        var sum = ColorF.clear, covered = 0.0
        arc.forEachGridParameter(x: x, y: y) { u in
            sum = sum + (u == 1 ? endColor : u == 0 ? startColor : shader.color(atParameter: u))
            covered += 1
        }
        return covered > 0 ? (sum * (1 / covered)).packed.bits : fallback
    }

    /// A pixel on the rim of the end cap's half-disc: the end colour mixed with what lies below by the
    /// cap's coverage (the band of an earlier lap, or in the gap of a sweep under a turn the start
    /// cap, itself weighted by its own coverage).
    private func capEdgeColor(px: Float, py: Float, band: UInt32) -> UInt32 {
        let w = Double(self.w)
        /// The pixel's coverage by the disc of a cap centred at (cx, cy).
        func cap(_ cx: Float, _ cy: Float) -> Float {
            let dx = Double(px - cx), dy = Double(py - cy)
            return Float(discCoverage(radius: w, dx: dx, dy: dy, rho: (dx * dx + dy * dy).squareRoot()))
        }
        var under = band, underWeight: Float = 1
        // In the gap of a sweep under a turn: off the band's wedge (`relativeAngle` past the sweep, without an angle).
        if !fullTurn && !arc.sector.contains(dx: Double(px) - arc.center.x, dy: Double(py) - arc.center.y) {
            under = startPixel
            underWeight = cap(sx, sy)
            // Over nothing of the start cap, a pixel whose centre lies in the end cap's disc (which
            // then covers some of it) is the end colour, as below.
            let ox: Float = px - ex, oy: Float = py - ey, r: Float = self.w
            if underWeight == 0 && ox * ox + oy * oy <= r * r { return endPixel }
        }
        let capWeight = cap(ex, ey)
        guard capWeight > 0 else { return under }
        // Over nothing of the start cap the mix is the end colour itself.
        guard underWeight > 0 else { return endPixel }
        return PixelMath.mix(under, endPixel, capWeight / (capWeight + (1 - capWeight) * underWeight))
    }
}

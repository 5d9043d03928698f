import FoundationEssentials
import Glibc

/// The stroke's exact geometry, point by point: what the reference renderer and the conic
/// gradient's rule are measured against.
extension ArcStroke {
    /// Distance from a point to the centre-line arc (with butt caps, infinite off the wedge).
    public func distanceToCenterLine(x: Double, y: Double) -> Double {
        let dx = x - center.x, dy = y - center.y
        let rho = (dx * dx + dy * dy).squareRoot()
        if coversFullTurn || sector.contains(dx: dx, dy: dy) { return abs(rho - radius) }
        if cap == .butt { return .infinity }
        return min((Point(x: x, y: y) - startPoint).length, (Point(x: x, y: y) - endPoint).length)
    }

    /// The angle of a point from the start radius in the direction of travel, in [0, 2 pi).
    public func relativeAngle(x: Double, y: Double) -> Double {
        let theta = atan2(x - center.x, center.y - y)
        var rel = direction * (theta - startAngle)
        rel = remainderOfTurn(rel)
        if rel < 0 { rel += 2 * Double.pi }
        return rel
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        distanceToCenterLine(x: x, y: y) <= halfWidth ? 1 : 0
    }

    /// The arc-length parameter u in 0...1 of the path piece on top at a point of the stroke: the band of
    /// the latest lap passing the point's angle, the end cap (u = 1) beyond the end, the start cap
    /// (u = 0) behind the start. The exact rule the conic gradient shader approximates per pixel.
    public func topmostParameter(x: Double, y: Double) -> Double {
        let total = abs(sweep)
        guard total > 0 else { return 1 }
        let p = Point(x: x, y: y)
        let beyondEnd = (p - endPoint).x * endTangent.x + (p - endPoint).y * endTangent.y > 0
        if beyondEnd && (p - endPoint).length <= halfWidth { return 1 }
        let rel = relativeAngle(x: x, y: y)
        let lap = ((total - rel) / (2 * Double.pi)).rounded(.down)
        let rho = (p - center).length
        if lap >= 0 && abs(rho - radius) <= halfWidth { return (rel + 2 * Double.pi * lap) / total }
        return 0
    }

    /// `topmostParameter` at each point of pixel (x, y)'s 4 x 4 grid that the stroke covers
    /// (`coverage(atX:y:)`), handed to `body`: the same rule with one `atan2` a pixel, not one a
    /// point, each point's angle stepped from the pixel centre's to first order (off by under
    /// (0.6 / distance from the centre)^2 of a radian: 1e-5 at 200 pixels), but worked out whole
    /// within three times that of the start or the end ray, where the lap changes.
    @inline(__always)
    func forEachGridParameter(x: Int, y: Int, _ body: (Double) -> Void) {
        let total = abs(sweep), turn = 2 * Double.pi, w2 = halfWidth * halfWidth
        let cdx = Double(x) + 0.5 - center.x, cdy = Double(y) + 0.5 - center.y, c2 = cdx * cdx + cdy * cdy
        let rel0 = relativeAngle(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let near = 1 / max(c2, 1), endRel = remainderOfTurn(total)
        for j in 0..<4 {
            for i in 0..<4 {
                let ox = (Double(i) + 0.5) / 4 - 0.5, oy = (Double(j) + 0.5) / 4 - 0.5
                let dx = cdx + ox, dy = cdy + oy
                let rho = (dx * dx + dy * dy).squareRoot(), inBand = abs(rho - radius) <= halfWidth
                let ex = center.x + dx - endPoint.x, ey = center.y + dy - endPoint.y, toEnd = ex * ex + ey * ey
                // Covered: on the band within the wedge, else within a round cap's reach of an end.
                if coversFullTurn || sector.contains(dx: dx, dy: dy) {
                    guard inBand else { continue }
                } else {
                    let sx = center.x + dx - startPoint.x, sy = center.y + dy - startPoint.y
                    guard cap == .round, min(sx * sx + sy * sy, toEnd) <= w2 else { continue }
                }
                guard total > 0 else { body(1); continue }
                if ex * endTangent.x + ey * endTangent.y > 0 && toEnd <= w2 { body(1); continue }
                // The angle clockwise from 12 o'clock, atan2(dx, -dy), moves by (dx oy - dy ox) / rho^2.
                var rel = c2 > 4 ? rel0 + direction * (cdx * oy - cdy * ox) / c2 : -1
                if rel < near || rel > turn - near || abs(rel - endRel) < near {
                    rel = relativeAngle(x: center.x + dx, y: center.y + dy)
                }
                let laps = (total - rel) / turn
                let lap = Double(abs(laps) < 1e15 ? floorToIntInRange(laps) : floorToInt(laps))
                body(lap >= 0 && inBand ? (rel + turn * lap) / total : 0)
            }
        }
    }

    /// The area of the pixel centred at (x, y) inside the band's wedge: near an end radius the
    /// pixel's share of the half-plane on the band's side of it, elsewhere 0 or 1.
    func wedgeCoverage(x: Double, y: Double) -> Double {
        let dx = x - center.x, dy = y - center.y
        /// The share of the pixel on the travelled side of the radius through `point`, whose
        /// direction of travel is `tangent` (1 beyond half a pixel, or on the far side of the centre).
        func side(_ point: Point, _ tangent: Point, _ sign: Double) -> Double? {
            let radial = Point(x: point.x - center.x, y: point.y - center.y)
            guard dx * radial.x + dy * radial.y > 0 else { return nil }
            let h = sign * (dx * tangent.x + dy * tangent.y)
            return abs(h) >= 0.7072 ? nil : halfPlaneCoverage(inside: h, nx: tangent.x, ny: tangent.y)
        }
        let afterStart = side(startPoint, startTangent, 1), beforeEnd = side(endPoint, endTangent, -1)
        if afterStart == nil && beforeEnd == nil { return sector.contains(dx: dx, dy: dy) ? 1 : 0 }
        // Near one end the other side is whole (inside the band) or empty: an intersection of
        // half-planes for sweeps up to half a turn, a union beyond.
        let inside = sector.contains(dx: dx, dy: dy)
        let a = afterStart ?? (inside ? 1 : 0), b = beforeEnd ?? (inside ? 1 : 0)
        if afterStart != nil && beforeEnd != nil {
            return abs(sweep) <= Double.pi ? max(0, a + b - 1) : min(1, a + b)
        }
        return afterStart != nil ? a : b
    }

    @inline(__always)
    func capCoverage(_ dx: Double, _ dy: Double, _ w: Double, _ reach: Double) -> Double {
        let d2 = dx * dx + dy * dy
        if d2 >= reach { return 0 }
        return discCoverage(radius: w, dx: dx, dy: dy, rho: d2.squareRoot())
    }

    /// Fraction of pixel (x, y) within a half width of either end point, from 16 x 16 samples: on each
    /// row of samples, the run of those within each disc (`samples(within:...)`), counted once where
    /// the two runs overlap.
    func capUnion(x: Int, y: Int) -> Double {
        let w2 = halfWidth * halfWidth
        var inside = 0
        for j in 0..<16 {
            let sy = Double(y) + (Double(j) + 0.5) / 16
            let a = samples(within: startPoint, w2: w2, x: x, sy: sy), b = samples(within: endPoint, w2: w2, x: x, sy: sy)
            inside += a.count + b.count - max(0, min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound))
        }
        return Double(inside) / 256
    }

    /// The samples i of pixel column x on the row of samples at sy, at sx = x + (i + 1/2) / 16, that lie
    /// within the disc about `c` of squared radius `w2` ((sx - c.x)^2 + (sy - c.y)^2 <= w2): a run
    /// between the chord's ends, each end checked by that rule (a sample within rounding of an end).
    @inline(__always)
    func samples(within c: Point, w2: Double, x: Int, sy: Double) -> Range<Int> {
        let ey = (sy - c.y) * (sy - c.y)
        guard ey <= w2 else { return 0..<0 }
        let mid = 16 * (c.x - Double(x)) - 0.5, half = 16 * (w2 - ey).squareRoot()
        // Samples i with mid - half <= i <= mid + half; none where the chord misses the pixel by far.
        let from = mid - half, to = mid + half
        guard to > -1, from < 17 else { return 0..<0 }
        var lo = from <= 0 ? 0 : ceilToIntInRange(from), hi = to >= 15 ? 16 : floorToIntInRange(to) + 1
        if lo > 0 && ArcStroke.sample(lo - 1, of: x, within: c, ey: ey, w2: w2) { lo -= 1 }
        else if lo < hi && !ArcStroke.sample(lo, of: x, within: c, ey: ey, w2: w2) { lo += 1 }
        if hi < 16 && hi >= lo && ArcStroke.sample(hi, of: x, within: c, ey: ey, w2: w2) { hi += 1 }
        else if hi > lo && !ArcStroke.sample(hi - 1, of: x, within: c, ey: ey, w2: w2) { hi -= 1 }
        return lo < hi ? lo..<hi : 0..<0
    }

    /// Whether sample i of pixel column x (at x + (i + 1/2) / 16) lies within the disc about `c` of
    /// squared radius `w2`, on a row of samples `ey` squared from its centre.
    @inline(__always)
    static func sample(_ i: Int, of x: Int, within c: Point, ey: Double, w2: Double) -> Bool {
        let sx = Double(x) + (Double(i) + 0.5) / 16
        return (sx - c.x) * (sx - c.x) + ey <= w2
    }
}

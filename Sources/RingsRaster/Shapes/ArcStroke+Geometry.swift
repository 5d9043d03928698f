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
}

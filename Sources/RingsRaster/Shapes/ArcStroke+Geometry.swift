import Foundation

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
}

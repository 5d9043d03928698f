import FoundationEssentials
import Glibc

/// Exact box-filter coverage of a pixel square by a straight edge.
///
/// The pixel is the unit square around its centre; the shape is the half-plane on the inner side of a
/// line whose unit outward normal is (nx, ny) and which passes `inside` pixels beyond the centre (a
/// negative `inside` means the centre is outside). The answer is the exact covered area in 0...1.
/// For circles of radius r the curvature changes it by at most 1 / (8 r).
@inline(__always)
public func halfPlaneCoverage(inside h: Double, nx: Double, ny: Double) -> Double {
    var a = abs(nx), b = abs(ny)
    if a < b { swap(&a, &b) }
    let half = (a + b) * 0.5
    if h >= half { return 1 }
    if h <= -half { return 0 }
    let linear = (a - b) * 0.5
    if abs(h) <= linear { return 0.5 + h / a }
    let t = half - abs(h)
    let corner = t * t / (2 * a * b)
    return h > 0 ? 1 - corner : corner
}

/// Below this radius a circle bends too much inside one pixel for the half-plane model (its error
/// is up to 1 / (8 r) of a pixel), and coverage is the exact area instead.
public let exactCircleBelowRadius = 24.0

/// Coverage of a pixel whose centre is at offset (dx, dy) and distance `rho` from a circle's centre, by
/// the disc of radius `radius`: the half-plane model for large circles, the exact area for small ones.
@inline(__always)
public func discCoverage(radius: Double, dx: Double, dy: Double, rho: Double) -> Double {
    if rho >= radius + 0.7072 { return 0 }
    if rho <= radius - 0.7072 { return 1 }
    if radius < exactCircleBelowRadius { return discArea(radius: radius, minX: dx - 0.5, minY: dy - 0.5, maxX: dx + 0.5, maxY: dy + 0.5) }
    return halfPlaneCoverage(inside: radius - rho, nx: dx / rho, ny: dy / rho)
}

/// The exact area of the rectangle [minX, maxX] x [minY, maxY] (relative to the circle's centre)
/// inside the disc of radius r: the chord length integrated over x, piece by piece between the points
/// where the chord meets the rectangle's edges, each piece in closed form.
public func discArea(radius r: Double, minX x0: Double, minY y0: Double, maxX x1: Double, maxY y1: Double) -> Double {
    guard r > 0, x1 > x0, y1 > y0 else { return 0 }
    let r2 = r * r
    /// Antiderivative of sqrt(r^2 - x^2).
    func primitive(_ x: Double) -> Double {
        let c = max(-r, min(r, x))
        return 0.5 * (c * max(0, r2 - c * c).squareRoot() + r2 * asin(c / r))
    }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 8) { cuts in
        var n = 0
        func add(_ x: Double) { if x > x0 && x < x1 { cuts[n] = x; n += 1 } }
        cuts[0] = x0; cuts[1] = x1; n = 2
        add(r); add(-r)
        for y in [y0, y1] where abs(y) < r {
            let s = (r2 - y * y).squareRoot()
            add(s); add(-s)
        }
        for i in 1..<n {  // insertion sort of at most 8 values
            var j = i
            while j > 0 && cuts[j - 1] > cuts[j] { cuts.swapAt(j - 1, j); j -= 1 }
        }
        var area = 0.0
        for i in 0..<(n - 1) {
            let a = cuts[i], b = cuts[i + 1]
            guard b > a else { continue }
            let m = (a + b) / 2
            guard m * m < r2 else { continue }
            let h = (r2 - m * m).squareRoot()
            let topIsCurve = h < y1, bottomIsCurve = -h > y0
            if (topIsCurve ? h : y1) <= (bottomIsCurve ? -h : y0) { continue }
            let curve = primitive(b) - primitive(a)
            area += (topIsCurve ? curve : y1 * (b - a)) - (bottomIsCurve ? -curve : y0 * (b - a))
        }
        return max(0, area)
    }
}

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

/// Coverage of a pixel whose centre is at offset (dx, dy) and distance `rho` from a circle's centre, by
/// the disc of radius `radius`.
@inline(__always)
public func discCoverage(radius: Double, dx: Double, dy: Double, rho: Double) -> Double {
    if rho < 1e-9 { return radius >= 0.7072 ? 1 : min(1, Double.pi * radius * radius) }
    return halfPlaneCoverage(inside: radius - rho, nx: dx / rho, ny: dy / rho)
}

import Foundation

/// A disc convolved with a Gaussian: the soft shape of a drop shadow.
///
/// Its coverage at distance rho from the centre is the chance that a Gaussian sample centred there
/// falls in the disc. That radial profile depends only on radius / sigma, so it is tabulated once per
/// ratio and shared.
public struct BlurredDisc: Shape {
    public var center: Point
    public var radius: Double
    public var sigma: Double
    let profile: BlurProfile

    public init(center: Point, radius: Double, sigma: Double) {
        self.center = center
        self.radius = max(0, radius)
        self.sigma = max(sigma, 1e-6)
        profile = BlurProfile.shared(radius: self.radius, sigma: self.sigma)
    }

    public var bounds: IntRect {
        let reach = profile.reach
        return IntRect(enclosingMinX: center.x - reach, minY: center.y - reach, maxX: center.x + reach, maxY: center.y + reach)
    }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        let reach = profile.reach
        for y in area.minY..<area.maxY {
            let dy = Double(y) + 0.5 - center.y
            if abs(dy) >= reach { continue }
            let half = (reach * reach - dy * dy).squareRoot()
            let x0 = max(area.minX, Int((center.x - half).rounded(.down)))
            let x1 = min(area.maxX, Int((center.x + half).rounded(.up)))
            guard x0 < x1 else { continue }
            for x in x0..<x1 {
                let dx = Double(x) + 0.5 - center.x
                coverageRow[x] = Float(profile.value(atDistance: (dx * dx + dy * dy).squareRoot()))
            }
            body(y, x0, x1 - x0, coverageRow + x0)
        }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        profile.value(atDistance: (Point(x: x, y: y) - center).length)
    }
}

/// The radial profile of a Gaussian-blurred disc, tabulated in units of sigma.
final class BlurProfile: @unchecked Sendable {
    let radius: Double, sigma: Double
    /// Beyond this distance the profile is below 1/1000 of a level.
    let reach: Double
    private let table: [Double]
    private let step: Double

    private init(radius: Double, sigma: Double) {
        self.radius = radius
        self.sigma = sigma
        let reach = radius + 5 * sigma, count = 2048
        self.reach = reach
        step = reach / Double(count - 1)
        table = (0..<count).map { BlurProfile.exact(distance: Double($0) * reach / Double(count - 1), radius: radius, sigma: sigma) }
    }

    /// Linear interpolation in the table.
    @inline(__always)
    func value(atDistance d: Double) -> Double {
        let f = d / step
        guard f < Double(table.count - 1) else { return 0 }
        let i = Int(f), t = f - Double(i)
        return table[i] + (table[i + 1] - table[i]) * t
    }

    /// P(|N((d, 0), sigma^2 I)| <= radius), by Simpson's rule over x = radius sin(phi), which takes the
    /// square-root corners out of the integrand.
    static func exact(distance d: Double, radius: Double, sigma: Double) -> Double {
        guard radius > 0 else { return 0 }
        let n = 256
        let h = Double.pi / Double(n)
        var sum = 0.0
        for k in 0...n {
            let phi = -Double.pi / 2 + Double(k) * h
            let x = radius * sin(phi), half = radius * cos(phi)
            let g = exp(-(x - d) * (x - d) / (2 * sigma * sigma)) / (sigma * (2 * Double.pi).squareRoot())
            let value = g * erf(half / (sigma * 2.0.squareRoot())) * half
            sum += value * (k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2))
        }
        return min(1, max(0, sum * h / 3))
    }

    private static let cache = Mutex<[Key: BlurProfile]>([:])
    private struct Key: Hashable { let radius: Double, sigma: Double }

    /// One table per (radius, sigma), kept for the life of the process (a handful at most in practice).
    static func shared(radius: Double, sigma: Double) -> BlurProfile {
        let key = Key(radius: radius, sigma: sigma)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let made = BlurProfile(radius: radius, sigma: sigma)
        cache.withLock { table in
            if table.count > 64 { table.removeAll() }
            table[key] = made
        }
        return made
    }
}

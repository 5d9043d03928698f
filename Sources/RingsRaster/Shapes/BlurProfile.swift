import Foundation

/// The radial profile of a Gaussian-blurred disc, tabulated in units of sigma.
final class BlurProfile: @unchecked Sendable {
    let radius: Double, sigma: Double
    /// Beyond this distance the profile is below 1/1000 of a level.
    let reach: Double
    /// Beyond this distance the profile is under 1/510: a coverage that rounds to 0 of 255, which
    /// leaves every pixel as it was.
    let visibleReach: Double
    private let table: [Double]
    private let step: Double

    private init(radius: Double, sigma: Double) {
        self.radius = radius
        self.sigma = sigma
        let reach = radius + 5 * sigma, count = 2048
        self.reach = reach
        step = reach / Double(count - 1)
        let integrand = Integrand(radius: radius, sigma: sigma)
        table = (0..<count).map { integrand.value(atDistance: Double($0) * reach / Double(count - 1)) }
        // The profile falls with distance; interpolation between two entries under 1/510 stays under it.
        let lastVisible = table.lastIndex { $0 >= 1 / 510 } ?? -1
        visibleReach = min(reach, Double(lastVisible + 1) * step)
    }

    /// Linear interpolation in the table.
    @inline(__always)
    func value(atDistance d: Double) -> Double {
        let f = d / step
        guard f < Double(table.count - 1) else { return 0 }
        let i = Int(f), t = f - Double(i)
        return table[i] + (table[i + 1] - table[i]) * t
    }

    /// P(|N((d, 0), sigma^2 I)| <= radius) for one disc, by Simpson's rule over x = radius sin(phi),
    /// which takes the square-root corners out of the integrand. What does not depend on the distance
    /// is worked out once (the sample points, their half chords and the error function there): a
    /// table of 2048 entries then costs an exponential per term, not four calls into the maths library.
    private struct Integrand {
        static let n = 256
        let radius: Double, sigma: Double, h: Double
        let x: [Double], half: [Double], spread: [Double]

        init(radius: Double, sigma: Double) {
            self.radius = radius; self.sigma = sigma
            let h = Double.pi / Double(Integrand.n)
            self.h = h
            let phis = (0...Integrand.n).map { -Double.pi / 2 + Double($0) * h }
            x = phis.map { radius * sin($0) }
            half = phis.map { radius * cos($0) }
            spread = half.map { erf($0 / (sigma * 2.0.squareRoot())) }
        }

        func value(atDistance d: Double) -> Double {
            guard radius > 0 else { return 0 }
            let n = Integrand.n
            var sum = 0.0
            for k in 0...n {
                let g = exp(-(x[k] - d) * (x[k] - d) / (2 * sigma * sigma)) / (sigma * (2 * Double.pi).squareRoot())
                let value = g * spread[k] * half[k]
                sum += value * (k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2))
            }
            return min(1, max(0, sum * h / 3))
        }
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

import FoundationEssentials
import Glibc
import RingsBase

/// The radial profile of a Gaussian-blurred disc, tabulated in units of sigma.
final class BlurProfile: @unchecked Sendable {
    let radius: Double, sigma: Double
    /// Beyond this distance the profile is below 1/1000 of a level.
    let reach: Double
    /// Beyond this distance the profile is under 1/510: a coverage that rounds to 0 of 255, which
    /// leaves every pixel as it was.
    let visibleReach: Double
    /// The table, in memory of its own (written once, here): read without a bounds check or a
    /// reference to count, for every pixel of a shadow.
    nonisolated(unsafe) private let table: UnsafeMutableBufferPointer<Double>
    private let step: Double, last: Double

    private init(radius: Double, sigma: Double) {
        self.radius = radius
        self.sigma = sigma
        let reach = radius + 5 * sigma, count = 2048
        self.reach = reach
        step = reach / Double(count - 1)
        let values = Integrand(radius: radius, sigma: sigma).values(count: count, step: step)
        table = .allocate(capacity: count)
        _ = table.initialize(from: values)
        last = Double(count - 1)
        // The profile falls with distance; interpolation between two entries under 1/510 stays under it.
        let lastVisible = values.lastIndex { $0 >= 1 / 510 } ?? -1
        visibleReach = min(reach, Double(lastVisible + 1) * step)
    }

    deinit { table.deallocate() }

    /// Linear interpolation in the table (0 at and past its last entry; `d` is a distance, not negative).
    @inline(__always)
    func value(atDistance d: Double) -> Double {
        let f = d / step
        guard f < last else { return 0 }
        let i = floorToIntInRange(f), t = f - Double(i)
        let base = table.baseAddress! + i
        return base[0] + (base[1] - base[0]) * t
    }

    /// `value(atDistance:)` at four distances, a lane each: the same sums (an entry past the table's
    /// end is not read).
    @inline(__always)
    func values(atDistances d: SIMD4<Double>) -> SIMD4<Double> {
        let f = d / step
        let within = f .< last
        // The entry at or below each (the first where past the table).
        let (whole, index) = floorToIntInRange(f.replacing(with: 0, where: .!within))
        let t = f - whole
        let base = table.baseAddress!
        let i0 = Int(truncatingIfNeeded: index[0]), i1 = Int(truncatingIfNeeded: index[1])
        let i2 = Int(truncatingIfNeeded: index[2]), i3 = Int(truncatingIfNeeded: index[3])
        let low = SIMD4(base[i0], base[i1], base[i2], base[i3]), high = SIMD4(base[i0 + 1], base[i1 + 1], base[i2 + 1], base[i3 + 1])
        return (low + (high - low) * t).replacing(with: 0, where: .!within)
    }

    /// P(|N((d, 0), sigma^2 I)| <= radius) for one disc, by Simpson's rule over x = radius sin(phi),
    /// which takes the square-root corners out of the integrand. What does not depend on the distance
    /// is worked out once (the sample points, their half chords and the error function there), and
    /// a table's Gaussian terms by their ratios from one distance to the next (`values`).
    struct Integrand {
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

        /// `value(atDistance:)` at the distances 0, step, 2 step, ... (`count` of them): each sample
        /// point's Gaussian exp(-(x - d)^2 / 2 sigma^2) is worked out once, at the distance nearest x,
        /// and stepped outwards from there by its ratio to the next, itself a constant times the last
        /// (falling, so nothing overflows; rounding grows by a few parts in 10^13 over a table): two
        /// multiplications a term where `value` takes an exponential. The table of a tip's shadow was a
        /// dropped frame (43 M instructions), now 6.5 M.
        func values(count: Int, step: Double) -> [Double] {
            guard radius > 0, count > 0 else { return [Double](repeating: 0, count: max(0, count)) }
            let n = Integrand.n, twoVariance = 2 * sigma * sigma, norm = 1 / (sigma * (2 * Double.pi).squareRoot())
            // Each ratio is the one before times exp(-2 step^2 / 2 sigma^2).
            let q = exp(-2 * step * step / twoVariance)
            var sums = [Double](repeating: 0, count: count)
            sums.withUnsafeMutableBufferPointer { sums in
                for k in 0...n {
                    let weight = (k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2)) * spread[k] * half[k] * norm
                    guard weight != 0 else { continue }
                    let center = min(max(Int((x[k] / step).rounded()), 0), count - 1), offset = Double(center) * step - x[k]
                    let peak = exp(-offset * offset / twoVariance)
                    // Up: from d to d + step the exponent falls by (2 (d - x) step + step^2) / 2 sigma^2.
                    var term = peak, ratio = exp(-(2 * offset * step + step * step) / twoVariance), i = center
                    while i < count && term > 0 {
                        sums[i] += weight * term
                        term *= ratio; ratio *= q; i += 1
                    }
                    // Down: from d to d - step it falls by (step^2 - 2 (d - x) step) / 2 sigma^2.
                    ratio = exp((2 * offset * step - step * step) / twoVariance)
                    term = peak * ratio; ratio *= q; i = center - 1
                    while i >= 0 && term > 0 {
                        sums[i] += weight * term
                        term *= ratio; ratio *= q; i -= 1
                    }
                }
            }
            return sums.map { min(1, max(0, $0 * h / 3)) }
        }

        /// The rule at one distance, each term's exponential worked out whole: what `values` is held to.
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

import Testing
@testable import RingsRaster

/// A blurred disc's table (`BlurProfile`), made by stepping each Gaussian term from one distance to
/// the next, against the same rule worked out whole at each distance: a tip's shadow, small and
/// large blurs, a blur far wider than its disc and one far narrower.
struct BlurProfileTests {
    @Test(arguments: [(43.2, 8.64), (9.0, 2.0), (12.0, 0.5), (30.0, 40.0), (4.0, 0.05)])
    func theSteppedTableIsTheRuleAtEachDistance(radius: Double, sigma: Double) {
        let integrand = BlurProfile.Integrand(radius: radius, sigma: sigma)
        let count = 2048, step = (radius + 5 * sigma) / Double(count - 1)
        let table = integrand.values(count: count, step: step)
        #expect(table.count == count)
        var worst = 0.0
        for i in stride(from: 0, to: count, by: 7) {
            worst = max(worst, abs(table[i] - integrand.value(atDistance: Double(i) * step)))
        }
        #expect(worst < 1e-9, "radius \(radius), sigma \(sigma): off by \(worst)")
        // Over its edge, a disc much wider than its blur is half there; nothing is left five sigma past it.
        if radius > 4 * sigma { #expect(abs(table[Int((radius / step).rounded())] - 0.5) < 0.1) }
        #expect(table[count - 1] < 1e-3)
    }
}

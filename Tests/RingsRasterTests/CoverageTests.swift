import Foundation
import Testing
@testable import RingsRaster
import TestSupport

@Suite struct CoverageTests {
    /// Area of the unit square around the origin with n . q <= h, by a 400 x 400 midpoint grid.
    func bruteForceArea(h: Double, nx: Double, ny: Double) -> Double {
        let n = 400
        var inside = 0
        for j in 0..<n {
            for i in 0..<n {
                let qx = (Double(i) + 0.5) / Double(n) - 0.5, qy = (Double(j) + 0.5) / Double(n) - 0.5
                if nx * qx + ny * qy <= h { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    @Test func halfPlaneCoverageIsTheExactArea() {
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<60 {
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &rng)
            let h = Double.random(in: -0.8...0.8, using: &rng)
            let exact = bruteForceArea(h: h, nx: cos(angle), ny: sin(angle))
            #expect(abs(halfPlaneCoverage(inside: h, nx: cos(angle), ny: sin(angle)) - exact) < 0.004)
        }
    }

    /// The shortcuts the tight loops take give what the checked conversion and libm's fmod give.
    @Test func theRoundingAndTurnShortcutsGiveTheSameBits() {
        var rng = SeededGenerator(seed: 29)
        let edges: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 2.5, -2.5, 1e-12, -1e-12, 4095.999999, -4095.000001, 1_000_000.5]
        let randoms = (0..<2000).map { _ in Double.random(in: -5000...5000, using: &rng) }
        let all = edges + randoms + randoms.map({ $0.rounded() })
        for x in all {
            #expect(ceilToIntInRange(x) == ceilToInt(x), "ceil of \(x)")
            #expect(floorToIntInRange(x) == floorToInt(x), "floor of \(x)")
        }
        // The same in lanes: two at a time rounded up, four at a time down (as numbers and as indices).
        for k in stride(from: 0, to: all.count - 3, by: 4) {
            let (a, b) = ceilToIntInRange(SIMD2(all[k], all[k + 1]))
            #expect(a == ceilToInt(all[k]) && b == ceilToInt(all[k + 1]), "ceil of \(all[k]), \(all[k + 1])")
            let (values, indices) = floorToIntInRange(SIMD4(all[k], all[k + 1], all[k + 2], all[k + 3]))
            for lane in 0..<4 {
                #expect(values[lane] == Double(floorToInt(all[k + lane])) && indices[lane] == Int64(floorToInt(all[k + lane])), "floor of \(all[k + lane])")
            }
        }
        let turn = 2 * Double.pi
        let angles: [Double] = [0, -0.0, turn, -turn, turn.nextDown, (-turn).nextUp, turn.nextUp, Double.pi, 3 * turn + 0.1, -7.5]
        for a in angles + randoms.map({ $0 / 500 }) {
            #expect(remainderOfTurn(a).bitPattern == a.truncatingRemainder(dividingBy: turn).bitPattern, "remainder of \(a)")
        }
    }

    /// A pixel's grid of exact parameters, its angles stepped from the centre's (`forEachGridParameter`),
    /// gives the points `coverage(atX:y:)` covers and `topmostParameter`'s values at them: around both
    /// ends of short and long arcs, laps, either way round, a seam at 9 o'clock, a small ring.
    @Test func aPixelsGridOfParametersFollowsTheExactRule() {
        let arcs = [(212.0, 0.3), (212, 0.75), (212, 1.35), (212, -0.6), (160, 2.2), (24, 0.8)].map { radius, turns in
            ArcStroke(center: Point(x: 400.3, y: 300.5), radius: radius, thickness: radius * 0.4, startAngle: 0, sweep: turns * 2 * Double.pi)
        }
        var points = 0, worst = 0.0
        for arc in arcs {
            for end in [arc.startPoint, arc.endPoint] {
                let reach = arc.halfWidth + 2
                for y in Int(end.y - reach)...Int(end.y + reach) {
                    for x in Int(end.x - reach)...Int(end.x + reach) {
                        var exact: [Double] = []
                        for j in 0..<4 {
                            for i in 0..<4 {
                                let sx = Double(x) + (Double(i) + 0.5) / 4, sy = Double(y) + (Double(j) + 0.5) / 4
                                if arc.coverage(atX: sx, y: sy) > 0 { exact.append(arc.topmostParameter(x: sx, y: sy)) }
                            }
                        }
                        var grid: [Double] = []
                        arc.forEachGridParameter(x: x, y: y) { grid.append($0) }
                        #expect(grid.count == exact.count, "pixel (\(x), \(y)) of \(arc.sweep)")
                        for (a, b) in zip(grid, exact) { worst = max(worst, abs(a - b)) }
                        points += exact.count
                    }
                }
            }
        }
        #expect(points > 50_000)
        // Under a hundredth of a level of colour on the 24-pixel ring, far less on the others.
        #expect(worst < 1e-4, "parameters \(worst) apart")
    }

    @Test func axisAlignedEdgesAreLinear() {
        #expect(halfPlaneCoverage(inside: 0.25, nx: 1, ny: 0) == 0.75)
        #expect(halfPlaneCoverage(inside: -0.5, nx: 0, ny: 1) == 0)
        #expect(halfPlaneCoverage(inside: 0.5, nx: 0, ny: -1) == 1)
    }

    @Test func pixmapSubviewsShareAndClipPixels() {
        let frame = Pixmap(width: 10, height: 6)
        frame.fill(.opaqueBlack)
        let view = frame.subview(IntRect(x: 7, y: 4, width: 10, height: 10))
        #expect(view.width == 3 && view.height == 2)
        view.fill(PackedPixel(r: 255, g: 0, b: 0, a: 255))
        #expect(frame[7, 4] == PackedPixel(r: 255, g: 0, b: 0, a: 255))
        #expect(frame[6, 4] == .opaqueBlack)
        #expect(frame[9, 5] == PackedPixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func sectorPiecesAgreeWithThePerPixelTest() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            let sector = Sector(center: Point(x: Double.random(in: 10...30, using: &rng), y: Double.random(in: 10...30, using: &rng)),
                                start: Double.random(in: -7...7, using: &rng), sweep: Double.random(in: 0..<(2 * Double.pi), using: &rng))
            for y in 0..<40 {
                var covered = 0
                sector.forEachPiece(y: y, x0: 0, count: 40) { x, n, inside in
                    #expect(x == covered, "pieces in order, without a gap")
                    covered += n
                    for i in 0..<n { #expect(sector.contains(x: x + i, y: y) == inside) }
                }
                #expect(covered == 40, "the pieces tile the row")
            }
        }
    }

    /// Where both round caps cut a pixel (an arc just short of a full turn or just past one), their
    /// union's share is counted on the 16 x 16 grid row by row from each disc's chord: the same count
    /// as testing every sample, with chords ending exactly on samples among them.
    @Test func theCapsUnionCountsTheSamplesOfEitherDisc() {
        func bruteForce(_ arc: ArcStroke, x: Int, y: Int) -> Double {
            let w2 = arc.halfWidth * arc.halfWidth
            var inside = 0
            for j in 0..<16 {
                let sy = Double(y) + (Double(j) + 0.5) / 16
                for i in 0..<16 {
                    let sx = Double(x) + (Double(i) + 0.5) / 16
                    let da = (sx - arc.startPoint.x) * (sx - arc.startPoint.x) + (sy - arc.startPoint.y) * (sy - arc.startPoint.y)
                    let db = (sx - arc.endPoint.x) * (sx - arc.endPoint.x) + (sy - arc.endPoint.y) * (sy - arc.endPoint.y)
                    if da <= w2 || db <= w2 { inside += 1 }
                }
            }
            return Double(inside) / 256
        }
        // Centres and widths on the sample grid put chord ends exactly on samples (a half width of 4 from
        // a centre at a 32nd), beside general ones.
        let arcs = [0.97, 0.995, 1.0, 1.004, 1.03].flatMap { turns in
            [ArcStroke(center: Point(x: 60.03125, y: 60.03125), radius: 40, thickness: 8, startAngle: 0, sweep: 2 * Double.pi * turns),
             ArcStroke(center: Point(x: 60.03125, y: 59.5), radius: 41.3, thickness: 13.7, startAngle: 0, sweep: -2 * Double.pi * turns)]
        }
        var compared = 0
        for arc in arcs {
            let reach = arc.halfWidth + 1
            for y in Int(arc.startPoint.y - reach)...Int(arc.startPoint.y + reach) {
                for x in Int(min(arc.startPoint.x, arc.endPoint.x) - reach)...Int(max(arc.startPoint.x, arc.endPoint.x) + reach) {
                    #expect(arc.capUnion(x: x, y: y) == bruteForce(arc, x: x, y: y), "pixel (\(x), \(y)) of a sweep of \(arc.sweep)")
                    compared += 1
                }
            }
        }
        #expect(compared > 2000)
    }
}

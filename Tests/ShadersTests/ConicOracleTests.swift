import Foundation
import RingsRaster
import Shaders
import Testing

/// The conic gradient's fast path held to a formula written here, independent of the shader's own
/// exact rule (`color(atX:)` shares `ConicRays.parameter` with the fast path, so agreeing with it
/// proves nothing about that function).
///
/// The conventions, read from `ConicArcShader`, `ArcStroke` and `Point.onCircle`: angles are measured
/// from 12 o'clock, clockwise on screen (y grows downwards), so a point at angle a lies at
/// (cx + r sin a, cy - r cos a); a positive sweep runs clockwise. The parameter u is the distance
/// travelled along the arc from its start, over the whole sweep, on the latest lap that reaches the
/// pixel's angle (later laps lie on top); an angle no lap reaches (the gap of a sweep under a turn)
/// takes u = 0. The colour is the stops' linear interpolation at u, the first stop's colour before
/// it and the last's after it.
@Suite struct ConicOracleTests {
    /// u at the point (px, py) for a gradient centred at (cx, cy) starting at `start` with `sweep`.
    static func parameter(px: Double, py: Double, cx: Double, cy: Double, start: Double, sweep: Double) -> Double {
        let turn = 2 * Double.pi
        // The point's angle clockwise from 12 o'clock: atan2 of its offset (x right, up on screen).
        let angle = atan2(px - cx, -(py - cy))
        // How far along the arc's direction from the start the angle lies, in [0, one turn).
        var along = (sweep < 0 ? -1.0 : 1.0) * (angle - start)
        along = along.truncatingRemainder(dividingBy: turn)
        if along < 0 { along += turn }
        let total = abs(sweep)
        guard along <= total else { return 0 }
        // The latest lap reaching the angle: as many whole turns past it as still fit in the sweep.
        var travelled = along
        while travelled + turn <= total { travelled += turn }
        return travelled / total
    }

    /// The stops' colour at u, channel by channel, before rounding: straight linear interpolation.
    static func color(_ stops: [(at: Double, color: RGB8)], _ u: Double) -> [Double] {
        func channels(_ c: RGB8) -> [Double] { [Double(c.r), Double(c.g), Double(c.b)] }
        guard u > stops[0].at else { return channels(stops[0].color) }
        for (a, b) in zip(stops, stops.dropFirst()) where u <= b.at {
            let t = (u - a.at) / (b.at - a.at)
            return zip(channels(a.color), channels(b.color)).map { $0 + ($1 - $0) * t }
        }
        return channels(stops[stops.count - 1].color)
    }

    /// The formula's conventions, on points whose answer is plain.
    @Test func theFormulaReadsTheConventions() {
        let half = Double.pi
        // Clockwise half turn from 12 o'clock: 3 o'clock half way, 9 o'clock in the gap.
        #expect(abs(Self.parameter(px: 150, py: 100, cx: 100, cy: 100, start: 0, sweep: half) - 0.5) < 1e-12)
        #expect(Self.parameter(px: 50, py: 100, cx: 100, cy: 100, start: 0, sweep: half) == 0)
        // Counter-clockwise: 9 o'clock half way.
        #expect(abs(Self.parameter(px: 50, py: 100, cx: 100, cy: 100, start: 0, sweep: -half) - 0.5) < 1e-12)
        // Starting at 3 o'clock, 1.5 turns: 6 o'clock lies on the second lap, (1.25 turns) / (1.5 turns) along.
        #expect(abs(Self.parameter(px: 100, py: 150, cx: 100, cy: 100, start: half / 2, sweep: 3 * half) - 2.5 / 3) < 1e-12)
        let quarter = Self.color([(0, RGB8(0, 0, 0)), (1, RGB8(200, 100, 50))], 0.25)
        #expect(quarter == [50, 25, 12.5])
    }

    /// Every pixel of a 200 x 200 frame, shaded in runs cut at odd columns, is within one level (per
    /// channel) of the formula's colour before rounding: half a level for rounding to 8 bits, and under
    /// half a level for the 1024-entry table the fast path looks colours up in (u moves by at most
    /// 1/2046 from its entry; the steepest stretch here, blue from 30 to 255 over 0.25 of u, changes
    /// by 0.44 level in that). Left out: pixels within 0.05 px of the end line (where u jumps from 1
    /// to the gap or the lap below, so either side is right) and within a pixel of the centre.
    @Test(arguments: [(0.0, 0.48), (0.4, -0.93), (5.5, 2.3), (-1.0, -1.6), (0.0, 1.0 - 1e-3), (2.0, 0.07)])
    func fastPathMatchesAnIndependentFormula(start: Double, laps: Double) {
        let stops: [(at: Double, color: RGB8)] = [(0.1, RGB8(10, 0, 40)), (0.4, RGB8(255, 40, 0)), (0.75, RGB8(90, 200, 30)),
                                                  (1, RGB8(20, 255, 255))]
        let ramp = ColorRamp(stops: stops.map { ColorRamp.Stop($0.at, $0.color.opaque) })
        let center = Point(x: 100.3, y: 99.5), sweep = 2 * Double.pi * laps
        let shader = ConicArcShader(arc: ArcStroke(center: center, radius: 60, thickness: 20, startAngle: start, sweep: sweep), ramp: ramp)
        let width = 200, turn = 2 * Double.pi, direction = sweep < 0 ? -1.0 : 1.0
        let endAlong = abs(sweep).truncatingRemainder(dividingBy: turn)
        var row = [UInt32](repeating: 0, count: width), worst = 0.0, checked = 0, highest = 0.0
        var wrong: [String] = [], wrongCount = 0
        for y in 0..<200 {
            let split = 3 + (y * 37) % 190
            row.withUnsafeMutableBufferPointer { out in
                shader.shade(x: 0, y: y, count: split, into: out.baseAddress!)
                shader.shade(x: split, y: y, count: width - split, into: out.baseAddress! + split)
            }
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let rho = ((px - center.x) * (px - center.x) + (py - center.y) * (py - center.y)).squareRoot()
                guard rho > 1 else { continue }
                // The angle between the pixel and the end line, round the circle either way.
                let angle = atan2(px - center.x, -(py - center.y))
                var along = (direction * (angle - start)).truncatingRemainder(dividingBy: turn)
                if along < 0 { along += turn }
                let fromEnd = min(abs(along - endAlong), turn - abs(along - endAlong))
                guard fromEnd * rho > 0.05 else { continue }
                let u = Self.parameter(px: px, py: py, cx: center.x, cy: center.y, start: start, sweep: sweep)
                let expected = Self.color(stops, u), got = PackedPixel(bits: row[x])
                let off = zip([Double(got.r), Double(got.g), Double(got.b)], expected).map { abs($0 - $1) }.max()!
                worst = max(worst, off)
                if off > 1 {
                    wrongCount += 1
                    if wrong.count < 5 { wrong.append("(\(x), \(y)): \(got) against \(expected) at u = \(u)") }
                }
                checked += 1
                highest = max(highest, u)
            }
        }
        #expect(wrongCount == 0, "\(wrongCount) pixels more than a level off (worst \(worst)), first \(wrong)")
        #expect(checked > 35_000 && highest > 0.97, "\(checked) pixels checked, u up to \(highest), worst \(worst)")
    }
}

import Foundation
import RingsRaster
@testable import Shaders
import Testing

@Suite struct ShaderTests {
    let dark = RGB8(39, 174, 96), light = RGB8(46, 204, 113)

    func shade(_ shader: some Shader, x: Int, y: Int) -> PackedPixel {
        var out: UInt32 = 0
        shader.shade(x: x, y: y, count: 1, into: &out)
        return PackedPixel(bits: out)
    }

    func distance(_ a: PackedPixel, _ b: PackedPixel) -> Int {
        [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b)].map(abs).max()!
    }

    /// The largest difference from the exact rule over the band's pixels of `rows`, each row shaded as
    /// two runs cut at `cut(y)`, and how many pixels were compared. The band's pixels include the caps
    /// (there the shader gives the lap below, as its exact rule does), but not those whose centre lies
    /// on the start or end line, where a pixel may fall either side.
    func bandError(_ shader: ConicArcShader, _ arc: ArcStroke, rows: Range<Int>, width: Int, cut: (Int) -> Int) -> (worst: Int, checked: Int) {
        var row = [UInt32](repeating: 0, count: width), worst = 0, checked = 0
        let end = abs(arc.sweep).truncatingRemainder(dividingBy: 2 * Double.pi)
        for y in rows {
            let split = cut(y)
            row.withUnsafeMutableBufferPointer { out in
                shader.shade(x: 0, y: y, count: split, into: out.baseAddress!)
                shader.shade(x: split, y: y, count: width - split, into: out.baseAddress! + split)
            }
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let rho = ((px - arc.center.x) * (px - arc.center.x) + (py - arc.center.y) * (py - arc.center.y)).squareRoot()
                let rel = arc.relativeAngle(x: px, y: py)
                guard abs(rho - arc.radius) < arc.thickness / 2, min(rel, 2 * Double.pi - rel, abs(rel - end)) * rho > 0.05 else { continue }
                worst = max(worst, distance(PackedPixel(bits: row[x]), shader.color(atX: px, y: py).packed))
                checked += 1
            }
        }
        return (worst, checked)
    }

    @Test func rampTableMatchesTheExactRamp() {
        let ramp = ColorRamp(from: dark.opaque, to: light.opaque)
        for t in stride(from: 0.0, through: 1.0, by: 0.01) {
            let exact = ramp.color(at: t).packed
            #expect(distance(PackedPixel(bits: ramp.packed(at: Float(t))), exact) <= 1)
        }
    }

    @Test func conicGradientHasNoSeamAtTwelveOClock() {
        // 1.35 laps: just left and right of 12 o'clock both show u = 1 / 1.35.
        let arc = ArcStroke(center: Point(x: 100, y: 100), radius: 60, thickness: 16, startAngle: 0, sweep: 2 * Double.pi * 1.35)
        let shader = ConicArcShader(arc: arc, ramp: ColorRamp(from: dark.opaque, to: light.opaque))
        let expected = ColorRamp(from: dark.opaque, to: light.opaque).color(at: 1 / 1.35).packed
        for y in 35..<48 {
            #expect(distance(shade(shader, x: 99, y: y), expected) <= 1)
            #expect(distance(shade(shader, x: 100, y: y), expected) <= 1)
        }
    }

    @Test func theGapIsTheStartColorAndHalfWayIsHalfWay() {
        let arc = ArcStroke(center: Point(x: 100, y: 100), radius: 60, thickness: 20, startAngle: 0, sweep: 2 * Double.pi * 0.5)
        let shader = ConicArcShader(arc: arc, ramp: ColorRamp(from: dark.opaque, to: light.opaque))
        // Behind the start (left of 12 o'clock) and beyond the end (left of 6 o'clock) lie in the gap:
        // the shader knows no caps (the arc fill's `ArcCaps` colour the end cap).
        #expect(distance(shade(shader, x: 94, y: 40), dark.opaque.packed) == 0)
        #expect(distance(shade(shader, x: 94, y: 159), dark.opaque.packed) == 0)
        // Half way round, 3 o'clock, u = 0.5.
        #expect(distance(shade(shader, x: 159, y: 99), ColorRamp(from: dark.opaque, to: light.opaque).color(at: 0.5).packed) <= 1)
    }

    @Test func counterClockwiseArcsMirror() {
        let ramp = ColorRamp(from: dark.opaque, to: light.opaque)
        let arc = ArcStroke(center: Point(x: 100, y: 100), radius: 60, thickness: 20, startAngle: 0, sweep: -Double.pi)
        let shader = ConicArcShader(arc: arc, ramp: ramp)
        // 9 o'clock is half way along a counter-clockwise half turn.
        #expect(distance(shade(shader, x: 40, y: 99), ramp.color(at: 0.5).packed) <= 1)
        #expect(arc.coverage(atX: 40.5, y: 99.5) == 1)
        #expect(arc.coverage(atX: 159.5, y: 99.5) == 0)
    }

    /// The colour changes only on rays from the centre: pixels beside them, on narrow, steep and
    /// many-lap bands either way round, take the exact rule's colour within a level.
    @Test(arguments: [(30.0, 6.0, 0.48), (30.0, 6.0, -0.93), (80.0, 30.0, 2.3), (80.0, 30.0, -1.0), (12.0, 4.0, 0.2)])
    func steepNarrowAndManyLapBandsMatchTheExactColor(radius: Double, thickness: Double, laps: Double) {
        let ramp = ColorRamp(stops: [.init(0, RGB8(0, 0, 0).opaque), .init(0.3, RGB8(255, 40, 0).opaque), .init(1, RGB8(20, 255, 255).opaque)])
        let arc = ArcStroke(center: Point(x: 100.3, y: 99.6), radius: radius, thickness: thickness, startAngle: 0.4, sweep: 2 * Double.pi * laps)
        let shader = ConicArcShader(arc: arc, ramp: ramp)
        // Runs that start anywhere: a window's redraw cuts rows at odd columns.
        let (worst, checked) = bandError(shader, arc, rows: 0..<200, width: 200) { y in 7 + y % 50 }
        #expect(worst <= 1, "worst \(worst) levels over \(checked) pixels")
        #expect(checked > 200)
    }

    /// Every pixel of the reference scene's bands at 1920x1080 (and mirrored) takes the fast path's
    /// colour within one level of the exact rule's, however its row is cut into runs.
    @Test(arguments: [1.0, -1.0])
    func bandsMatchTheExactColor(direction: Double) {
        let s = 1080.0, t = 0.08 * s, g = 0.012 * s
        let rings = [(0.72, RGB8(192, 57, 43), RGB8(231, 76, 60)), (1.35, RGB8(39, 174, 96), RGB8(46, 204, 113)),
                     (0.48, RGB8(41, 128, 185), RGB8(52, 152, 219))]
        for (i, (progress, dark, light)) in rings.enumerated() {
            let arc = ArcStroke(center: Point(x: 960, y: 540), radius: 0.42 * s - t / 2 - Double(i) * (t + g), thickness: t,
                                startAngle: 0, sweep: direction * 2 * Double.pi * progress)
            let shader = ConicArcShader(arc: arc, ramp: ColorRamp(from: dark.opaque, to: light.opaque))
            let (worst, checked) = bandError(shader, arc, rows: Int(540 - arc.radius - t / 2)..<Int(540 + arc.radius + t / 2),
                                             width: 1920) { y in 301 + 37 * (y % 11) }
            #expect(worst <= 1, "ring \(i): worst \(worst) levels over \(checked) pixels")
            #expect(checked > 100_000)
        }
    }

    @Test func linearAndRadialGradientsFollowTheirGeometry() {
        let ramp = ColorRamp(from: RGB8(0, 0, 0).opaque, to: RGB8(200, 100, 0).opaque)
        let linear = LinearGradientShader(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), ramp: ramp)
        #expect(distance(shade(linear, x: 49, y: 7), ramp.color(at: 0.495).packed) <= 1)
        #expect(shade(linear, x: 150, y: 0) == ramp.color(at: 1).packed)
        let radial = RadialGradientShader(center: Point(x: 50, y: 50), radius: 40, ramp: ramp)
        let t = (19.5 * 19.5 + 0.5 * 0.5).squareRoot() / 40  // pixel (69, 49)'s centre from (50, 50)
        #expect(distance(shade(radial, x: 69, y: 49), ramp.color(at: t).packed) <= 1)
        #expect(SolidShader(RGB8(1, 2, 3).withOpacity(0.5)).isOpaque == false)
    }
}

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

    @Test func theGapIsTheStartColourAndHalfWayIsHalfWay() {
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

    @Test func angleInterpolationIsOnlyUsedWhereItIsInvisible() {
        #expect(ConicArcShader.interpolates(innerRadius: 177, sweep: 2 * Double.pi * 0.48))
        #expect(!ConicArcShader.interpolates(innerRadius: 20, sweep: 2 * Double.pi * 0.48))
        #expect(!ConicArcShader.interpolates(innerRadius: 400, sweep: 0.001))
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

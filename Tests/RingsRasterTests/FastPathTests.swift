import Foundation
import RingsRaster
import Shaders
import Testing
import TestSupport

/// Every fast path against the 16 x 16 supersampling reference, over random shapes, with this
/// tolerance table (levels per RGB channel, white or full-contrast gradients on black; edge mean over
/// the edge pixels, maximum over all pixels):
///
/// | shape        | edge mean | max | why the maximum                                                 |
/// |--------------|-----------|-----|-----------------------------------------------------------------|
/// | annulus/disc | 0.8       | 8   | the reference's 16 x 16 grid is off by up to 1/32 of coverage   |
/// | arc stroke   | 0.8       | 12  | the grid, plus the caps' crossing points where laps overlap     |
/// | rounded rect | 4.5       | 8   | on axis-aligned edges the grid quantises coverage to 1/16       |
/// | blurred disc | (soft)    | 2   | a tabulated profile against the same table, sampled 256 times   |
/// | blurred ring | (soft)    | 3   | two tables, sampled at the pixel centre where sigma is 0.7 px   |
/// | inner shadow | 1.0       | 8   | rim pixels: exact area times the shade at the pixel centre      |
/// | opacity      | 0.8       | 8   | the shape's; the scaling is within one level                     |
///
/// The fast paths themselves are exact areas (small circles, rectangle corners) or the half-plane
/// model (circles of radius 24 px and more, whose error is below 1 / 192 of a pixel).
@Suite struct FastPathTests {
    let size = 48
    let white = SolidShader(RGB8(255, 255, 255).opaque)

    func check(_ commands: [DrawCommand], edgeMean: Double, maximum: Int, _ what: String) {
        let list = DisplayList(background: .opaqueBlack, commands: commands)
        let result = compareWithReference(list, width: size, height: size)
        #expect(result.meanEdge <= edgeMean, "\(what): \(result)")
        #expect(result.maxAll <= maximum, "\(what): \(result)")
        #expect(result.outsideBounds.isEmpty, "\(what): coverage outside the declared bounds: \(result)")
    }

    @Test func annuliAndDiscs() {
        SeededGenerator.cases(seed: 11, times: 12) { (rng: inout SeededGenerator) in
            let c = rng.point(in: 12...36)
            let inner = Double.random(in: 0...14, using: &rng), width = Double.random(in: 0.6...12, using: &rng)
            let shape = Annulus(center: c, innerRadius: inner, outerRadius: inner + width)
            check([DrawCommand(shape: shape, shader: white)], edgeMean: 0.8, maximum: 8, "annulus \(shape)")
            let disc = Disc(center: c, radius: Double.random(in: 0.3...20, using: &rng))
            check([DrawCommand(shape: disc, shader: SolidShader(RGB8(200, 100, 50).withOpacity(0.6)))],
                  edgeMean: 0.8, maximum: 8, "disc \(disc)")
        }
    }

    @Test func arcStrokesAtAnyAngleDirectionAndLap() {
        SeededGenerator.cases(seed: 12, times: 24) { (rng: inout SeededGenerator) in
            let c = rng.point(in: 20...28)
            let sweep = Double.random(in: -3...3, using: &rng) * 2 * Double.pi
            let arc = ArcStroke(center: c, radius: Double.random(in: 8...16, using: &rng), thickness: Double.random(in: 1...9, using: &rng),
                                startAngle: Double.random(in: -7...7, using: &rng), sweep: sweep)
            let ramp = ColorRamp(from: RGB8(192, 57, 43).opaque, to: RGB8(46, 204, 113).opaque)
            check([DrawCommand(arc: arc, shader: ConicArcShader(arc: arc, ramp: ramp))], edgeMean: 0.8, maximum: 12, "arc \(arc)")
        }
    }

    @Test func arcStrokesWithButtCapsAtAnyAngleAndDirection() {
        SeededGenerator.cases(seed: 14, times: 24) { (rng: inout SeededGenerator) in
            let c = rng.point(in: 20...28)
            let sweep = Double.random(in: 0.05...6.2, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let arc = ArcStroke(center: c, radius: Double.random(in: 8...16, using: &rng), thickness: Double.random(in: 1...9, using: &rng),
                                startAngle: Double.random(in: -7...7, using: &rng), sweep: sweep, cap: .butt)
            check([DrawCommand(shape: arc, shader: SolidShader(RGB8(0, 122, 255).opaque))], edgeMean: 0.8, maximum: 12, "butt arc \(arc)")
        }
        let nothing = ArcStroke(center: Point(x: 24, y: 24), radius: 12, thickness: 5, startAngle: 1, sweep: 0, cap: .butt)
        #expect(nothing.bounds.isEmpty)
    }

    @Test func roundedRectangles() {
        SeededGenerator.cases(seed: 13, times: 10) { (rng: inout SeededGenerator) in
            let rect = RoundedRect(x: Double.random(in: 2...20, using: &rng), y: Double.random(in: 2...20, using: &rng),
                                   width: Double.random(in: 1...26, using: &rng), height: Double.random(in: 1...26, using: &rng),
                                   cornerRadius: Double.random(in: 0...10, using: &rng))
            check([DrawCommand(shape: rect, shader: white)], edgeMean: 4.5, maximum: 8, "rect \(rect)")
        }
    }

    @Test func blurredDiscs() {
        for sigma in [0.5, 1.2, 3.0] {
            let shadow = BlurredRing(center: Point(x: 23.7, y: 24.2), outerRadius: 9, sigma: sigma)
            check([DrawCommand(shape: shadow, shader: SolidShader(RGB8(0, 0, 0).withOpacity(0.35)))],
                  edgeMean: 0.01, maximum: 2, "blurred disc sigma \(sigma)")
        }
    }

    @Test func dropShadowsOfRingsAndDiscs() {
        for (inner, sigma) in [(0.0, 1.5), (6.0, 0.7), (8.5, 2.5)] {
            let shadow = BlurredRing(center: Point(x: 24.3, y: 23.6), innerRadius: inner, outerRadius: 14, sigma: sigma)
            check([DrawCommand(shape: shadow, shader: SolidShader(RGB8(255, 255, 255).withOpacity(0.5)))],
                  edgeMean: 0.01, maximum: 3, "blurred ring \(inner) sigma \(sigma)")
        }
    }

    @Test func innerShadowsOfDiscsAndRings() {
        SeededGenerator.cases(seed: 14, times: 10) { (rng: inout SeededGenerator) in
            let c = rng.point(in: 20...28)
            let outer = Double.random(in: 8...19, using: &rng)
            let inner = Bool.random(using: &rng) ? 0 : Double.random(in: 2...(outer - 3), using: &rng)
            let shadow = InnerShadow(inside: Annulus(center: c, innerRadius: inner, outerRadius: outer),
                                     offset: Point(x: Double.random(in: -4...4, using: &rng), y: Double.random(in: -4...4, using: &rng)),
                                     sigma: Double.random(in: 0.5...4, using: &rng), spread: Double.random(in: 0...2, using: &rng))
            check([DrawCommand(shape: Disc(center: Point(x: 24, y: 24), radius: 22), shader: SolidShader(RGB8(60, 200, 90).opaque)),
                   DrawCommand(shape: shadow, shader: SolidShader(RGB8(255, 255, 255).withOpacity(0.6)))],
                  edgeMean: 1.0, maximum: 8, "inner shadow \(shadow.shape) \(shadow.offset) \(shadow.sigma)")
        }
    }

    @Test func opacityAndGradientsSideBySide() {
        let top = Point(x: 0, y: 4), bottom = Point(x: 0, y: 44)
        let gold = ColorRamp(stops: [.init(0, RGB8(0xEB, 0xD6, 0xAB).opaque), .init(0.9, RGB8(0xC6, 0xA0, 0x5D).opaque)])
        func halves(_ ramp: ColorRamp) -> SideBySideShader {
            SideBySideShader(left: LinearGradientShader(from: top, to: bottom, ramp: ramp),
                             right: LinearGradientShader(from: bottom, to: top, ramp: ramp), split: 24)
        }
        let arc = ArcStroke(center: Point(x: 24, y: 24), radius: 15, thickness: 7, startAngle: 0, sweep: 5)
        check([DrawCommand(shape: arc, shader: halves(gold))], edgeMean: 0.8, maximum: 12, "gradients side by side")
        for opacity in [0.0, 0.3, 0.8, 1.0] {
            check([DrawCommand(shape: Disc(center: Point(x: 22, y: 25), radius: 18), shader: SolidShader(RGB8(200, 40, 90).opaque)),
                   DrawCommand(shape: arc, shader: halves(gold.withOpacity(opacity)))],
                  edgeMean: 0.8, maximum: 12, "opacity \(opacity)")
        }
    }

    @Test func gradientsThroughShapes() {
        let ramp = ColorRamp(stops: [.init(0, RGB8(255, 0, 0).opaque), .init(0.5, RGB8(0, 255, 0).withOpacity(0.5)),
                                     .init(1, RGB8(0, 0, 255).opaque)])
        check([DrawCommand(shape: Disc(center: Point(x: 24, y: 24), radius: 20),
                           shader: LinearGradientShader(from: Point(x: 4, y: 4), to: Point(x: 44, y: 40), ramp: ramp))],
              edgeMean: 0.8, maximum: 3, "linear gradient")
        check([DrawCommand(shape: RoundedRect(x: 3, y: 5, width: 40, height: 38, cornerRadius: 6),
                           shader: RadialGradientShader(center: Point(x: 24, y: 24), radius: 22, ramp: ramp))],
              edgeMean: 0.8, maximum: 3, "radial gradient")
    }
}

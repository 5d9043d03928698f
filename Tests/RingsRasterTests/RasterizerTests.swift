import RingsRaster
import Shaders
import Testing
import TestSupport

/// The rasteriser's boundary: canvases with an origin, drawing without clearing, the blitter's
/// contract, the arc fill's caps.
@Suite struct RasterizerTests {
    let dark = RGB8(39, 174, 96), light = RGB8(46, 204, 113)
    let white = SolidShader(RGB8(255, 255, 255).opaque)

    /// Records every run a shape hands over, and checks the contract of `Shape.forEachSpan`.
    struct SpanRecorder: Blitter {
        var seen = Set<Int>()
        var last = (y: Int.min, x: Int.min)
        var problems: [String] = []
        let clip: IntRect

        mutating func blit(y: Int, x: Int, count: Int, coverage: SpanCoverage) {
            if y < last.y || (y == last.y && x < last.x) { problems.append("run at (\(x), \(y)) out of order") }
            last = (y, x + count)
            for column in x..<(x + count) {
                if !clip.contains(x: column, y: y) { problems.append("pixel (\(column), \(y)) outside the clip") }
                if !seen.insert(y * 100_000 + column).inserted { problems.append("pixel (\(column), \(y)) twice") }
                if let coverage, !(0...1).contains(coverage[column - x]) { problems.append("coverage \(coverage[column - x]) at (\(column), \(y))") }
            }
        }

        func finish() {}
    }

    @Test(arguments: [0.0, 0.3, 0.97, 1.0, 1.35, 2.5])
    func everyShapeKeepsTheSpanContract(laps: Double) {
        let center = Point(x: 40.3, y: 38.7)
        let shapes: [any Shape] = [
            ArcStroke(center: center, radius: 25, thickness: 9, startAngle: 0.4, sweep: 2 * Double.pi * laps),
            ArcStroke(center: center, radius: 25, thickness: 9, startAngle: 0, sweep: -2 * Double.pi * laps, cap: .butt),
            Annulus(center: center, innerRadius: 10 + laps, outerRadius: 30),
            Disc(center: center, radius: 5 + 10 * laps),
            RoundedRect(x: 3.2, y: 5.5, width: 50 * laps + 1, height: 30, cornerRadius: 6),
            BlurredRing(center: center, outerRadius: 12, sigma: 2 + laps),
            // Runs of uncovered, wholly covered and partly covered bytes, some longer than eight.
            CoverageMask(x: 2, y: 9, width: 50, height: 3,
                         alpha: (0..<150).map { i in [0, 255, UInt8(1 + i % 254)][(i / (3 + Int(laps * 4))) % 3] }),
        ]
        let clip = IntRect(x: 5, y: 7, width: 60, height: 55)
        let row = UnsafeMutablePointer<Float>.allocate(capacity: clip.maxX)
        defer { row.deallocate() }
        for (index, shape) in shapes.enumerated() {
            var recorder = SpanRecorder(clip: clip)
            shape.forEachSpan(in: clip.intersection(shape.bounds), coverageRow: row) { y, x, count, coverage in
                recorder.blit(y: y, x: x, count: count, coverage: coverage)
            }
            #expect(recorder.problems.isEmpty, "\(shape): \(recorder.problems.prefix(3))")
            // Every shape hands over runs (at 0 laps a butt-capped arc of no length, and a rectangle
            // 1 px wide left of the clip, cover nothing).
            #expect(!recorder.seen.isEmpty || (laps == 0 && [1, 4].contains(index)), "\(shape): no run at all")
        }
    }

    /// A glyph mask leaves out its uncovered pixels and hands over its wholly covered ones as whole
    /// runs: what it hands over is the mask, byte for byte.
    @Test func aMaskHandsOverEveryCoveredPixelWithItsCoverage() {
        var rng = SeededGenerator(seed: 11)
        var alpha: [UInt8] = []
        while alpha.count < 37 * 6 {
            let value: UInt8 = [0, 255, UInt8.random(in: 1...254, using: &rng)].randomElement(using: &rng)!
            alpha += [UInt8](repeating: value, count: Int.random(in: 1...19, using: &rng))
        }
        let mask = CoverageMask(x: 3, y: 4, width: 37, height: 6, alpha: Array(alpha.prefix(37 * 6)))
        let clip = IntRect(x: 0, y: 0, width: 50, height: 12)
        let row = UnsafeMutablePointer<Float>.allocate(capacity: clip.maxX + 4)
        defer { row.deallocate() }
        var seen: [Int: Float] = [:]
        mask.forEachSpan(in: clip, coverageRow: row) { y, x, count, coverage in
            for i in 0..<count { seen[y * 100 + x + i] = coverage?[i] ?? 1 }
        }
        for y in 0..<6 {
            for x in 0..<37 {
                let byte = mask.alpha[y * 37 + x], handed = seen[(y + 4) * 100 + x + 3]
                #expect(byte == 0 ? handed == nil : handed == Float(byte) * (1 / 255), "(\(x), \(y)): \(byte) handed as \(String(describing: handed))")
            }
        }
    }

    @Test func aCanvasWithAnOriginHoldsThatWindowOfTheFrame() {
        let disc = DrawCommand(shape: Disc(center: Point(x: 50.2, y: 40.7), radius: 17.3), shader: white)
        let whole = Pixmap(width: 100, height: 80)
        var rasterizer = Rasterizer()
        rasterizer.render(DisplayList(background: .opaqueBlack, commands: [disc]), into: whole)
        let box = IntRect(x: 30, y: 25, width: 21, height: 19)
        let tile = Canvas(Pixmap(width: box.width, height: box.height), originX: box.x, originY: box.y)
        tile.clear(box, to: .opaqueBlack)
        rasterizer.draw([disc], into: tile)
        for y in 0..<box.height {
            for x in 0..<box.width { #expect(tile.pixmap[x, y] == whole[box.x + x, box.y + y], "(\(x), \(y))") }
        }
    }

    @Test func drawingLeavesWhatIsUnderneath() {
        let frame = Pixmap(width: 20, height: 20)
        let red = PackedPixel(r: 200, g: 0, b: 0, a: 255)
        frame.fill(red)
        var rasterizer = Rasterizer()
        rasterizer.draw([DrawCommand(shape: Disc(center: Point(x: 10, y: 10), radius: 3), shader: white)], into: Canvas(frame))
        #expect(frame[0, 0] == red && frame[19, 19] == red)
        #expect(frame[10, 10] == PackedPixel(r: 255, g: 255, b: 255, a: 255))
    }

    /// The shader colours the band by lap; the arc fill puts the end cap in the end colour on top
    /// of whatever lies below, the start cap in the start colour.
    @Test(arguments: [0.5, 1.35])
    func theArcFillsCapsAreTheEndColors(laps: Double) {
        let arc = ArcStroke(center: Point(x: 100, y: 100), radius: 60, thickness: 20, startAngle: 0, sweep: 2 * Double.pi * laps)
        let ramp = ColorRamp(from: dark.opaque, to: light.opaque)
        let frame = Pixmap(width: 200, height: 200)
        var rasterizer = Rasterizer()
        rasterizer.render(DisplayList(background: .opaqueBlack, commands: [DrawCommand(arc: arc, shader: ConicArcShader(arc: arc, ramp: ramp))]),
                          into: frame)
        let end = arc.endPoint + arc.endTangent * 5
        #expect(frame[Int(end.x), Int(end.y)] == light.opaque.packed)
        if laps < 1 { #expect(frame[94, 40] == dark.opaque.packed) }
    }

    /// A list drawn with red and blue exchanged (straight into a BGRX window surface) gives exactly
    /// the pixels of the list drawn as it is, with each pixel's red and blue bytes exchanged after:
    /// every shader, opaque and not, an arc fill's caps over laps, an image, a glyph mask.
    @Test func drawingWithRedAndBlueSwappedSwapsEveryPixel() {
        let arc = ArcStroke(center: Point(x: 90, y: 80), radius: 50, thickness: 18, startAngle: 0.3, sweep: 2 * Double.pi * 1.3)
        let ramp = ColorRamp(stops: [.init(0, RGB8(200, 30, 60).opaque), .init(0.6, RGB8(20, 90, 230).withOpacity(0.7)), .init(1, light.opaque)])
        let image = Pixmap(width: 30, height: 20)
        for y in 0..<20 { for x in 0..<30 { image[x, y] = ColorF(r: Double(x * 8), g: Double(y * 12), b: 40, a: 250).packed } }
        let mask = CoverageMask(x: 120, y: 120, width: 40, height: 10, alpha: (0..<400).map { UInt8(truncatingIfNeeded: $0 * 37) })
        let list = DisplayList(background: PackedPixel(r: 10, g: 20, b: 200, a: 255), commands: [
            DrawCommand(shape: Annulus(center: arc.center, innerRadius: 41, outerRadius: 59), shader: SolidShader(RGB8(250, 80, 10).withOpacity(0.4))),
            DrawCommand(arc: arc, shader: ConicArcShader(arc: arc, ramp: ColorRamp(from: dark.opaque, to: RGB8(230, 60, 20).opaque))),
            DrawCommand(shape: Disc(center: Point(x: 60, y: 60), radius: 25), shader: LinearGradientShader(from: Point(x: 35, y: 35), to: Point(x: 85, y: 85), ramp: ramp)),
            DrawCommand(shape: Disc(center: Point(x: 140, y: 60), radius: 30), shader: RadialGradientShader(center: Point(x: 140, y: 60), radius: 30, ramp: ramp)),
            DrawCommand(shape: Disc(center: Point(x: 60, y: 140), radius: 30),
                        shader: SideBySideShader(left: SolidShader(RGB8(255, 0, 0).opaque), right: LinearGradientShader(from: Point(x: 60, y: 110), to: Point(x: 60, y: 170), ramp: ramp), split: 61.3)),
            DrawCommand(shape: Disc(center: Point(x: 150, y: 150), radius: 20), shader: ImageShader(image, x: 135, y: 140)),
            DrawCommand(shape: mask, shader: SolidShader(RGB8(240, 200, 0).opaque)),
        ])
        var rasterizer = Rasterizer()
        let plain = Pixmap(width: 200, height: 180), swapped = Pixmap(width: 200, height: 180)
        rasterizer.render(list, into: plain)
        rasterizer.render(list.swappingRedAndBlue(), into: swapped)
        var differing = 0, colored = 0
        for y in 0..<180 {
            for x in 0..<200 {
                if swapped[x, y] != plain[x, y].swappingRedAndBlue { differing += 1 }
                if plain[x, y].r != plain[x, y].b { colored += 1 }
            }
        }
        #expect(differing == 0)
        #expect(colored > 30_000, "the test's pixels must tell red from blue")
        // The reference path agrees: the swapped list's exact colour is the plain one's, swapped.
        for command in list.commands {
            #expect(command.swappingRedAndBlue().color(atX: 61.5, y: 58.5) == command.color(atX: 61.5, y: 58.5).swappingRedAndBlue)
        }
    }
}

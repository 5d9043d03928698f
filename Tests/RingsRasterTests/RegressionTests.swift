import Foundation
import RingsRaster
@testable import Shaders
import Testing
import TestSupport

/// Each test is named after something that once broke.
@Suite struct RegressionTests {
    /// The blitter gathers a row's runs before drawing them, while the shape already writes the next
    /// row's rim coverage into its row buffer; the gathered row must keep its own coverage.
    @Test func gatheredRowKeepsItsCoverageWhileTheShapeWritesTheNextRow() {
        let disc = Disc(center: Point(x: 12.3, y: 11.8), radius: 9.4)
        let frame = Pixmap(width: 24, height: 24)
        var rasterizer = Rasterizer()
        rasterizer.render(DisplayList(background: .opaqueBlack, commands: [DrawCommand(shape: disc, shader: SolidShader(RGB8(255, 255, 255).opaque))]),
                          into: frame)
        for y in 0..<24 {
            for x in 0..<24 {
                let dx = Double(x) + 0.5 - disc.center.x, dy = Double(y) + 0.5 - disc.center.y
                let expected = Int((discCoverage(radius: 9.4, dx: dx, dy: dy, rho: (dx * dx + dy * dy).squareRoot()) * 255).rounded())
                #expect(abs(Int(frame[x, y].r) - expected) <= 1, "pixel (\(x), \(y))")
            }
        }
    }

    /// Interpolated angles once put pixel (989, 773) of the 1920x1080 reference scene, just behind the
    /// inner ring's end line, into the gap, painting it in the start colour (34 levels off). The ring,
    /// seen through a 64 x 64 window at (960, 741), so that the row's knots sit on the same columns as
    /// in the full frame.
    @Test func endLineSplitsBandFromGapOnInterpolatedRows() {
        let t = 0.08 * 1080, g = 0.012 * 1080, radius = 0.42 * 1080 - t / 2 - 2 * (t + g)
        let arc = ArcStroke(center: Point(x: 960 - 960, y: 540 - 741), radius: radius, thickness: t, startAngle: 0,
                            sweep: 2 * Double.pi * 0.48)
        let shader = ConicArcShader(arc: arc, ramp: ColorRamp(from: RGB8(41, 128, 185).opaque, to: RGB8(52, 152, 219).opaque))
        let result = compareWithReference(DisplayList(background: .opaqueBlack, commands: [DrawCommand(arc: arc, shader: shader)]),
                                          width: 64, height: 64)
        #expect(result.maxAll <= 8, "\(result)")
        #expect(result.outsideBounds.isEmpty, "\(result)")
    }

    /// The live window's redraw rectangles overlap (the label's over the rings' strips); drawn by two
    /// threads at once, a pixel in both was blended twice now and then (a brighter ring edge, seen only
    /// under load). Made disjoint, they cover exactly the same pixels, each once.
    @Test func redrawRectanglesAreMadeDisjointWithoutLosingAPixel() {
        var rng = SeededGenerator(seed: 21)
        for _ in 0..<200 {
            let rects = Self.randomRects(1...8, corners: 0...40, sides: 0...20, using: &rng)
            let wanted = Set(Self.timesCovered(rects).keys), seen = Self.timesCovered(rects.disjoint)
            #expect(Set(seen.keys) == wanted, "\(rects)")
            #expect(seen.values.allSatisfy { $0 == 1 }, "a pixel in two pieces: \(rects)")
        }
    }

    /// The redraw plan's boxes (many, small, overlapping) become few rectangles that cover every one
    /// of their pixels, each once, and little else.
    @Test func boxesAreCoveredByRectanglesThatDoNotOverlap() {
        var rng = SeededGenerator(seed: 22)
        for _ in 0..<200 {
            let rects = Self.randomRects(1...30, corners: 0...60, sides: 0...25, using: &rng)
            let covering = rects.covering(minimumHeight: 8, gap: 4)
            let wanted = Set(Self.timesCovered(rects).keys), seen = Self.timesCovered(covering)
            #expect(wanted.isSubset(of: Set(seen.keys)), "\(rects)")
            #expect(seen.values.allSatisfy { $0 == 1 }, "a pixel in two pieces: \(rects)")
            let rows = Set(rects.filter { !$0.isEmpty }.flatMap { $0.minY..<$0.maxY })
            #expect(covering.allSatisfy { r in (r.minY..<r.maxY).contains { rows.contains($0) } }, "a rectangle on no box's rows")
            // Little else: every pixel within a box grown by the gap sideways and twice the height up and down.
            let grown = rects.filter { !$0.isEmpty }.map { IntRect(x: $0.minX - 4, y: $0.minY - 16, width: $0.width + 8, height: $0.height + 32) }
            #expect(seen.keys.allSatisfy { p in grown.contains { $0.contains(x: p % 100, y: p / 100) } }, "far from every box: \(rects)")
        }
        #expect([IntRect]().covering(minimumHeight: 8, gap: 4).isEmpty)
        #expect([IntRect(x: 3, y: 5, width: 4, height: 2)].covering(minimumHeight: 8, gap: 4) == [IntRect(x: 3, y: 5, width: 4, height: 2)])
        // A tip's boxes above an end cap's, far below: the tip's columns were drawn down the tall
        // slab between them (a box ending 3 rows past a cut held on to the next one).
        let tip = [IntRect(x: 1132, y: 362, width: 113, height: 113), IntRect(x: 1133, y: 365, width: 114, height: 113)]
        let far = (tip + [IntRect(x: 1011, y: 655, width: 75, height: 75)]).covering(minimumHeight: 8, gap: 16)
        #expect(!far.contains { !$0.intersection(IntRect(x: 1132, y: 500, width: 100, height: 150)).isEmpty }, "\(far)")
    }

    /// Between `count`'s bounds of rectangles, their corners' coordinates in `corners` and their sides' lengths in `sides`.
    static func randomRects(_ count: ClosedRange<Int>, corners: ClosedRange<Int>, sides: ClosedRange<Int>,
                            using rng: inout SeededGenerator) -> [IntRect] {
        (0..<Int.random(in: count, using: &rng)).map { _ in
            IntRect(x: Int.random(in: corners, using: &rng), y: Int.random(in: corners, using: &rng),
                    width: Int.random(in: sides, using: &rng), height: Int.random(in: sides, using: &rng))
        }
    }

    /// How many of the rectangles hold each pixel (keyed y * 100 + x, for rectangles within 100 columns).
    static func timesCovered(_ rects: [IntRect]) -> [Int: Int] {
        var seen = [Int: Int]()
        for r in rects where !r.isEmpty { for y in r.minY..<r.maxY { for x in r.minX..<r.maxX { seen[y * 100 + x, default: 0] += 1 } } }
        return seen
    }
}

import RingsRaster
import Shaders
import Testing
import TestSupport

/// A square that declares bounds one pixel short on one side and draws only inside them: a bounds
/// worked out too small, which the reference alone cannot see (it samples only inside bounds too).
struct ShortBoundsShape: Shape {
    /// The side whose line of pixels the bounds leave out.
    enum Side: CaseIterable, Sendable { case left, right, top, bottom }

    let square: RoundedRect
    let side: Side

    var bounds: IntRect {
        let b = square.bounds
        switch side {
        case .left: return IntRect(x: b.x + 1, y: b.y, width: b.width - 1, height: b.height)
        case .right: return IntRect(x: b.x, y: b.y, width: b.width - 1, height: b.height)
        case .top: return IntRect(x: b.x, y: b.y + 1, width: b.width, height: b.height - 1)
        case .bottom: return IntRect(x: b.x, y: b.y, width: b.width, height: b.height - 1)
        }
    }

    func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        square.forEachSpan(in: clip.intersection(bounds), coverageRow: coverageRow, body)
    }

    /// The whole square's coverage, including the line the bounds leave out.
    func coverage(atX x: Double, y: Double) -> Double { square.coverage(atX: x, y: y) }
}

/// The wider oracle: `compareWithReference` also samples a margin round each shape's bounds, so a
/// bounds that is too small fails the tests that use it.
@Suite struct BoundsMarginTests {
    let white = SolidShader(RGB8(255, 255, 255).opaque)
    /// A 20 x 20 square on whole pixels: columns and rows 10 ..< 30, each pixel wholly covered.
    let square = RoundedRect(x: 10, y: 10, width: 20, height: 20, cornerRadius: 0)

    func list(_ shape: any Shape) -> DisplayList {
        DisplayList(background: .opaqueBlack, commands: [DrawCommand(shape: shape, shader: white)])
    }

    /// The pixels (x, y) of the line that `side` leaves out.
    func missingLine(_ side: ShortBoundsShape.Side) -> Set<[Int]> {
        var line = Set<[Int]>()
        for i in 10..<30 {
            switch side {
            case .left: line.insert([10, i])
            case .right: line.insert([29, i])
            case .top: line.insert([i, 10])
            case .bottom: line.insert([i, 29])
            }
        }
        return line
    }

    @Test func honestBoundsLeaveNothingOutside() {
        let result = compareWithReference(list(square), width: 40, height: 40)
        #expect(result.outsideBounds.isEmpty, "\(result)")
        #expect(result.maxAll == 0, "whole-pixel edges: the fast and the reference picture agree exactly: \(result)")
    }

    @Test(arguments: ShortBoundsShape.Side.allCases)
    func boundsOnePixelShortAreCaught(side: ShortBoundsShape.Side) {
        let result = compareWithReference(list(ShortBoundsShape(square: square, side: side)), width: 40, height: 40)
        // The pictures alone are fooled: both renderers leave the same line out.
        #expect(result.maxAll == 0, "\(result)")
        // The margin is not: it finds exactly that line, wholly covered.
        let found = Set(result.outsideBounds.map { [$0.x, $0.y] })
        #expect(found == missingLine(side), "\(side): \(result.outsideBounds)")
        #expect(result.outsideBounds.allSatisfy { $0.coverage > 0.99 && $0.command == 0 }, "\(result.outsideBounds)")
    }

    /// A sliver counts: the square's right edge at 29.5, its bounds one pixel short, leaves half of
    /// column 29 outside them.
    @Test func halfAPixelOutsideIsCaught() {
        let half = RoundedRect(x: 10, y: 10, width: 19.5, height: 20, cornerRadius: 0)
        let leaks = coverageOutsideBounds(list(ShortBoundsShape(square: half, side: .right)), width: 40, height: 40)
        #expect(leaks.count == 20 && leaks.allSatisfy { $0.x == 29 && abs($0.coverage - 0.5) < 0.01 }, "\(leaks)")
    }

    /// A blur's faint tail beyond its bounds (under half a level) is not a leak; its body would be.
    @Test func aBlursTailIsNotALeak() {
        let shadow = BlurredRing(center: Point(x: 20.3, y: 19.6), outerRadius: 8, sigma: 2)
        #expect(coverageOutsideBounds(list(shadow), width: 40, height: 40).isEmpty)
    }
}

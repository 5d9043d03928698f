import FoundationEssentials
import Glibc

/// A circular arc stroked with round caps: every point within `thickness / 2` of the centre-line arc
/// that starts at `startAngle` (clockwise from 12 o'clock) and runs through `sweep` radians (positive
/// clockwise on screen, negative counter-clockwise). Sweeps of a full turn or more cover the whole
/// annulus; which lap lies on top is the shader's business (see `topmostParameter`). With butt caps
/// the band ends square on the radii through its end points (a stroke's default in SwiftUI).
public struct ArcStroke: Shape {
    /// How the band ends.
    public enum Cap: Sendable { case round, butt }

    public let center: Point
    public let radius: Double
    public let thickness: Double
    public let startAngle: Double
    public let sweep: Double
    public let cap: Cap
    /// The end points, the directions of travel there and the wedge, worked out once: the per-pixel
    /// rules below ask for them at every sample.
    public let startPoint: Point, endPoint: Point
    public let startTangent: Point, endTangent: Point
    public let sector: Sector

    public init(center: Point, radius: Double, thickness: Double, startAngle: Double, sweep: Double, cap: Cap = .round) {
        self.center = center
        self.cap = cap
        self.radius = max(0, radius)
        self.thickness = max(0, thickness)
        self.startAngle = startAngle
        self.sweep = sweep
        let direction: Double = sweep < 0 ? -1 : 1, endAngle = startAngle + sweep
        startPoint = .onCircle(center: center, radius: self.radius, angle: startAngle)
        endPoint = .onCircle(center: center, radius: self.radius, angle: endAngle)
        startTangent = Point(x: cos(startAngle) * direction, y: sin(startAngle) * direction)
        endTangent = Point(x: cos(endAngle) * direction, y: sin(endAngle) * direction)
        // The wedge of the band (without caps), clockwise.
        let (start, span) = sweep >= 0 ? (startAngle, sweep) : (startAngle + sweep, -sweep)
        sector = Sector(center: center, start: start, sweep: span)
    }

    public var halfWidth: Double { thickness / 2 }
    /// +1 for clockwise, -1 for counter-clockwise.
    public var direction: Double { sweep < 0 ? -1 : 1 }
    public var endAngle: Double { startAngle + sweep }
    public var coversFullTurn: Bool { abs(sweep) >= 2 * Double.pi }

    var annulus: AnnulusScan {
        AnnulusScan(cx: center.x, cy: center.y, inner: max(0, radius - halfWidth), outer: radius + halfWidth)
    }

    /// The clockwise sector the arc covers, as the start angle and a non-negative sweep below 2 pi.
    private var clockwiseSector: (start: Double, sweep: Double) {
        sweep >= 0 ? (startAngle, sweep) : (startAngle + sweep, -sweep)
    }

    public var bounds: IntRect {
        if coversFullTurn { return annulus.bounds }
        if cap == .butt && sweep == 0 { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let (start, span) = clockwiseSector
        let first = Point.onCircle(center: center, radius: radius, angle: start)
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        func include(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        include(.onCircle(center: center, radius: radius, angle: start + span))
        // The circle's extreme points (12, 3, 6, 9 o'clock) that the sector passes.
        for quarter in 0..<4 {
            let angle = Double(quarter) * Double.pi / 2
            var rel = remainderOfTurn(angle - start)
            if rel < 0 { rel += 2 * Double.pi }
            if rel <= span { include(.onCircle(center: center, radius: radius, angle: angle)) }
        }
        let w = halfWidth
        let box = IntRect(enclosingMinX: minX - w, minY: minY - w, maxX: maxX + w, maxY: maxY + w)
        return box.intersection(annulus.bounds)
    }

    /// Boxes that together hold every pixel the stroke can touch, far tighter than `bounds` (a redraw
    /// of what an arc changed draws only these): its band a sixteenth of a turn at a time, each
    /// piece's box from its four corners (within a quarter turn a point's x and y each move one way
    /// only), and its round caps' discs.
    public var pieceBounds: [IntRect] { pieceBounds(startCap: true) }

    /// `pieceBounds`, with the start cap's box or without it (`startCapBounds`).
    public func pieceBounds(startCap: Bool) -> [IntRect] {
        let turn = 2 * Double.pi, step = turn / 16
        let (start, span) = coversFullTurn ? (0, turn) : clockwiseSector
        let inner = max(0, radius - halfWidth), outer = radius + halfWidth
        var boxes: [IntRect] = []
        boxes.reserveCapacity(19)
        let first = (start / step).rounded(.down)
        // Each piece's ends' directions: the first piece's start, then each piece's end.
        var from = start, direction = (sin(start), -cos(start))
        for k in 1...17 where from < start + span {
            let boundary = first + Double(k), to = min(start + span, boundary * step)
            guard to > from else { continue }
            // A sixteenth's boundary from the table (the same sums, worked out once), the end's anew.
            let m = Int(boundary) + ArcStroke.firstBoundary
            let next = to < boundary * step || m < 0 || m >= ArcStroke.boundaries.count ? (sin(to), -cos(to)) : ArcStroke.boundaries[m]
            let xs = SIMD4(direction.0 * inner, direction.0 * outer, next.0 * inner, next.0 * outer)
            let ys = SIMD4(direction.1 * inner, direction.1 * outer, next.1 * inner, next.1 * outer)
            boxes.append(IntRect(enclosingMinX: center.x + xs.min() - 1, minY: center.y + ys.min() - 1,
                                 maxX: center.x + xs.max() + 1, maxY: center.y + ys.max() + 1))
            from = to; direction = next
        }
        if cap == .round && !coversFullTurn {
            if startCap, let box = startCapBounds { boxes.append(box) }
            boxes.append(capBounds(endPoint))
        }
        return boxes
    }

    /// The directions (sin, -cos) of the sixteenths of a turn from `firstBoundary` on, as `pieceBounds`
    /// works them out: the same for every arc.
    private static let firstBoundary = 32
    private static let boundaries: [(Double, Double)] = (0..<80).map { m in
        let to = Double(m - firstBoundary) * (2 * Double.pi / 16)
        return (sin(to), -cos(to))
    }

    /// The box of the round cap at the arc's start; nil for butt caps or a full turn (no caps).
    public var startCapBounds: IntRect? { cap == .round && !coversFullTurn ? capBounds(startPoint) : nil }

    /// The box of the band's end, for an end that moves at most `reach` along the centre line: the
    /// round cap past the end line, and the band within `reach` of that line either way (at the
    /// outer edge, where it is longest), with a pixel to spare: what changes there when the end
    /// moves so far (the cap, the pixels the end line crosses, the band between its two places,
    /// rays that come or go at the seam of laps). Narrower than the cap's whole disc where `reach`
    /// is under half the width. Nil for butt caps.
    public func endBounds(reach: Double) -> IntRect? {
        guard cap == .round else { return nil }
        let e = endPoint, t = endTangent, w = halfWidth, turned = reach / max(radius, 1)
        // Along the tangent, the outer edge's stretch; across it, the width and the inner edge's
        // curving away from the end line over that stretch.
        let along = max(2, turned * (radius + w) + 1), across = w + 1 + radius * (1 - cos(turned))
        // The band's stretch about the end line: a rectangle along the tangent.
        let dx = abs(t.x) * along + abs(t.y) * across, dy = abs(t.y) * along + abs(t.x) * across
        // The cap's half-disc past the line: out to w along each axis where the tangent points that
        // way, else to where the line's own ends reach.
        let capMaxX = t.x >= 0 ? w : w * abs(t.y), capMinX = t.x <= 0 ? w : w * abs(t.y)
        let capMaxY = t.y >= 0 ? w : w * abs(t.x), capMinY = t.y <= 0 ? w : w * abs(t.x)
        return IntRect(enclosingMinX: e.x - max(dx, capMinX + 1), minY: e.y - max(dy, capMinY + 1),
                       maxX: e.x + max(dx, capMaxX + 1), maxY: e.y + max(dy, capMaxY + 1))
    }

    /// The box of a round cap's disc about `p`.
    private func capBounds(_ p: Point) -> IntRect {
        let w = halfWidth + 1
        return IntRect(enclosingMinX: p.x - w, minY: p.y - w, maxX: p.x + w, maxY: p.y + w)
    }
}

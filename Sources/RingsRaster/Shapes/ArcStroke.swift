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

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        forwardingSpans(to: body) { spans(in: clip, coverageRow: coverageRow, into: &$0) }
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        spans(in: clip, coverageRow: coverageRow, into: &blitter)
    }

    /// The one scan behind `forEachSpan` and `draw`.
    @inline(__always)
    private func spans(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
        AnnulusScan.withRims(width: clip.width) { rims in
            if coversFullTurn { return annulus.forEachRun(in: clip, rims: rims, into: &sink) }
            if cap == .butt { return buttSpans(in: clip, rims: rims, coverageRow: coverageRow, into: &sink) }
            roundSpans(in: clip, rims: rims, coverageRow: coverageRow, into: &sink)
        }
    }

    /// Round caps: the annulus's pieces cut to the wedge by pixel centres (rim coverage is worked out
    /// only for the rim pixels kept), and outside it the caps' discs. A row's pieces are cut once,
    /// into a list, and its rims covered together before the runs go out.
    @inline(__always)
    private func roundSpans(in clip: IntRect, rims: AnnulusScan.Rims, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
        let scan = annulus, sector = self.sector
        let a = startPoint, b = endPoint, w = halfWidth
        withUnsafeTemporaryAllocation(of: AnnulusScan.Row.Piece.self, capacity: 10) { ring in
            withUnsafeTemporaryAllocation(of: Piece.self, capacity: Piece.perRow) { list in
                let ring = ring.baseAddress!, list = list.baseAddress!
                scan.forEachRow(in: clip) { row in
                    let y = row.y, py = Double(y) + 0.5
                    let nearCaps = abs(py - a.y) < w + 1 || abs(py - b.y) < w + 1
                    var wedge = sector.row(y), rims = rims, count = 0
                    for k in 0..<row.pieces(into: ring) {
                        let whole = ring[k].whole, end = ring[k].x &+ ring[k].count
                        var x = ring[k].x
                        while x < end {
                            let piece = wedge.piece(from: x, to: end)
                            if piece.inside || nearCaps {
                                if piece.inside && !whole { rims.append(x, count: piece.end &- x) }
                                list[count] = Piece(x: x, count: piece.end &- x, kind: piece.inside ? (whole ? .whole : .rim) : .caps)
                                count &+= 1
                            }
                            x = piece.end
                        }
                    }
                    rims.cover(by: scan, y: y)
                    for k in 0..<count {
                        let piece = list[k]
                        if piece.kind == .caps {
                            capSpans(y: y, from: piece.x, to: piece.x &+ piece.count, coverageRow: coverageRow, into: &sink)
                        } else {
                            sink.blit(y: y, x: piece.x, count: piece.count, coverage: piece.kind == .whole ? nil : rims.next(piece.count))
                        }
                    }
                }
            }
        }
    }

    /// A piece of a row, cut to the wedge: wholly covered, a rim, or outside the wedge (where the caps are).
    private struct Piece {
        enum Kind { case whole, rim, caps }
        var x: Int, count: Int, kind: Kind
        /// At most five pieces either side of the hole (rim, whole, rim, whole, rim), cut in at most
        /// three more places by the wedge's three cuts: 13.
        static let perRow = 16
    }

    /// The round caps' runs among the columns x0 ..< x1 of row y, which lie outside the band's wedge:
    /// only the columns within the caps' reach are looked at (the union of one interval per cap), and
    /// those wholly inside a cap's disc go as whole runs with nothing to work out. (Called from the
    /// annulus's rows, which have checked that the stroke lies within reach of the unchecked rounding.)
    private func capSpans(y: Int, from x0: Int, to x1: Int, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
        let a = startPoint, b = endPoint
        let w = halfWidth, reach = (w + 1) * (w + 1), py = Double(y) + 0.5
        var (lo0, hi0) = capColumns(a, py: py, w: w, from: x0, to: x1)
        var (lo1, hi1) = capColumns(b, py: py, w: w, from: x0, to: x1)
        guard lo0 < hi0 || lo1 < hi1 else { return }
        if lo1 < lo0 { swap(&lo0, &lo1); swap(&hi0, &hi1) }
        if lo1 <= hi0 {
            hi0 = max(hi0, hi1); hi1 = lo1
        }
        /// The columns whose pixels lie wholly inside a cap's disc (empty when none).
        func wholly(_ c: Point) -> Range<Int> {
            let fy = max(abs(Double(y) - c.y), abs(Double(y + 1) - c.y))
            guard fy < w else { return 0..<0 }
            let half = (w * w - fy * fy).squareRoot()
            let from = ceilToIntInRange(c.x - half), to = floorToIntInRange(c.x + half)
            return from < to ? from..<to : 0..<0
        }
        let insideStart = wholly(a), insideEnd = wholly(b)
        /// Partly covered columns lo ..< hi: uncovered pixels are left out and wholly covered ones go as whole runs.
        func partly(from lo: Int, to hi: Int) {
            let cut = coverageRow + lo
            for i in 0..<(hi - lo) {
                let px = Double(lo + i) + 0.5
                let fromStart = capCoverage(px - a.x, py - a.y, w, reach), fromEnd = capCoverage(px - b.x, py - b.y, w, reach)
                // Where both caps cut the pixel (they overlap just short of a full turn) take the
                // union by sampling; elsewhere the larger is the union.
                let both = fromStart > 0 && fromEnd > 0 && min(fromStart, fromEnd) < 1 && max(fromStart, fromEnd) < 1
                cut[i] = Float(both ? capUnion(x: lo + i, y: y) : max(fromStart, fromEnd))
            }
            var i = 0
            while i < hi - lo {
                var j = i + 1
                if cut[i] >= 1 {
                    while j < hi - lo && cut[j] >= 1 { j += 1 }
                    sink.blit(y: y, x: lo + i, count: j - i, coverage: nil)
                } else if cut[i] > 0 {
                    while j < hi - lo && cut[j] > 0 && cut[j] < 1 { j += 1 }
                    sink.blit(y: y, x: lo + i, count: j - i, coverage: cut + i)
                }
                i = j
            }
        }
        func caps(from lo: Int, to hi: Int) {
            var x = lo
            while x < hi {
                // The wholly covered columns from x on (the two discs' may join up), else the partly
                // covered ones up to the next wholly covered column.
                var whole = x
                while insideStart.contains(whole) || insideEnd.contains(whole) {
                    whole = insideStart.contains(whole) ? insideStart.upperBound : insideEnd.upperBound
                }
                whole = min(whole, hi)
                if whole > x {
                    sink.blit(y: y, x: x, count: whole - x, coverage: nil)
                    x = whole
                    continue
                }
                var stop = hi
                if insideStart.lowerBound > x { stop = min(stop, insideStart.lowerBound) }
                if insideEnd.lowerBound > x { stop = min(stop, insideEnd.lowerBound) }
                partly(from: x, to: stop)
                x = stop
            }
        }
        caps(from: lo0, to: hi0)
        caps(from: lo1, to: hi1)
    }

    /// The columns of x0 ..< x1 whose pixel centres lie within w + 1 of a cap's centre `c` on the row
    /// through py, the chord where `capCoverage` can be above 0 (empty when the row is out of reach).
    @inline(__always)
    private func capColumns(_ c: Point, py: Double, w: Double, from x0: Int, to x1: Int) -> (Int, Int) {
        let dy = py - c.y, square = (w + 1) * (w + 1) - dy * dy
        guard square > 0 else { return (x1, x1) }
        let half = square.squareRoot()
        let lo = max(x0, floorToIntInRange(c.x - half - 0.5)), hi = min(x1, ceilToIntInRange(c.x + half - 0.5))
        return lo < hi ? (lo, hi) : (x1, x1)
    }

    /// Butt caps: the annulus's runs cut to the wedge by pixel centres, except on the rows an end
    /// radius crosses, where each pixel near it takes the area of the wedge in it times the annulus's.
    private func buttSpans(in clip: IntRect, rims: AnnulusScan.Rims, coverageRow: UnsafeMutablePointer<Float>,
                           into sink: inout some Blitter) {
        let sector = self.sector, w = halfWidth
        let ends = [(startPoint, startTangent), (endPoint, endTangent)]
        let edgeRows = ends.map { point, tangent in
            (min(point.y - tangent.x * w, point.y + tangent.x * w) - 1.5, max(point.y - tangent.x * w, point.y + tangent.x * w) + 1.5)
        }
        annulus.forEachRun(in: clip, rims: rims) { y, x0, count, coverage in
            let py = Double(y) + 0.5
            guard edgeRows.contains(where: { py > $0.0 && py < $0.1 }) else {
                sector.forEachPiece(y: y, x0: x0, count: count) { x, n, inside in
                    if inside { sink.blit(y: y, x: x, count: n, coverage: coverage.map { $0 + (x - x0) }) }
                }
                return
            }
            let cut = coverageRow + x0
            var first = -1, last = -1
            for i in 0..<count {
                let ring = coverage.map { Double($0[i]) } ?? 1
                let c = Float(ring * wedgeCoverage(x: Double(x0 + i) + 0.5, y: py))
                cut[i] = c
                if c > 0 { if first < 0 { first = i }; last = i }
            }
            if first >= 0 { sink.blit(y: y, x: x0 + first, count: last - first + 1, coverage: cut + first) }
        }
    }

    /// The area of the pixel centred at (x, y) inside the band's wedge: near an end radius the
    /// pixel's share of the half-plane on the band's side of it, elsewhere 0 or 1.
    private func wedgeCoverage(x: Double, y: Double) -> Double {
        let dx = x - center.x, dy = y - center.y
        /// The share of the pixel on the travelled side of the radius through `point`, whose
        /// direction of travel is `tangent` (1 beyond half a pixel, or on the far side of the centre).
        func side(_ point: Point, _ tangent: Point, _ sign: Double) -> Double? {
            let radial = Point(x: point.x - center.x, y: point.y - center.y)
            guard dx * radial.x + dy * radial.y > 0 else { return nil }
            let h = sign * (dx * tangent.x + dy * tangent.y)
            return abs(h) >= 0.7072 ? nil : halfPlaneCoverage(inside: h, nx: tangent.x, ny: tangent.y)
        }
        let afterStart = side(startPoint, startTangent, 1), beforeEnd = side(endPoint, endTangent, -1)
        if afterStart == nil && beforeEnd == nil { return sector.contains(dx: dx, dy: dy) ? 1 : 0 }
        // Near one end the other side is whole (inside the band) or empty: an intersection of
        // half-planes for sweeps up to half a turn, a union beyond.
        let inside = sector.contains(dx: dx, dy: dy)
        let a = afterStart ?? (inside ? 1 : 0), b = beforeEnd ?? (inside ? 1 : 0)
        if afterStart != nil && beforeEnd != nil {
            return abs(sweep) <= Double.pi ? max(0, a + b - 1) : min(1, a + b)
        }
        return afterStart != nil ? a : b
    }

    @inline(__always)
    private func capCoverage(_ dx: Double, _ dy: Double, _ w: Double, _ reach: Double) -> Double {
        let d2 = dx * dx + dy * dy
        if d2 >= reach { return 0 }
        return discCoverage(radius: w, dx: dx, dy: dy, rho: d2.squareRoot())
    }

    /// Fraction of pixel (x, y) within a half width of either end point, from 16 x 16 samples: on each
    /// row of samples, the run of those within each disc (`samples(within:...)`), counted once where
    /// the two runs overlap.
    func capUnion(x: Int, y: Int) -> Double {
        let w2 = halfWidth * halfWidth
        var inside = 0
        for j in 0..<16 {
            let sy = Double(y) + (Double(j) + 0.5) / 16
            let a = samples(within: startPoint, w2: w2, x: x, sy: sy), b = samples(within: endPoint, w2: w2, x: x, sy: sy)
            inside += a.count + b.count - max(0, min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound))
        }
        return Double(inside) / 256
    }

    /// The samples i of pixel column x on the row of samples at sy, at sx = x + (i + 1/2) / 16, that lie
    /// within the disc about `c` of squared radius `w2` ((sx - c.x)^2 + (sy - c.y)^2 <= w2): a run
    /// between the chord's ends, each end checked by that rule (a sample within rounding of an end).
    @inline(__always)
    private func samples(within c: Point, w2: Double, x: Int, sy: Double) -> Range<Int> {
        let ey = (sy - c.y) * (sy - c.y)
        guard ey <= w2 else { return 0..<0 }
        let mid = 16 * (c.x - Double(x)) - 0.5, half = 16 * (w2 - ey).squareRoot()
        // Samples i with mid - half <= i <= mid + half; none where the chord misses the pixel by far.
        let from = mid - half, to = mid + half
        guard to > -1, from < 17 else { return 0..<0 }
        var lo = from <= 0 ? 0 : ceilToIntInRange(from), hi = to >= 15 ? 16 : floorToIntInRange(to) + 1
        if lo > 0 && ArcStroke.sample(lo - 1, of: x, within: c, ey: ey, w2: w2) { lo -= 1 }
        else if lo < hi && !ArcStroke.sample(lo, of: x, within: c, ey: ey, w2: w2) { lo += 1 }
        if hi < 16 && hi >= lo && ArcStroke.sample(hi, of: x, within: c, ey: ey, w2: w2) { hi += 1 }
        else if hi > lo && !ArcStroke.sample(hi - 1, of: x, within: c, ey: ey, w2: w2) { hi -= 1 }
        return lo < hi ? lo..<hi : 0..<0
    }

    /// Whether sample i of pixel column x (at x + (i + 1/2) / 16) lies within the disc about `c` of
    /// squared radius `w2`, on a row of samples `ey` squared from its centre.
    @inline(__always)
    private static func sample(_ i: Int, of x: Int, within c: Point, ey: Double, w2: Double) -> Bool {
        let sx = Double(x) + (Double(i) + 0.5) / 16
        return (sx - c.x) * (sx - c.x) + ey <= w2
    }
}

import FoundationEssentials
import Glibc

/// The scan of an `ArcStroke`: each row's runs with their coverage, the band's pieces of the
/// annulus cut to its wedge, round caps (their rim pixels supersampled where a line crosses them)
/// or butt ends, handed to a `Blitter`.
extension ArcStroke {
    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        forwardingSpans(to: body) { spans(in: clip, coverageRow: coverageRow, into: &$0) }
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        spans(in: clip, coverageRow: coverageRow, into: &blitter)
    }

    /// The one scan behind `forEachSpan` and `draw`.
    @inline(__always)
    func spans(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
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
    func roundSpans(in clip: IntRect, rims: AnnulusScan.Rims, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
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
    struct Piece {
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
    func capSpans(y: Int, from x0: Int, to x1: Int, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
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
    func capColumns(_ c: Point, py: Double, w: Double, from x0: Int, to x1: Int) -> (Int, Int) {
        let dy = py - c.y, square = (w + 1) * (w + 1) - dy * dy
        guard square > 0 else { return (x1, x1) }
        let half = square.squareRoot()
        let lo = max(x0, floorToIntInRange(c.x - half - 0.5)), hi = min(x1, ceilToIntInRange(c.x + half - 0.5))
        return lo < hi ? (lo, hi) : (x1, x1)
    }

    /// Butt caps: the annulus's runs cut to the wedge by pixel centres, except on the rows an end
    /// radius crosses, where each pixel near it takes the area of the wedge in it times the annulus's.
    func buttSpans(in clip: IntRect, rims: AnnulusScan.Rims, coverageRow: UnsafeMutablePointer<Float>,
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
}

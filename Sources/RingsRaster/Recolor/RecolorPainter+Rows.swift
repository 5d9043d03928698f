/// The rows of `RecolorPainter`: runs between rays, a row's pieces and rim pixels, and the
/// painting of a stretch of a row.
extension RecolorPainter {
    /// Paints on row y (where every pixel between lo and hi is whole: `interiorRows`) columns
    /// lo ..< hi, each in the colour right of the last ray at or left of it (`rays[j]` the last at or
    /// left of lo), in runs between where the rays cross the row, with no cut to make: false where
    /// no ray lies left of them, or the start or the end crosses the row within two columns of them
    /// (where the wedge, whose rays are worked out otherwise, may cut it). The caller then paints
    /// the whole stretch again pixel by pixel.
    @inline(__always)
    func paintRuns(y: Int, from lo: Int, to hi: Int, after j: Int, of rays: UnsafeBufferPointer<RayFan.Ray>, dy: Double) -> Bool {
        @inline(__always) func crossing(_ i: Int) -> Int { RecolorPainter.crossing(RecolorPainter.held(rays[i].slope), dy, cx: scan.cx) }
        guard j >= 0, rays[j].id >= 0, j == 0 || rays[j - 1].id >= 0 || crossing(j - 1) < lo - 2 else { return false }
        let target = canvas.row(y), stop = min(hi, area.maxX)
        var x = max(lo, area.minX), i = j
        while x < stop {
            var end = stop
            if i + 1 < rays.count {
                let next = crossing(i + 1)
                guard rays[i + 1].id >= 0 || next >= hi + 2 else { return false }
                if next <= x { i += 1; continue }
                end = min(stop, next)
            }
            Canvas.fill(target + x, count: end - x, with: rays[i].color)
            x = end
        }
        return true
    }

    /// A slope held within 1e8 either way (for `crossing`): a ray all but level crosses every row of
    /// the frame beyond its edge either way, and the columns stay in range.
    @inline(__always)
    static func held(_ slope: Double) -> Double { slope < -1e8 ? -1e8 : (slope > 1e8 ? 1e8 : slope) }

    /// The first column whose centre lies past a ray of this slope (held within 1e8) on the row dy
    /// from a centre at column cx, as the shader finds it.
    @inline(__always)
    static func crossing(_ slope: Double, _ dy: Double, cx: Double) -> Int { ceilToIntInRange(cx + dy * slope - 0.5) }

    /// `crossing` for two slopes on one row, in two lanes: the same sums, rounded up the same way.
    @inline(__always)
    static func crossings(_ slopes: SIMD2<Double>, _ dy: Double, cx: Double) -> (Int, Int) {
        ceilToIntInRange(SIMD2(repeating: cx) + dy * slopes - 0.5)
    }

    /// Paints on row y, in `color`, the columns between where rays of slopes `old` and `new` cross it:
    /// pixels whose centres lie half a diagonal inside both circles (squared distances `inside` and
    /// `outside`) are whole, the rest are the annulus row's pieces.
    @inline(__always)
    mutating func paintStretch(y: Int, from old: Double, to new: Double, color: UInt32, inside: Double, outside: Double) {
        let cx = scan.cx, dy = Double(y) + 0.5 - scan.cy
        let (was, now) = RecolorPainter.crossings(SIMD2(old, new), dy, cx: cx)
        guard was != now else { return }
        let from = max(min(was, now), area.minX), to = min(max(was, now), area.maxX)
        guard from < to else { return }
        let a = Double(from) + 0.5 - cx, b = Double(to) - 0.5 - cx, dy2 = dy * dy
        if (a > 0) == (b > 0), a * a + dy2 >= inside, b * b + dy2 >= inside, a * a + dy2 <= outside, b * b + dy2 <= outside {
            return Canvas.fill(canvas.row(y) + from, count: to - from, with: color)
        }
        guard let row = row(y) else { return }
        let lo = max(from, row.pointee.left), hi = min(to, row.pointee.right)
        if lo < hi { paint(row: row, from: lo, to: hi, color: color) }
    }

    /// The rows `lo ..< hi` of this half where every pixel centre between a ray's crossings at slopes
    /// `old` and `new` lies at a squared distance from the centre within `inside ... outside` and a pixel
    /// or more off the centre's column (empty where the rays lie either side of it: through 12 or 6
    /// o'clock). A pixel off that column keeps the stretch to one side of it beyond any rounding of
    /// where the rays cross a row.
    func interiorRows(_ old: Double, _ new: Double, inside: Double, outside: Double, above: Bool) -> (lo: Int, hi: Int) {
        guard (old > 0 && new > 0) || (old < 0 && new < 0), inside < outside else { return (0, 0) }
        // Those centres lie at dx = dy s, s between old and new (a hundredth of a pixel kept for rounding).
        let small = min(old * old, new * new), large = max(old * old, new * new)
        let near = (inside / (1 + small)).squareRoot() + 0.01, far = (outside / (1 + large)).squareRoot() - 0.01
        guard near < far, min(abs(old), abs(new)) * near >= 1 else { return (0, 0) }
        let cy = scan.cy
        return above ? (ceilToIntInRange(cy - far - 0.5), floorToIntInRange(cy - near - 0.5) + 1)
            : (ceilToIntInRange(cy + near - 0.5), floorToIntInRange(cy + far - 0.5) + 1)
    }

    /// The row through the centre, where the shader gives 9 o'clock's colour left of it and 3 o'clock's
    /// right: painted where those changed.
    mutating func paintCenterRow(old: RayFan, new: RayFan) {
        let y = Int((scan.cy - 0.5).rounded(.down))
        guard Double(y) + 0.5 == scan.cy, y >= area.minY, y < area.maxY else { return }
        let middle = Int((scan.cx - 0.5).rounded(.up))
        if old.nineOClock != new.nineOClock { paint(y: y, from: area.minX, to: middle, color: new.nineOClock) { _ in new.nineOClock } }
        if old.threeOClock != new.threeOClock { paint(y: y, from: middle, to: area.maxX, color: new.threeOClock) { _ in new.threeOClock } }
    }

    /// Row y of the annulus (nil where it misses the row), from the band's cache.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<AnnulusScan.Row>? { rimCache.row(y, of: scan) }

    /// Paints columns lo ..< hi of an annulus row (all of them in the band's wedge) in one colour:
    /// whole pixels as they are, rims by their coverage over the layer.
    func paint(row: UnsafeMutablePointer<AnnulusScan.Row>, from lo: Int, to hi: Int, color: UInt32) {
        let y = row.pointee.y, target = canvas.row(y)
        let wholeA = row.pointee.wholeA, wholeB = row.pointee.wholeB
        // Mostly a few whole pixels inside the band.
        if (lo >= wholeA.0 && hi <= wholeA.1) || (lo >= wholeB.0 && hi <= wholeB.1) {
            return Canvas.fill(target + lo, count: hi - lo, with: color)
        }
        let fromA = max(lo, wholeA.0), toA = min(hi, wholeA.1), fromB = max(lo, wholeB.0), toB = min(hi, wholeB.1)
        if fromA < toA { Canvas.fill(target + fromA, count: toA - fromA, with: color) }
        if fromB < toB { Canvas.fill(target + fromB, count: toB - fromB, with: color) }
        var count = 0
        for rim in rims(of: row) {
            guard Int(rim.column) >= lo else { continue }
            guard Int(rim.column) < hi else { break }
            gather(count, rim, color)
            count &+= 1
        }
        composite(rims: count, into: target)
    }

    /// A row's rim pixels, from the band's cache (working a row out there uses `columns` and
    /// `coverage`: ask before gathering).
    @inline(__always)
    func rims(of row: UnsafeMutablePointer<AnnulusScan.Row>) -> UnsafeBufferPointer<RimCache.Rim> {
        rimCache.rims(of: row, scan: scan, layer: layer, columns: columns, coverage: coverage)
    }

    /// Puts a rim pixel in the row's list to composite, as the `count`th.
    @inline(__always)
    func gather(_ count: Int, _ rim: RimCache.Rim, _ color: UInt32) {
        columns[count] = rim.column
        coverage[count] = rim.coverage
        shaded[count] = color
        under[count] = rim.under
    }

    /// Composites the gathered rim pixels of a row over what lay under them, by their coverage.
    func composite(rims: Int, into target: UnsafeMutablePointer<UInt32>) {
        guard rims > 0 else { return }
        for k in rims..<(rims + 3) { shaded[k] = shaded[rims - 1]; under[k] = under[rims - 1]; columns[k] = columns[rims - 1]; coverage[k] = coverage[rims - 1] }
        PixelMath.compositeColumns(columns, coverage: coverage, count: rims, shaded: shaded, under: under, into: target)
    }

    /// Row y's pieces the band covers, worked out the first time they are asked for.
    mutating func segments(_ y: Int) -> UnsafeMutableBufferPointer<Segment> {
        let i = y - area.minY, list = segments + i * Self.perRow
        if counts[i] < 0 {
            var n = 0
            if let row = row(y) {
                var wedge = sector?.row(y)
                row.pointee.forEachPiece { x0, count, whole in
                    let end = x0 &+ count
                    guard wedge != nil else {
                        list[n] = Segment(x: Int32(truncatingIfNeeded: x0), end: Int32(truncatingIfNeeded: end), whole: whole); n &+= 1
                        return
                    }
                    var x = x0
                    while x < end {
                        let piece = wedge!.piece(from: x, to: end)
                        if piece.inside {
                            list[n] = Segment(x: Int32(truncatingIfNeeded: x), end: Int32(truncatingIfNeeded: piece.end), whole: whole); n &+= 1
                        }
                        x = piece.end
                    }
                }
            }
            counts[i] = Int8(n)
        }
        return UnsafeMutableBufferPointer(start: list, count: Int(counts[i]))
    }

    /// Paints columns lo ..< hi of row y where the band covers them, in `color` or else `colorAt(x)`
    /// (asked left to right): whole pixels as they are, rim pixels by their coverage over the layer.
    mutating func paint(y: Int, from lo: Int, to hi: Int, color: UInt32?, colorAt: (Int) -> UInt32) {
        guard lo < hi else { return }
        let target = canvas.row(y)
        var count = 0, next = 0, list: UnsafeBufferPointer<RimCache.Rim>?
        for segment in segments(y) where Int(segment.end) > lo && Int(segment.x) < hi {
            let from = max(lo, Int(segment.x)), to = min(hi, Int(segment.end))
            if segment.whole {
                if let color { Canvas.fill(target + from, count: to - from, with: color) } else {
                    for x in from..<to { target[x] = colorAt(x) }
                }
                continue
            }
            // A rim piece: its pixels are among the row's rims, in order (asked for before any is gathered).
            if list == nil, let row = row(y) { list = rims(of: row) }
            guard let list else { continue }
            for x in from..<to {
                while next < list.count && Int(list[next].column) < x { next &+= 1 }
                guard next < list.count, Int(list[next].column) == x else { continue }
                gather(count, list[next], color ?? colorAt(x))
                count &+= 1
            }
        }
        composite(rims: count, into: target)
    }
}

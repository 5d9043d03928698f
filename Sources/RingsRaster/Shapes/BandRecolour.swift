/// The rays from an arc's centre on which an arc fill's colour changes (a conic gradient's: see
/// `ConicArcShader`), per half of the plane in the order a row meets them, each with the colour right
/// of it and a name that stays with it from frame to frame while the band grows or shrinks.
public struct RayFan: Sendable {
    /// A ray: dx / dy along it (where it crosses the row dy from the centre), the colour right of it,
    /// and which ray it is (a ramp's step, the same in every frame; negative for the start and the end).
    public struct Ray: Sendable {
        public var slope: Double
        public var color: UInt32
        public var id: Int32
        public init(slope: Double, color: UInt32, id: Int32) { self.slope = slope; self.color = color; self.id = id }
    }

    /// The rays of one half of the plane, left to right, and the colour left of the first.
    public struct Half: Sendable {
        public var rays: [Ray] = []
        public var leftColor: UInt32 = 0
        public init() {}
    }

    /// The rays that go up from the centre (met left to right on rows above it) and down.
    public var above: Half, below: Half
    /// The colours straight left and right of the centre (the row through it).
    public var nineOClock: UInt32, threeOClock: UInt32

    public init(above: Half, below: Half, nineOClock: UInt32, threeOClock: UInt32) {
        self.above = above; self.below = below; self.nineOClock = nineOClock; self.threeOClock = threeOClock
    }

    /// Ray names run below this (a colour table's entries), for tables indexed by name.
    static let names = 4096
}

extension ArcStroke {
    /// Repaints in `canvas` the band's pixels whose colour changed from `old`'s rays to `new`'s, in the
    /// colour a whole redraw gives them (the band opaque, over `layer`; rim pixels by the annulus's
    /// coverage, as `ShaderBlitter` composites them, cut to the wedge as the scan cuts them): for each
    /// ray on each row, the pixels between where it crossed the row and where it crosses it now; for a
    /// ray that passed 3 or 9 o'clock into the other half of the plane, the rows by the centre's on
    /// that side; the row through the centre where its colours changed. Left alone: the start and end
    /// rays, and rays that came or went at the seam of laps (by the end), since the caller draws the
    /// end whole, where the caps change the colours, and keeps the arc long enough that its caps'
    /// colours follow the rays elsewhere (not steep, see `ArcCaps`). Returns false (having perhaps
    /// drawn part of it) where a ray's colour changed: the caller then draws the band whole.
    public func recolour(from old: RayFan, to new: RayFan, over layer: Layer, into canvas: Canvas, rims: RimCache) -> Bool {
        guard cap == .round else { return false }
        let scan = annulus
        let area = scan.bounds.intersection(canvas.bounds).intersection(layer.bounds)
        guard !area.isEmpty, scan.outer > 0 else { return true }
        precondition(abs(scan.cx) + scan.outer < 1e15 && scan.inner < 1e15, "an annulus out of reach")
        rims.use(scan, area: area, layer: layer)
        let all = [old.above.rays, old.below.rays, new.above.rays, new.below.rays]
        guard !all.contains(where: { $0.contains { $0.id >= RayFan.names } }) else { return false }
        let rows = area.height, width = area.width + 4
        return withUnsafeTemporaryAllocation(of: RecolourPainter.Segment.self, capacity: rows * RecolourPainter.perRow) { segments in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: rows) { counts in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: RayFan.names + width) { ints in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RayFan.names) { places in
                        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * width) { pixels in
                            withUnsafeTemporaryAllocation(of: Float.self, capacity: width) { coverage in
                                counts.initialize(repeating: -1)
                                places.initialize(repeating: 0)
                                // Where each named ray lies: bit 0 above, 1 below (old), 2 above, 3 below (new).
                                for (bit, rays) in all.enumerated() { for ray in rays where ray.id >= 0 { places[Int(ray.id)] |= 1 << bit } }
                                var painter = RecolourPainter(
                                    scan: scan, sector: coversFullTurn ? nil : sector, area: area, layer: layer, canvas: canvas, rimCache: rims,
                                    segments: segments.baseAddress!, counts: counts.baseAddress!, index: ints.baseAddress!,
                                    places: places.baseAddress!, columns: ints.baseAddress! + RayFan.names, coverage: coverage.baseAddress!,
                                    shaded: pixels.baseAddress!, under: pixels.baseAddress! + width)
                                guard painter.paint(old: old.above, new: new.above, above: true),
                                      painter.paint(old: old.below, new: new.below, above: false) else { return false }
                                painter.paintCentreRow(old: old, new: new)
                                return true
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The row-by-row work of `ArcStroke.recolour`: each moved ray's rows, each row's covered pieces
/// worked out once (as they are asked for), and the changed stretches painted.
private struct RecolourPainter {
    /// A piece of a row the band covers (its annulus's piece cut to its wedge): columns x ..< end.
    struct Segment {
        var x: Int32 = 0, end: Int32 = 0
        var whole = false
    }

    /// At most five annulus pieces either side of the hole, cut three more times by the wedge.
    static let perRow = 16

    let scan: AnnulusScan, sector: Sector?, area: IntRect, layer: Layer, canvas: Canvas, rimCache: RimCache
    /// Each row's pieces (`perRow` a row) and how many (-1 until worked out).
    let segments: UnsafeMutablePointer<Segment>, counts: UnsafeMutablePointer<Int8>
    /// Each ray's place in the old half, by name (-1 where it is not there, -2 once paired).
    let index: UnsafeMutablePointer<Int32>
    /// Which halves each named ray lies in, in the old frame and the new (`ArcStroke.recolour`).
    let places: UnsafeMutablePointer<UInt8>
    /// A row's rim pixels: columns, coverage, colour and what lies under them (with room for four more).
    let columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>
    let shaded: UnsafeMutablePointer<UInt32>, under: UnsafeMutablePointer<UInt32>

    /// One half's rays: each named ray that moved, paired with its old self by name; one found in
    /// only one frame's half passed 3 or 9 o'clock (it is in the other frame's other half), or came
    /// or went at the seam (it is not), by the end. False where a ray's colour changed.
    mutating func paint(old: RayFan.Half, new: RayFan.Half, above: Bool) -> Bool {
        let fresh = new.rays, stale = old.rays
        for ray in fresh where ray.id >= 0 { index[Int(ray.id)] = -1 }
        for (k, ray) in stale.enumerated() where ray.id >= 0 { index[Int(ray.id)] = Int32(k) }
        // A ray that crosses rows above the centre with dx / dy < 0 lies right of it (3 o'clock's side).
        let rightward = { (slope: Double) in above ? slope < 0 : slope > 0 }
        // The other half's bit, in the other frame: old (0, 1) for a new ray, new (2, 3) for an old one.
        let otherOld: UInt8 = above ? 2 : 1, otherNew: UInt8 = above ? 8 : 4
        return fresh.withUnsafeBufferPointer { rays in
            for k in rays.indices where rays[k].id >= 0 {
                let id = Int(rays[k].id), was = index[id]
                if was >= 0 {
                    guard stale[Int(was)].color == rays[k].color else { return false }
                    index[id] = -2
                    if stale[Int(was)].slope != rays[k].slope {
                        paint(ray: k, of: rays, left: new.leftColor, from: stale[Int(was)].slope, side: nil, above: above)
                    }
                } else if places[id] & otherOld != 0 {
                    paint(ray: k, of: rays, left: new.leftColor, from: rays[k].slope, side: rightward(rays[k].slope), above: above)
                }
            }
            for ray in stale where ray.id >= 0 && index[Int(ray.id)] >= 0 && places[Int(ray.id)] & otherNew != 0 {
                paint(ray: nil, of: rays, left: new.leftColor, from: ray.slope, side: rightward(ray.slope), above: above)
            }
            return true
        }
    }

    /// Paints, on the rows where a ray crosses the annulus, the columns between where it crossed
    /// them (`from`, its old slope) and where ray `ray` of `rays` crosses them now, or, with `side`,
    /// the row on that side of the centre (right for true) wherever it crosses; each pixel in the
    /// colour the new rays give it.
    mutating func paint(ray k: Int?, of rays: UnsafeBufferPointer<RayFan.Ray>, left: UInt32, from so: Double, side: Bool?, above: Bool) {
        let cx = scan.cx, cy = scan.cy, count = rays.count
        let sn = k.map { rays[$0].slope } ?? so
        // Rows where either ray can cross the annulus: |dy| between inner and outer over
        // sqrt(1 + slope^2), a row more either way; to a side, from the centre's row out (where the
        // ray crosses in the hole, the whole of the band's side of the row changes).
        let a = 1 / (1 + so * so).squareRoot(), b = 1 / (1 + sn * sn).squareRoot()
        let near = side == nil ? max(0, scan.inner * min(a, b) - 1) : 0, far = scan.outer * max(a, b) + 1
        let top = above ? floorToIntInRange(cy - far - 0.5) : ceilToIntInRange(cy + near - 0.5)
        let bottom = above ? ceilToIntInRange(cy - near - 0.5) + 1 : floorToIntInRange(cy + far - 0.5) + 1
        // Only the rows of this half: above the centre (dy < 0) or below it (dy > 0).
        let first = max(top, area.minY, above ? Int.min : floorToIntInRange(cy - 0.5) + 1)
        let last = min(bottom, area.maxY, above ? ceilToIntInRange(cy - 0.5) : Int.max)
        guard first < last else { return }
        @inline(__always) func held(_ slope: Double) -> Double { RecolourPainter.held(slope) }
        @inline(__always) func crossing(_ slope: Double, _ dy: Double) -> Int { RecolourPainter.crossing(slope, dy, cx: cx) }
        let o = held(so), n = held(sn)
        // Left to right on a row, the columns grow with the slope below the centre and fall with it above.
        @inline(__always) func key(_ slope: Double) -> Double { above ? -slope : slope }
        // A pixel whose centre lies at least half a diagonal inside both circles is whole (the
        // scan finds it so): no row to work out for it.
        let inside = (scan.inner + 0.7072) * (scan.inner + 0.7072), outside = (scan.outer - 0.7072) * (scan.outer - 0.7072)
        // The rows whose changed pixels all pass that test, known without it: the pixels' centres
        // lie on the row between the two rays (x - cx = dy s, s between o and n), at squared distances
        // from the centre between dy^2 (1 + s^2) for the smaller and larger s^2; with both rays on
        // one side of the centre's column (not either side of 12 or 6 o'clock), so does the stretch.
        let interior = side == nil ? interiorRows(o, n, inside: inside, outside: outside, above: above) : (lo: 0, hi: 0)
        if let k, side == nil,
           k == 0 || key(rays[k - 1].slope) <= min(key(so), key(sn)), k + 1 == count || key(rays[k + 1].slope) >= max(key(so), key(sn)) {
            // No neighbour crosses between the ray's two places on any row: one colour, left of the
            // ray where it moved right, else its own; and the pixels between two places in the wedge
            // are in it, so the annulus's pieces say which are whole and which rims, with no cut to make.
            let color = key(sn) > key(so) ? (k == 0 ? left : rays[k - 1].color) : rays[k].color
            let from = max(first, min(interior.lo, last)), to = max(from, min(interior.hi, last))
            for y in first..<from { paintStretch(y: y, from: o, to: n, color: color, inside: inside, outside: outside) }
            if from < to {
                // Row by row down the canvas: py is each row's centre (whole numbers and a half, exact).
                let slopes = SIMD2(o, n), minX = area.minX, maxX = area.maxX, stride = canvas.pixmap.stride
                var target = canvas.row(from), py = Double(from) + 0.5
                for _ in from..<to {
                    let (was, now) = RecolourPainter.crossings(slopes, py - cy, cx: cx)
                    if was != now {
                        let lo = max(min(was, now), minX), hi = min(max(was, now), maxX)
                        if lo < hi { Canvas.fill(target + lo, count: hi &- lo, with: color) }
                    }
                    target += stride; py += 1
                }
            }
            for y in to..<last { paintStretch(y: y, from: o, to: n, color: color, inside: inside, outside: outside) }
            return
        }
        for y in first..<last {
            let dy = Double(y) + 0.5 - cy
            let lo: Int, hi: Int
            if let side {
                // Where the ray crosses and which stretch it bounds both change: the band's side of
                // the row.
                let middle = Int(cx)
                (lo, hi) = side ? (middle - 1, area.maxX) : (area.minX, middle + 2)
            } else {
                let was = crossing(o, dy), now = crossing(n, dy)
                guard was != now else { continue }
                (lo, hi) = (min(was, now), max(was, now))
            }
            // Pixel by pixel, left to right, cut to the wedge: the last ray at or left of each, found by
            // walking on (from the moved ray's place, the rays meet a row in order).
            var j = -1
            if let k, side == nil {
                j = k
                while j >= 0 && crossing(held(rays[j].slope), dy) > lo { j -= 1 }
                // Where every pixel of the stretch is whole, in runs between the rays' crossings.
                if y >= interior.lo && y < interior.hi && paintRuns(y: y, from: lo, to: hi, after: j, of: rays, dy: dy) { continue }
            }
            paint(y: y, from: lo, to: hi, color: nil) { x in
                while j + 1 < count && crossing(held(rays[j + 1].slope), dy) <= x { j += 1 }
                return j < 0 ? left : rays[j].color
            }
        }
    }

    /// Paints on row y (where every pixel between lo and hi is whole: `interiorRows`) columns
    /// lo ..< hi, each in the colour right of the last ray at or left of it (`rays[j]` the last at or
    /// left of lo), in runs between where the rays cross the row, with no cut to make: false where
    /// no ray lies left of them, or the start or the end crosses the row within two columns of them
    /// (where the wedge, whose rays are worked out otherwise, may cut it). The caller then paints
    /// the whole stretch again pixel by pixel.
    @inline(__always)
    func paintRuns(y: Int, from lo: Int, to hi: Int, after j: Int, of rays: UnsafeBufferPointer<RayFan.Ray>, dy: Double) -> Bool {
        @inline(__always) func crossing(_ i: Int) -> Int { RecolourPainter.crossing(RecolourPainter.held(rays[i].slope), dy, cx: scan.cx) }
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

    /// Paints on row y, in `color`, the columns between where rays of slopes `o` and `n` cross it:
    /// pixels whose centres lie half a diagonal inside both circles (squared distances `inside` and
    /// `outside`) are whole, the rest are the annulus row's pieces.
    @inline(__always)
    mutating func paintStretch(y: Int, from o: Double, to n: Double, color: UInt32, inside: Double, outside: Double) {
        let cx = scan.cx, dy = Double(y) + 0.5 - scan.cy
        let (was, now) = RecolourPainter.crossings(SIMD2(o, n), dy, cx: cx)
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
    /// `o` and `n` lies at a squared distance from the centre within `inside ... outside` and a pixel
    /// or more off the centre's column (empty where the rays lie either side of it: through 12 or 6
    /// o'clock). A pixel off that column keeps the stretch to one side of it beyond any rounding of
    /// where the rays cross a row.
    func interiorRows(_ o: Double, _ n: Double, inside: Double, outside: Double, above: Bool) -> (lo: Int, hi: Int) {
        guard (o > 0 && n > 0) || (o < 0 && n < 0), inside < outside else { return (0, 0) }
        // Those centres lie at dx = dy s, s between o and n (a hundredth of a pixel kept for rounding).
        let small = min(o * o, n * n), large = max(o * o, n * n)
        let near = (inside / (1 + small)).squareRoot() + 0.01, far = (outside / (1 + large)).squareRoot() - 0.01
        guard near < far, min(abs(o), abs(n)) * near >= 1 else { return (0, 0) }
        let cy = scan.cy
        return above ? (ceilToIntInRange(cy - far - 0.5), floorToIntInRange(cy - near - 0.5) + 1)
            : (ceilToIntInRange(cy + near - 0.5), floorToIntInRange(cy + far - 0.5) + 1)
    }

    /// The row through the centre, where the shader gives 9 o'clock's colour left of it and 3 o'clock's
    /// right: painted where those changed.
    mutating func paintCentreRow(old: RayFan, new: RayFan) {
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

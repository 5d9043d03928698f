/// The row-by-row work of `ArcStroke.recolor`: each moved ray's rows, each row's covered pieces
/// worked out once (as they are asked for), and the changed stretches painted.
struct RecolorPainter {
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
    /// Which halves each named ray lies in, in the old frame and the new (`ArcStroke.recolor`).
    let places: UnsafeMutablePointer<UInt8>
    /// A row's rim pixels: columns, coverage, colour and what lies under them (with room for four more).
    let columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>
    let shaded: UnsafeMutablePointer<UInt32>, under: UnsafeMutablePointer<UInt32>

    init(scan: AnnulusScan, sector: Sector?, area: IntRect, layer: Layer, canvas: Canvas, rimCache: RimCache, scratch: RecolorScratch) {
        (self.scan, self.sector, self.area, self.layer, self.canvas, self.rimCache) = (scan, sector, area, layer, canvas, rimCache)
        (segments, counts, index, places) = (scratch.segments, scratch.counts, scratch.index, scratch.places)
        (columns, coverage, shaded, under) = (scratch.columns, scratch.coverage, scratch.shaded, scratch.under)
    }

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
    mutating func paint(ray k: Int?, of rays: UnsafeBufferPointer<RayFan.Ray>, left: UInt32, from oldSlope: Double, side: Bool?, above: Bool) {
        let cx = scan.cx, cy = scan.cy, count = rays.count
        let newSlope = k.map { rays[$0].slope } ?? oldSlope
        // Rows where either ray can cross the annulus: |dy| between inner and outer times the
        // ray's cosine from the vertical, 1 / sqrt(1 + slope^2), a row more either way; to a side, from the centre's row out (where the
        // ray crosses in the hole, the whole of the band's side of the row changes).
        let oldCos = 1 / (1 + oldSlope * oldSlope).squareRoot(), newCos = 1 / (1 + newSlope * newSlope).squareRoot()
        let near = side == nil ? max(0, scan.inner * min(oldCos, newCos) - 1) : 0, far = scan.outer * max(oldCos, newCos) + 1
        let top = above ? floorToIntInRange(cy - far - 0.5) : ceilToIntInRange(cy + near - 0.5)
        let bottom = above ? ceilToIntInRange(cy - near - 0.5) + 1 : floorToIntInRange(cy + far - 0.5) + 1
        // Only the rows of this half: above the centre (dy < 0) or below it (dy > 0).
        let first = max(top, area.minY, above ? Int.min : floorToIntInRange(cy - 0.5) + 1)
        let last = min(bottom, area.maxY, above ? ceilToIntInRange(cy - 0.5) : Int.max)
        guard first < last else { return }
        @inline(__always) func held(_ slope: Double) -> Double { RecolorPainter.held(slope) }
        @inline(__always) func crossing(_ slope: Double, _ dy: Double) -> Int { RecolorPainter.crossing(slope, dy, cx: cx) }
        let old = held(oldSlope), new = held(newSlope)
        // Left to right on a row, the columns grow with the slope below the centre and fall with it above.
        @inline(__always) func key(_ slope: Double) -> Double { above ? -slope : slope }
        // A pixel whose centre lies at least half a diagonal inside both circles is whole (the
        // scan finds it so): no row to work out for it.
        let inside = (scan.inner + 0.7072) * (scan.inner + 0.7072), outside = (scan.outer - 0.7072) * (scan.outer - 0.7072)
        // The rows whose changed pixels all pass that test, known without it: the pixels' centres
        // lie on the row between the two rays (x - cx = dy s, s between old and new), at squared distances
        // from the centre between dy^2 (1 + s^2) for the smaller and larger s^2; with both rays on
        // one side of the centre's column (not either side of 12 or 6 o'clock), so does the stretch.
        let interior = side == nil ? interiorRows(old, new, inside: inside, outside: outside, above: above) : (lo: 0, hi: 0)
        if let k, side == nil,
           k == 0 || key(rays[k - 1].slope) <= min(key(oldSlope), key(newSlope)), k + 1 == count || key(rays[k + 1].slope) >= max(key(oldSlope), key(newSlope)) {
            // No neighbour crosses between the ray's two places on any row: one colour, left of the
            // ray where it moved right, else its own; and the pixels between two places in the wedge
            // are in it, so the annulus's pieces say which are whole and which rims, with no cut to make.
            let color = key(newSlope) > key(oldSlope) ? (k == 0 ? left : rays[k - 1].color) : rays[k].color
            let from = max(first, min(interior.lo, last)), to = max(from, min(interior.hi, last))
            for y in first..<from { paintStretch(y: y, from: old, to: new, color: color, inside: inside, outside: outside) }
            if from < to {
                // Row by row down the canvas: py is each row's centre (whole numbers and a half, exact).
                let slopes = SIMD2(old, new), minX = area.minX, maxX = area.maxX, stride = canvas.pixmap.stride
                var target = canvas.row(from), py = Double(from) + 0.5
                for _ in from..<to {
                    let (was, now) = RecolorPainter.crossings(slopes, py - cy, cx: cx)
                    if was != now {
                        let lo = max(min(was, now), minX), hi = min(max(was, now), maxX)
                        if lo < hi { Canvas.fill(target + lo, count: hi &- lo, with: color) }
                    }
                    target += stride; py += 1
                }
            }
            for y in to..<last { paintStretch(y: y, from: old, to: new, color: color, inside: inside, outside: outside) }
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
                let was = crossing(old, dy), now = crossing(new, dy)
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
}

/// A recolored band's annulus, row by row: each row's extent and whole columns, and its rim pixels
/// (its partly covered pixels, each with its coverage and the layer's pixel under it). A row is
/// worked out the first time a recolor asks for it and kept from frame to frame while the annulus,
/// the rows and the layer are the same, so that repainting a rim reads a few bytes held together
/// instead of working the row out again and reading the layer's pixels, which the frames' drawing
/// has long left (`ArcStroke.recolor`).
public final class RimCache {
    /// A rim pixel: its column, its coverage and the layer's pixel under it.
    struct Rim {
        var column: Int32, coverage: Float, under: UInt32
    }

    private var cx = 0.0, cy = 0.0, inner = 0.0, outer = 0.0, area = IntRect(x: 0, y: 0, width: 0, height: 0)
    private weak var layer: Layer.Identity?
    /// Per row of `area`: where its rims start in `rims` and how many (-1 until worked out).
    private var first = UnsafeMutablePointer<Int32>.allocate(capacity: 0), counts = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var rims = UnsafeMutablePointer<Rim>.allocate(capacity: 0), used = 0, capacity = 0
    /// Per row of `area`: the annulus's row, and whether it is worked out (0), misses the annulus (1)
    /// or is there (2).
    private var rows = UnsafeMutablePointer<AnnulusScan.Row>.allocate(capacity: 0), states = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)

    public init() {}

    deinit { first.deallocate(); counts.deallocate(); rims.deallocate(); rows.deallocate(); states.deallocate() }

    /// Keeps what it holds if it was worked out for this annulus, rows and layer; else forgets it.
    func use(_ scan: AnnulusScan, area: IntRect, layer: Layer) {
        guard scan.cx != cx || scan.cy != cy || scan.inner != inner || scan.outer != outer || area != self.area
                || self.layer !== layer.identity else { return }
        cx = scan.cx; cy = scan.cy; inner = scan.inner; outer = scan.outer
        self.layer = layer.identity
        if area.height != self.area.height {
            first.deallocate(); counts.deallocate(); rows.deallocate(); states.deallocate()
            first = .allocate(capacity: area.height); counts = .allocate(capacity: area.height)
            rows = .allocate(capacity: area.height); states = .allocate(capacity: area.height)
        }
        self.area = area
        counts.initialize(repeating: -1, count: area.height)
        states.initialize(repeating: 0, count: area.height)
        used = 0
    }

    /// Row y of `scan` (the annulus it holds, in its rows), nil where it misses the annulus; worked
    /// out the first time.
    @inline(__always)
    func row(_ y: Int, of scan: AnnulusScan) -> UnsafeMutablePointer<AnnulusScan.Row>? {
        let i = y - area.minY
        if states[i] == 0 {
            if let row = scan.row(y, in: area) { (rows + i).initialize(to: row); states[i] = 2 } else { states[i] = 1 }
        }
        return states[i] == 2 ? rows + i : nil
    }

    /// Row `row`'s rims, left to right, worked out (by `scan`, over `layer`) the first time; good
    /// until the next row is asked for.
    @inline(__always)
    func rims(of row: UnsafePointer<AnnulusScan.Row>, scan: AnnulusScan, layer: Layer,
              columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>) -> UnsafeBufferPointer<Rim> {
        let i = row.pointee.y - area.minY
        if counts[i] < 0 { workOut(row, index: i, scan: scan, layer: layer, columns: columns, coverage: coverage) }
        return UnsafeBufferPointer(start: rims + Int(first[i]), count: Int(counts[i]))
    }

    /// Row `row`'s rims (`columns` and `coverage` room for a row and four more).
    private func workOut(_ row: UnsafePointer<AnnulusScan.Row>, index i: Int, scan: AnnulusScan, layer: Layer,
                         columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>) {
        var n = 0
        row.pointee.forEachPiece { x, count, whole in
            guard !whole else { return }
            for column in x..<(x &+ count) { columns[n] = Int32(truncatingIfNeeded: column); n &+= 1 }
        }
        scan.cover(y: row.pointee.y, columns: columns, count: n, into: coverage)
        if used + n > capacity {
            let grown = UnsafeMutablePointer<Rim>.allocate(capacity: max(2 * capacity, used + n, 1024))
            grown.moveInitialize(from: rims, count: used)
            rims.deallocate()
            rims = grown
            capacity = max(2 * capacity, used + n, 1024)
        }
        let y = row.pointee.y
        for k in 0..<n {
            (rims + used + k).initialize(to: Rim(column: columns[k], coverage: coverage[k], under: layer.pixel(x: Int(columns[k]), y: y)))
        }
        first[i] = Int32(used); counts[i] = Int32(n)
        used += n
    }
}

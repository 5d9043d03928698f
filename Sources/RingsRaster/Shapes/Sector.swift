import Foundation

/// The wedge of directions from a centre that starts at `start` (clockwise from 12 o'clock) and opens
/// clockwise through `sweep` (0 ..< 2 pi). On a pixel row, membership can change only where the two
/// boundary rays cross the row (and at the centre's column on the row through the centre), so a run
/// of pixels is cut at those columns and each piece is tested once.
public struct Sector: Sendable {
    public let center: Point
    public let start: Double, sweep: Double
    let sx: Double, sy: Double, ex: Double, ey: Double

    public init(center: Point, start: Double, sweep: Double) {
        self.center = center
        self.start = start
        self.sweep = sweep
        sx = sin(start); sy = -cos(start)
        ex = sin(start + sweep); ey = -cos(start + sweep)
    }

    /// Whether the direction (dx, dy) from the centre lies in the wedge (boundaries included).
    @inline(__always)
    public func contains(dx: Double, dy: Double) -> Bool {
        let afterStart = sx * dy - sy * dx >= 0
        let beforeEnd = dx * ey - dy * ex >= 0
        return sweep > Double.pi ? (afterStart || beforeEnd) : (afterStart && beforeEnd)
    }

    /// Whether the centre of pixel (x, y) lies in the wedge.
    @inline(__always)
    public func contains(x: Int, y: Int) -> Bool {
        contains(dx: Double(x) + 0.5 - center.x, dy: Double(y) + 0.5 - center.y)
    }

    /// The first column whose pixel centre is at or right of where a ray crosses row y, if it does.
    @inline(__always)
    private func crossing(_ dirX: Double, _ dirY: Double, row dy: Double) -> Int? {
        guard dirY != 0, dy / dirY > 0 else { return nil }
        let x = center.x + dirX * dy / dirY
        guard x.isFinite, abs(x) < 1e9 else { return nil }
        return ceilToInt(x - 0.5)
    }

    /// The columns where membership can change on row y, in order (Int.max for none): the first pixel
    /// centres at or right of where each boundary ray crosses the row, and the centre's column on the
    /// row through the centre.
    @inline(__always)
    public func cuts(y: Int) -> (Int, Int, Int) {
        let dy = Double(y) + 0.5 - center.y
        var cuts = (crossing(sx, sy, row: dy) ?? Int.max, crossing(ex, ey, row: dy) ?? Int.max,
                    dy == 0 ? ceilToInt(center.x - 0.5) : Int.max)
        if cuts.0 > cuts.1 { swap(&cuts.0, &cuts.1) }
        if cuts.1 > cuts.2 { swap(&cuts.1, &cuts.2) }
        if cuts.0 > cuts.1 { swap(&cuts.0, &cuts.1) }
        return cuts
    }

    /// Calls `body(x, count, inside)` for the pieces of the run (x0 ..< x0 + count) on row y, in order;
    /// `cuts` are the row's (`cuts(y:)`, worked out once for a row's runs).
    @inline(__always)
    public func forEachPiece(y: Int, x0: Int, count: Int, cuts: (Int, Int, Int),
                             _ body: (_ x: Int, _ count: Int, _ inside: Bool) -> Void) {
        let end = x0 + count
        var x = x0
        // Each piece is tested at its last pixel: its first may sit exactly on the ray that cut it.
        @inline(__always) func piece(upTo cut: Int) {
            guard cut > x, x < end else { return }
            let stop = min(cut, end)
            body(x, stop - x, contains(x: stop - 1, y: y))
            x = stop
        }
        piece(upTo: cuts.0)
        piece(upTo: cuts.1)
        piece(upTo: cuts.2)
        piece(upTo: end)
    }

    /// `forEachPiece` with the row's cuts worked out here.
    @inline(__always)
    public func forEachPiece(y: Int, x0: Int, count: Int, _ body: (_ x: Int, _ count: Int, _ inside: Bool) -> Void) {
        forEachPiece(y: y, x0: x0, count: count, cuts: cuts(y: y), body)
    }
}

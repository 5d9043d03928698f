import FoundationEssentials
import Glibc

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
        return ceilToIntInRange(x - 0.5)
    }

    /// Row y's view of the wedge: where membership can change on it, and each stretch's answer.
    @inline(__always)
    public func row(_ y: Int) -> Row {
        let dy = Double(y) + 0.5 - center.y
        var cuts = (crossing(sx, sy, row: dy) ?? Int.max, crossing(ex, ey, row: dy) ?? Int.max,
                    dy == 0 ? ceilToInt(center.x - 0.5) : Int.max)
        if cuts.0 > cuts.1 { swap(&cuts.0, &cuts.1) }
        if cuts.1 > cuts.2 { swap(&cuts.1, &cuts.2) }
        if cuts.0 > cuts.1 { swap(&cuts.0, &cuts.1) }
        return Row(sector: self, y: y, cuts: cuts)
    }

    /// One row of the wedge. Membership can change only at its cuts: the first pixel centres at or
    /// right of where each boundary ray crosses the row, and the centre's column on the row through
    /// the centre (Int.max for none). Between two cuts it is the same for every pixel but the one at
    /// the first cut, whose centre may sit exactly on its ray, so it is worked out once per stretch.
    public struct Row {
        let sector: Sector, y: Int
        let cuts: (Int, Int, Int)
        /// Each stretch's membership once known, a bit each (before the first cut, then after each).
        private var known: UInt8 = 0, inside: UInt8 = 0

        init(sector: Sector, y: Int, cuts: (Int, Int, Int)) {
            self.sector = sector; self.y = y; self.cuts = cuts
        }

        /// The piece of x ..< end that starts at x: where it ends (at the next cut or at `end`) and
        /// whether it lies in the wedge, by its last pixel (its first may sit exactly on the ray that cut it).
        @inline(__always)
        public mutating func piece(from x: Int, to end: Int) -> (end: Int, inside: Bool) {
            let (lower, upper, stretch): (Int, Int, UInt8) =
                x < cuts.0 ? (Int.min, cuts.0, 1) : x < cuts.1 ? (cuts.0, cuts.1, 2) : x < cuts.2 ? (cuts.1, cuts.2, 4) : (cuts.2, Int.max, 8)
            let stop = min(upper, end)
            if stop &- 1 == lower { return (stop, sector.contains(x: lower, y: y)) }
            if known & stretch == 0 {
                known |= stretch
                if sector.contains(x: stop &- 1, y: y) { inside |= stretch }
            }
            return (stop, inside & stretch != 0)
        }

        /// Calls `body(x, count, inside)` for the pieces of the run (x0 ..< x0 + count), in order.
        @inline(__always)
        public mutating func forEachPiece(x0: Int, count: Int, _ body: (_ x: Int, _ count: Int, _ inside: Bool) -> Void) {
            let end = x0 + count
            var x = x0
            while x < end {
                let piece = self.piece(from: x, to: end)
                body(x, piece.end - x, piece.inside)
                x = piece.end
            }
        }
    }

    /// Calls `body(x, count, inside)` for the pieces of the run (x0 ..< x0 + count) on row y, in order.
    @inline(__always)
    public func forEachPiece(y: Int, x0: Int, count: Int, _ body: (_ x: Int, _ count: Int, _ inside: Bool) -> Void) {
        var row = self.row(y)
        row.forEachPiece(x0: x0, count: count, body)
    }
}

import FoundationEssentials
import Glibc
import RingsRaster

/// A conic gradient parametrised by arc length along an arc over any number of laps: the paint of an
/// arc fill (`DrawCommand(arc:shader:)`, whose `ArcCaps` colour the round caps).
///
/// At angle theta on lap k the parameter is u = (theta + 2 pi k) / |sweep|, from the latest lap that
/// passes the angle (later laps lie on top); angles in the gap of a sweep under one turn take u = 0.
/// The start is seamless: one lap's end meets the next lap's start in the same colour.
///
/// Fast path: the colour is a function of the angle alone, and it changes only on a few rays from the
/// centre (`ConicRays`: where the colour table's entry changes, the end line, the gap's edges). A run of
/// pixels finds the first ray it meets by a binary search on where the rays cross its row; from there
/// each ray ends a stretch of one colour, at the column where it crosses the row, and the stretch is
/// filled with wide stores. No pixel needs an angle.
public final class ConicArcShader: ArcShader {
    public let ramp: ColorRamp
    private let rays: ConicRays
    private let cx: Double, cy: Double, total: Double
    /// Each half's rays in memory of the shader's own (written once, here), read by every row without a reference to count.
    nonisolated(unsafe) private let above: UnsafeMutableBufferPointer<ConicRays.Ray>
    nonisolated(unsafe) private let below: UnsafeMutableBufferPointer<ConicRays.Ray>

    /// The gradient of `arc`'s band: its centre, start angle and sweep.
    public convenience init(arc: ArcStroke, ramp: ColorRamp) {
        let total = abs(arc.sweep)
        self.init(ramp: ramp, rays: ConicRays(start: arc.startAngle, total: total, direction: arc.direction, lut: ramp.lut, steps: ramp.steps),
                  cx: arc.center.x, cy: arc.center.y, total: total)
    }

    private init(ramp: ColorRamp, rays: ConicRays, cx: Double, cy: Double, total: Double) {
        self.ramp = ramp; self.rays = rays; self.cx = cx; self.cy = cy; self.total = total
        func copied(_ list: [ConicRays.Ray]) -> UnsafeMutableBufferPointer<ConicRays.Ray> {
            let buffer = UnsafeMutableBufferPointer<ConicRays.Ray>.allocate(capacity: list.count)
            _ = buffer.initialize(from: list)
            return buffer
        }
        above = copied(rays.above.rays); below = copied(rays.below.rays)
    }

    deinit { above.deallocate(); below.deallocate() }

    /// The same gradient with red and blue exchanged: its rays' colours swapped, not worked out again.
    public func swappingRedAndBlue() -> ConicArcShader {
        ConicArcShader(ramp: ramp.swappingRedAndBlue(), rays: rays.mapColors(PackedPixel.swappingRedAndBlue), cx: cx, cy: cy, total: total)
    }

    public var isOpaque: Bool { ramp.isOpaque }
    public var rayFan: RayFan? { RayFan(above: rays.above, below: rays.below, nineOClock: rays.nineOClock, threeOClock: rays.threeOClock) }
    public var startPixel: UInt32 { ramp.lut[0] }
    public var endPixel: UInt32 { ramp.lut[ramp.lut.count - 1] }
    public func color(atParameter u: Double) -> ColorF { ramp.color(at: u) }
    public var isAffine: Bool { ramp.isAffine }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard total > 0 else { return Canvas.fill(out, count: count, with: endPixel) }
        let dy = Double(y) + 0.5 - cy, end = x + count
        guard dy != 0 else {
            // The row through the centre: straight left of it 9 o'clock, right of it 3 o'clock.
            let middle = min(end, max(x, Int((cx - 0.5).rounded(.up))))
            Canvas.fill(out, count: middle - x, with: rays.nineOClock)
            Canvas.fill(out + (middle - x), count: end - middle, with: rays.threeOClock)
            return
        }
        // The rays that cross this half of the plane, met left to right; each ends a stretch of one colour.
        let list = UnsafeBufferPointer(dy < 0 ? above : below)
        let leftColor = dy < 0 ? rays.above.leftColor : rays.below.leftColor
        // Where each ray crosses the row, less half a pixel: the first column whose centre lies past it.
        @inline(__always) func crossing(_ k: Int) -> Double { cx + dy * list[k].slope - 0.5 }
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if crossing(mid) <= Double(x) { lo = mid + 1 } else { hi = mid }
        }
        var color = lo == 0 ? leftColor : list[lo - 1].color
        var column = x, k = lo
        while k < list.count {
            let at = crossing(k)
            guard at < Double(end) else { break }
            // x < at < end: the binary search and the guard keep it in range.
            let stop = ceilToIntInRange(at)
            Canvas.fill(out + (column - x), count: stop - column, with: color)
            column = stop
            color = list[k].color
            k += 1
        }
        Canvas.fill(out + (column - x), count: end - column, with: color)
    }

    /// The angle of the offset (dx, dy) (y down) clockwise from 12 o'clock, in [0, 2 pi).
    @inline(__always)
    static func clockwiseAngle(dx: Double, dy: Double) -> Double {
        let angle = atan2(dx, -dy)
        return angle < 0 ? angle + 2 * Double.pi : angle
    }

    /// The latest lap's colour at the point's angle (the start colour in the gap).
    public func color(atX x: Double, y: Double) -> ColorF {
        guard total > 0 else { return ramp.color(at: 1) }
        return ramp.color(at: rays.parameter(atAngle: Self.clockwiseAngle(dx: x - cx, dy: y - cy)))
    }
}

/// The rays from an arc's centre on which its conic gradient's colour changes (where the colour
/// table's entry changes, the end line, the edges of the gap), split by the half of the plane they
/// cross, each half's in the order a row meets them left to right.
struct ConicRays {
    /// A ray: dx / dy along it, the colour right of it, and which it is (the table's entry where the
    /// colour changes; -1 the start, -2 the end).
    typealias Ray = RayFan.Ray
    /// The rays of one half of the plane, left to right, and the colour left of the first.
    typealias Half = RayFan.Half

    let start: Double, total: Double, direction: Double
    /// The rays that go up from the centre (met left to right on rows above it: clockwise) and down.
    let above: Half, below: Half
    /// The colours straight left and right of the centre.
    let nineOClock: UInt32, threeOClock: UInt32

    /// The rays of a gradient from `start` (clockwise from 12 o'clock) through `total` radians in
    /// `direction` (+1 clockwise), coloured from `lut` (entries evenly spaced over u in 0...1), whose
    /// colour changes at the entries `steps`.
    init(start: Double, total: Double, direction: Double, lut: [UInt32], steps: [Int]) {
        self.start = start; self.total = total; self.direction = direction
        let last = Double(lut.count - 1), turn = 2 * Double.pi
        // The laps on top show u from lowest to 1 once round.
        let lowest = total >= turn ? 1 - turn / total : 0
        // Each ray's angle clockwise from 12 o'clock on screen, in [0, 2 pi), and its name, from its
        // angle from the start along the band.
        var named: [(Double, Int32)] = []
        named.reserveCapacity(steps.count + 2)
        @inline(__always) func add(_ relative: Double, _ id: Int32) {
            let angle = remainderOfTurn(start + direction * relative)
            named.append((angle < 0 ? angle + turn : angle, id))
        }
        add(remainderOfTurn(total), -2)
        if total < turn { add(0, -1) }
        for j in steps {
            // Entry j from u = (j - 1/2) / last on (table indices round to the nearest).
            let u = (Double(j) - 0.5) / last
            if u > lowest { add(remainderOfTurn(u * total), Int32(j)) }
        }
        named.sort { $0.0 < $1.0 }
        @inline(__always) func color(at angle: Double) -> UInt32 {
            // u * last is within 0...last: rounded half away from zero, as `rounded()`, without a call.
            let x = ConicRays.parameter(atAngle: angle, start: start, total: total, direction: direction) * last
            let t = Int(x)
            return lut[x - Double(t) >= 0.5 ? t + 1 : t]
        }
        var above = Half(), below = Half()
        above.rays.reserveCapacity(named.count); below.rays.reserveCapacity(named.count)
        let count = named.count
        for k in 0..<count {
            // Between a ray and its neighbours the colour is that of any angle in between.
            let angle = named[k].0
            let after = k + 1 < count ? named[k + 1].0 : named[0].0 + turn
            let before = k > 0 ? named[k - 1].0 : named[count - 1].0 - turn
            let dirY = -cos(angle), slope = sin(angle) / dirY
            if dirY < 0 {
                above.rays.append(Ray(slope: slope, color: color(at: (angle + after) / 2), id: named[k].1))
            } else if dirY > 0 {
                below.rays.append(Ray(slope: slope, color: color(at: (before + angle) / 2), id: named[k].1))
            }
        }
        // Left to right, from 9 o'clock to 3: a ray crosses the row dy at cx + dy slope, so x falls as
        // the slope grows above the centre (dy < 0) and grows with it below.
        above.rays.sort { $0.slope > $1.slope }
        below.rays.sort { $0.slope < $1.slope }
        nineOClock = color(at: 1.5 * Double.pi); threeOClock = color(at: 0.5 * Double.pi)
        // Left of every ray on a row: just past 9 o'clock above the centre, just short of it below.
        // (Not the colour at 9 o'clock itself: an end there, a sweep of three quarters, belongs to
        // neither half, and above the centre the gap after it begins.)
        let nine = 1.5 * Double.pi
        let past = named.first { $0.0 > nine }?.0 ?? named[0].0 + turn, short = named.last { $0.0 < nine }?.0 ?? named[count - 1].0 - turn
        above.leftColor = color(at: (nine + past) / 2); below.leftColor = color(at: (short + nine) / 2)
        self.above = above; self.below = below
    }

    private init(start: Double, total: Double, direction: Double, above: Half, below: Half, nineOClock: UInt32, threeOClock: UInt32) {
        self.start = start; self.total = total; self.direction = direction
        self.above = above; self.below = below; self.nineOClock = nineOClock; self.threeOClock = threeOClock
    }

    /// The same rays with every colour passed through `transform`.
    func mapColors(_ transform: (UInt32) -> UInt32) -> ConicRays {
        func mapped(_ half: Half) -> Half {
            var out = Half()
            out.rays = half.rays.map { Ray(slope: $0.slope, color: transform($0.color), id: $0.id) }
            out.leftColor = transform(half.leftColor)
            return out
        }
        return ConicRays(start: start, total: total, direction: direction, above: mapped(above), below: mapped(below),
                         nineOClock: transform(nineOClock), threeOClock: transform(threeOClock))
    }

    /// u of the latest lap at a screen angle (0 in the gap).
    func parameter(atAngle angle: Double) -> Double {
        ConicRays.parameter(atAngle: angle, start: start, total: total, direction: direction)
    }

    static func parameter(atAngle angle: Double, start: Double, total: Double, direction: Double) -> Double {
        let turn = 2 * Double.pi
        var relative = remainderOfTurn(direction * (angle - start))
        if relative < 0 { relative += turn }
        guard total > 0 else { return 1 }
        // Whole laps below (`rounded(.down)`, without a call into the C library).
        let lap = Double(floorToInt((total - relative) / turn))
        return lap >= 0 ? min(1, (relative + turn * lap) / total) : 0
    }
}

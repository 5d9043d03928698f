import FoundationEssentials
import Glibc

/// An integer pixel rectangle: x ..< x + width, y ..< y + height.
public struct IntRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The smallest pixel rectangle that holds the real rectangle [minX, maxX] x [minY, maxY].
    public init(enclosingMinX minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0); return
        }
        let clampedMinX = Int(max(-1e9, min(1e9, minX.rounded(.down))))
        let clampedMinY = Int(max(-1e9, min(1e9, minY.rounded(.down))))
        let clampedMaxX = Int(max(-1e9, min(1e9, maxX.rounded(.up))))
        let clampedMaxY = Int(max(-1e9, min(1e9, maxY.rounded(.up))))
        self.init(x: clampedMinX, y: clampedMinY, width: clampedMaxX - clampedMinX, height: clampedMaxY - clampedMinY)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public func intersection(_ other: IntRect) -> IntRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return IntRect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// The smallest rectangle holding both (either one where the other is empty).
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        return IntRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    /// Grown by `d` on every side (an empty rectangle stays as it is).
    public func grown(by d: Int) -> IntRect {
        isEmpty || d == 0 ? self : IntRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A point in pixel space: pixel (x, y) covers [x, x+1) x [y, y+1), so its centre is (x + 0.5, y + 0.5).
public struct Point: Equatable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The point at `radius` from `center` in the direction `angle`, measured clockwise from 12 o'clock.
    public static func onCircle(center: Point, radius: Double, angle: Double) -> Point {
        Point(x: center.x + radius * sin(angle), y: center.y - radius * cos(angle))
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

extension Array where Element == IntRect {
    /// Rectangles that do not overlap and cover these, a little more coarsely than `disjoint`, so
    /// that many small boxes become few rectangles: slabs cut at the boxes' edges (each holding every
    /// box it meets), but not at an edge with others closer than `minimumHeight` rows both above and
    /// below it (so a box reaches at most twice that past its own edges, never down a tall slab
    /// below it), and in a slab the boxes' x-intervals merged where they overlap or lie within `gap` columns.
    public func covering(minimumHeight: Int, gap: Int) -> [IntRect] {
        // Top to bottom, each box once (a moving ring's boxes then and now are mostly the same).
        var boxes: [IntRect] = []
        boxes.reserveCapacity(count)
        for box in self where !box.isEmpty { boxes.append(box) }
        boxes.sort { ($0.minY, $0.minX, $0.maxY, $0.maxX) < ($1.minY, $1.minX, $1.maxY, $1.maxX) }
        var unique = 0
        for k in boxes.indices where unique == 0 || boxes[k] != boxes[unique - 1] { boxes[unique] = boxes[k]; unique += 1 }
        boxes.removeLast(boxes.count - unique)
        guard !boxes.isEmpty else { return [] }
        var edges: [Int] = []
        edges.reserveCapacity(2 * boxes.count)
        for box in boxes { edges.append(box.minY); edges.append(box.maxY) }
        edges.sort()
        var cuts = [edges[0]]
        cuts.reserveCapacity(edges.count)
        for k in edges.indices.dropFirst() where edges[k] > cuts[cuts.count - 1] {
            let crowded = edges[k] - cuts[cuts.count - 1] < minimumHeight && k + 1 < edges.count && edges[k + 1] - edges[k] < minimumHeight
            if !crowded { cuts.append(edges[k]) }
        }
        var out: [IntRect] = [], above: [IntRect] = [], row: [IntRect] = []
        // The boxes that reach the slab (sweeping down: added as the slab reaches their tops, dropped past their bottoms).
        var active: [IntRect] = [], next = 0, spans: [(Int, Int)] = []
        out.reserveCapacity(boxes.count); above.reserveCapacity(boxes.count); row.reserveCapacity(boxes.count)
        active.reserveCapacity(boxes.count); spans.reserveCapacity(boxes.count)
        for c in 1..<cuts.count {
            let top = cuts[c - 1], bottom = cuts[c]
            active.removeAll { $0.maxY <= top }
            while next < boxes.count && boxes[next].minY < bottom { active.append(boxes[next]); next += 1 }
            spans.removeAll(keepingCapacity: true)
            for box in active { spans.append((box.minX, box.maxX)) }
            spans.sort { $0.0 < $1.0 }
            row.removeAll(keepingCapacity: true)
            var k = 0
            while k < spans.count {
                var (minX, maxX) = spans[k]
                k += 1
                while k < spans.count && spans[k].0 <= maxX + gap { maxX = Swift.max(maxX, spans[k].1); k += 1 }
                // A slab continues the rectangle above it where the interval is the same.
                if let i = above.firstIndex(where: { $0.minX == minX && $0.maxX == maxX }) {
                    row.append(IntRect(x: minX, y: above[i].minY, width: maxX - minX, height: bottom - above[i].minY))
                    above.remove(at: i)
                } else {
                    row.append(IntRect(x: minX, y: top, width: maxX - minX, height: bottom - top))
                }
            }
            out += above
            swap(&above, &row)
        }
        return out + above
    }

    /// The same pixels as these rectangles, in rectangles that do not overlap: the union cut into
    /// horizontal slabs at every top and bottom edge, each slab's covered x-intervals merged. Drawing
    /// them on several threads at once can then never draw one pixel twice at the same time.
    public var disjoint: [IntRect] {
        // Most lists a frame asks about hold one box or none.
        guard count > 1 else { return filter { !$0.isEmpty } }
        let rects = filter { !$0.isEmpty }
        let edges = Set(rects.flatMap { [$0.minY, $0.maxY] }).sorted()
        var out: [IntRect] = []
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let spans = rects.filter { $0.minY <= top && $0.maxY >= bottom }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
            var merged: [(Int, Int)] = []
            for span in spans {
                if let last = merged.last, span.0 <= last.1 { merged[merged.count - 1].1 = Swift.max(last.1, span.1) } else { merged.append(span) }
            }
            // A slab continues the rectangle above it where the interval is the same.
            for (minX, maxX) in merged {
                if let i = out.lastIndex(where: { $0.maxY == top && $0.minX == minX && $0.maxX == maxX }) {
                    out[i].height += bottom - top
                } else {
                    out.append(IntRect(x: minX, y: top, width: maxX - minX, height: bottom - top))
                }
            }
        }
        return out
    }
}

/// The whole number at or below a coordinate, inline: `rounded(.down)` is a call into the C library
/// where the processor lacks SSE4.1, and the scan loops ask for several on every row. `x` must be
/// within Int's range.
@inlinable @inline(__always)
public func floorToInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) > x ? t - 1 : t
}

/// The whole number at or above a coordinate, inline (see `floorToInt`).
@inlinable @inline(__always)
public func ceilToInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) < x ? t + 1 : t
}

/// `angle.truncatingRemainder(dividingBy: 2 pi)`, the same bits, without a call into the C library's
/// `fmod` for an angle within a turn either way (the remainder is then the angle itself), as nearly
/// every angle the arcs and the conic gradient ask for is.
@inlinable @inline(__always)
public func remainderOfTurn(_ angle: Double) -> Double {
    let turn = 2 * Double.pi
    return abs(angle) < turn ? angle : angle.truncatingRemainder(dividingBy: turn)
}

/// `ceilToInt` for a coordinate known to lie well within range (|x| < 2^51, not NaN), without the
/// checks a conversion to Int makes (a third of a scan row's work was theirs). For the tightest loops,
/// whose own bounds keep x in range: a gradient's stretch per ray, an annulus's row once the shape
/// is known to be within reach.
@inlinable @inline(__always)
public func ceilToIntInRange(_ x: Double) -> Int {
    let nearest = nearestInRange(x)
    return Double(nearest) < x ? nearest &+ 1 : nearest
}

/// `ceilToIntInRange` of two coordinates at once, in two lanes: the same sums (a lane whose
/// coordinate is out of range gives a number of no meaning, and no trap).
@inlinable @inline(__always)
public func ceilToIntInRange(_ x: SIMD2<Double>) -> (Int, Int) {
    let magic = SIMD2<Double>(repeating: roundingMagic)
    let sum = x + magic
    let nearest = unsafeBitCast(sum, to: SIMD2<Int64>.self) &- unsafeBitCast(magic, to: SIMD2<Int64>.self)
    let up = nearest.replacing(with: nearest &+ 1, where: sum - magic .< x)
    return (Int(truncatingIfNeeded: up.x), Int(truncatingIfNeeded: up.y))
}

/// `floorToIntInRange` of four numbers at once, in lanes: each as a number and as an index (the same
/// rounding by the sum's bits; a lane out of range gives a number of no meaning, and no trap).
@inlinable @inline(__always)
public func floorToIntInRange(_ x: SIMD4<Double>) -> (values: SIMD4<Double>, indices: SIMD4<Int64>) {
    let magic = SIMD4<Double>(repeating: roundingMagic)
    let sum = x + magic, nearest = sum - magic, above = nearest .> x
    let bits = unsafeBitCast(sum, to: SIMD4<Int64>.self) &- unsafeBitCast(magic, to: SIMD4<Int64>.self)
    return (nearest.replacing(with: nearest - 1, where: above), bits.replacing(with: bits &- 1, where: above))
}

/// `floorToInt` for a coordinate known to lie well within range (see `ceilToIntInRange`).
@inlinable @inline(__always)
public func floorToIntInRange(_ x: Double) -> Int {
    let nearest = nearestInRange(x)
    return Double(nearest) > x ? nearest &- 1 : nearest
}

/// 1.5 * 2^52: a number under 2^51 either way added to it leaves the whole number nearest it in the
/// low bits of the sum, for every rounding in range here (one lane or several).
@inlinable @inline(__always)
var roundingMagic: Double { 6_755_399_441_055_744.0 }

/// The whole number nearest x (|x| < 2^51): adding `roundingMagic` leaves it in the low bits of the sum.
@inlinable @inline(__always)
func nearestInRange(_ x: Double) -> Int {
    let magic = roundingMagic
    return Int(truncatingIfNeeded: Int64(bitPattern: (x + magic).bitPattern) &- Int64(bitPattern: magic.bitPattern))
}

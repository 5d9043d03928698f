import FoundationEssentials
import Glibc

/// Row-by-row coverage of the ring between two concentric circles; the engine behind annulus, disc and
/// arc stroke. Each row splits into at most two runs around the hole; pixels wholly inside come out
/// as runs with no coverage maths at all, only the rim pixels compute an edge.
struct AnnulusScan {
    let cx: Double, cy: Double, inner: Double, outer: Double

    var bounds: IntRect { IntRect(enclosingMinX: cx - outer, minY: cy - outer, maxX: cx + outer, maxY: cy + outer) }

    /// Coverage of pixel (x, y) by the annulus: the outer disc's less the hole's (see `discCoverage`).
    @inline(__always)
    func coverage(x: Int, y: Int) -> Float {
        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
        let rho = (dx * dx + dy * dy).squareRoot()
        let outerCov = discCoverage(radius: outer, dx: dx, dy: dy, rho: rho)
        if inner <= 0 { return Float(outerCov) }
        return Float(max(0, outerCov - discCoverage(radius: inner, dx: dx, dy: dy, rho: rho)))
    }

    /// Visits the runs of each row of `clip`: whole runs with nil coverage, rim runs with theirs
    /// (worked out for the whole row at once, in `rims`).
    @inline(__always)
    func forEachRun(in clip: IntRect, rims: Rims, _ body: SpanBody) {
        forEachRow(in: clip) { row in
            var rims = rims
            row.forEachPiece { x, count, whole in if !whole { rims.append(x, count: count) } }
            rims.cover(by: self, y: row.y)
            row.forEachPiece { x, count, whole in body(row.y, x, count, whole ? nil : rims.next(count)) }
        }
    }

    /// `forEachRun` into a blitter.
    @inline(__always)
    func forEachRun(in clip: IntRect, rims: Rims, into sink: inout some Blitter) {
        forEachRun(in: clip, rims: rims) { y, x, count, coverage in sink.blit(y: y, x: x, count: count, coverage: coverage) }
    }

    /// Visits each row of `clip` that meets the annulus.
    @inline(__always)
    func forEachRow(in clip: IntRect, _ body: (Row) -> Void) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty, outer > 0 else { return }
        // Every column a row works out lies within cx -+ outer: in range for the unchecked rounding.
        precondition(abs(cx) + outer < 1e15 && inner < 1e15, "an annulus out of reach")
        for y in area.minY..<area.maxY {
            if let row = row(y, in: area) { body(row) }
        }
    }

    /// One row's pieces, left to right, from the few columns where they change: the row runs over
    /// [left, holeLeft) and [holeRight, right), wholly covered over wholeA and wholeB, rim elsewhere.
    struct Row {
        let y: Int
        let left: Int, holeLeft: Int, holeRight: Int, right: Int
        let wholeA: (Int, Int), wholeB: (Int, Int)

        /// Calls `piece(x, count, whole)` for each piece, left to right (at most five either side of the hole).
        @inline(__always)
        func forEachPiece(_ piece: (_ x: Int, _ count: Int, _ whole: Bool) -> Void) {
            split(from: left, to: holeLeft, piece)
            split(from: holeRight, to: right, piece)
        }

        /// The pieces (`forEachPiece`) into `list`, which has room for ten; how many there are.
        @inline(__always)
        func pieces(into list: UnsafeMutablePointer<Piece>) -> Int {
            var count = 0
            forEachPiece { x, n, whole in
                list[count] = Piece(x: x, count: n, whole: whole)
                count &+= 1
            }
            return count
        }

        /// A piece of a row: its first column, how many columns, and whether it is wholly covered.
        struct Piece {
            var x: Int, count: Int, whole: Bool
        }

        /// One run of the row, cut into rim pieces and whole pieces.
        @inline(__always)
        private func split(from x0: Int, to x1: Int, _ piece: (_ x: Int, _ count: Int, _ whole: Bool) -> Void) {
            guard x0 < x1 else { return }
            var x = x0
            let loA = max(wholeA.0, x), hiA = min(wholeA.1, x1)
            if loA < hiA {
                if x < loA { piece(x, loA - x, false) }
                piece(loA, hiA - loA, true)
                x = hiA
            }
            let loB = max(wholeB.0, x), hiB = min(wholeB.1, x1)
            if loB < hiB {
                if x < loB { piece(x, loB - x, false) }
                piece(loB, hiB - loB, true)
                x = hiB
            }
            if x < x1 { piece(x, x1 - x, false) }
        }
    }

    /// Row y inside `area`, or nil where the row misses the annulus (`forEachRow`, or a caller that
    /// has made the same check that the annulus lies within reach).
    @inline(__always)
    func row(_ y: Int, in area: IntRect) -> Row? {
        let top = Double(y) - cy, bottom = top + 1
        let near = top > 0 ? top : (bottom < 0 ? -bottom : 0)
        let far = max(abs(top), abs(bottom))
        if near >= outer { return nil }
        let reach = (outer * outer - near * near).squareRoot()
        let left = max(area.minX, floorToIntInRange(cx - reach))
        let right = min(area.maxX, ceilToIntInRange(cx + reach))
        if left >= right { return nil }
        // Columns wholly inside the outer circle: [fullLeft, fullRight).
        var fullLeft = 0, fullRight = 0
        if far < outer {
            let w = (outer * outer - far * far).squareRoot()
            fullLeft = ceilToIntInRange(cx - w); fullRight = floorToIntInRange(cx + w)
        }
        // Columns wholly clear of the hole: x < clearLeft or x >= clearRight (when the row meets it).
        var clearLeft = Int.max, clearRight = Int.max
        if inner > 0 && near < inner {
            let w = (inner * inner - near * near).squareRoot()
            clearLeft = floorToIntInRange(cx - w); clearRight = ceilToIntInRange(cx + w)
        }
        // Whole columns: A = [fullLeft, min(fullRight, clearLeft)), B = [max(fullLeft, clearRight), fullRight).
        let wholeA = (fullLeft, min(fullRight, clearLeft))
        let wholeB = clearRight == Int.max ? (fullRight, fullRight) : (max(fullLeft, clearRight), fullRight)
        // Columns wholly inside the hole, skipped: [holeLeft, holeRight).
        var holeLeft = right, holeRight = right
        if inner > 0 && far < inner {
            let w = (inner * inner - far * far).squareRoot()
            holeLeft = max(left, ceilToIntInRange(cx - w)); holeRight = min(right, floorToIntInRange(cx + w))
            if holeLeft >= holeRight { holeLeft = right; holeRight = right }
        }
        return Row(y: y, left: left, holeLeft: holeLeft, holeRight: holeRight, right: right, wholeA: wholeA, wholeB: wholeB)
    }

    /// A row's rim pixels in a list (their columns, then their coverage in the same order), and a
    /// cursor that hands their coverage out run by run as the row's pieces are visited again. Both
    /// buffers have room for the row's width and four more.
    struct Rims {
        let columns: UnsafeMutablePointer<Int32>, coverage: UnsafeMutablePointer<Float>
        var count = 0, read = 0

        /// Adds columns x ..< x + n, four at a time.
        @inline(__always)
        mutating func append(_ x: Int, count n: Int) {
            var column = SIMD4<Int32>(0, 1, 2, 3) &+ Int32(truncatingIfNeeded: x)
            var i = 0
            while i < n {
                UnsafeMutableRawPointer(columns + (count &+ i)).storeBytes(of: column, as: SIMD4<Int32>.self)
                column &+= 4
                i &+= 4
            }
            count &+= n
        }

        /// Works out the listed pixels' coverage by the annulus on row y.
        @inline(__always)
        func cover(by scan: AnnulusScan, y: Int) {
            scan.cover(y: y, columns: columns, count: count, into: coverage)
        }

        /// The coverage of the next n listed pixels.
        @inline(__always)
        mutating func next(_ n: Int) -> UnsafeMutablePointer<Float> {
            defer { read &+= n }
            return coverage + read
        }
    }

    /// Runs `body` with an empty rim list for rows up to `width` columns.
    @inline(__always)
    static func withRims<R>(width: Int, _ body: (Rims) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: width + 4) { columns in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: width + 4) { coverage in
                body(Rims(columns: columns.baseAddress!, coverage: coverage.baseAddress!))
            }
        }
    }

    /// The coverage of the pixels in `columns` on row y, in the same order into `coverage` (both with
    /// room for three entries more; the spare lanes are overwritten): four at a time in Float lanes,
    /// by the half-plane model of `discCoverage` (circles of `exactCircleBelowRadius` and more), one
    /// square root and one direction for both circles; smaller circles pixel by pixel.
    @inline(__always)
    func cover(y: Int, columns: UnsafeMutablePointer<Int32>, count: Int, into coverage: UnsafeMutablePointer<Float>) {
        typealias F4 = SIMD4<Float>
        guard count > 0 else { return }
        guard !(inner > 0 && inner < exactCircleBelowRadius || outer < exactCircleBelowRadius) else {
            for k in 0..<count { coverage[k] = self.coverage(x: Int(columns[k]), y: y) }
            return
        }
        for k in count..<(count + 3) { columns[k] = columns[count - 1] }
        let dy = Float(Double(y) + 0.5 - cy)
        let shift = Float(0.5 - cx), outer = Float(self.outer), inner = Float(self.inner)
        let ay = F4(repeating: abs(dy)), dy2 = F4(repeating: dy * dy)
        var k = 0
        while k < count {
            let dx = F4(UnsafeRawPointer(columns + k).loadUnaligned(as: SIMD4<Int32>.self)) + shift
            let ax = magnitude(dx)
            let rho = (dx * dx + dy2).squareRoot()
            let steep = ay .> ax
            let big = ax.replacing(with: ay, where: steep), small = ay.replacing(with: ax, where: steep)
            let inverseRho = 1 / rho
            let edge = Edge(a: big * inverseRho, b: small * inverseRho)
            var c = edge.coverage(inside: outer - rho)
            if inner > 0 {
                c -= edge.coverage(inside: inner - rho)
                c.replace(with: 0, where: c .< 0)
            }
            UnsafeMutableRawPointer(coverage + k).storeBytes(of: c, as: F4.self)
            k &+= 4
        }
    }

    /// `halfPlaneCoverage` in lanes, for edges whose normals' larger and smaller absolute components are a and b.
    private struct Edge {
        let half: SIMD4<Float>, linear: SIMD4<Float>, inverseA: SIMD4<Float>, corner: SIMD4<Float>

        @inline(__always)
        init(a: SIMD4<Float>, b: SIMD4<Float>) {
            half = (a + b) * 0.5; linear = (a - b) * 0.5
            inverseA = 1 / a
            // Infinite where b is 0; such lanes never take the corner.
            corner = inverseA * 0.5 / b
        }

        /// The covered share of each pixel, whose centre lies `h` inside the edge.
        @inline(__always)
        func coverage(inside h: SIMD4<Float>) -> SIMD4<Float> {
            let ah = magnitude(h), t = half - ah
            let cut = t * t * corner
            var c = (1 - cut).replacing(with: cut, where: h .<= 0)
            c.replace(with: 0.5 + h * inverseA, where: ah .<= linear)
            c.replace(with: 1, where: h .>= half)
            c.replace(with: 0, where: h .<= -half)
            return c
        }
    }
}

/// |v| per lane, by clearing the sign bits.
@inline(__always)
func magnitude(_ v: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
}

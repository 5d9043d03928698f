import Foundation

/// Row-by-row coverage of the ring between two concentric circles; the engine behind annulus, disc and
/// arc stroke. Each row splits into at most two runs around the hole; pixels wholly inside come out
/// as runs with no coverage maths at all, only the rim pixels compute an edge.
struct AnnulusScan {
    let cx: Double, cy: Double, inner: Double, outer: Double

    var bounds: IntRect {
        IntRect(enclosingMinX: cx - outer, minY: cy - outer, maxX: cx + outer, maxY: cy + outer)
    }

    /// Coverage of pixel (x, y) by the annulus: the outer disc's less the hole's (see `discCoverage`).
    @inline(__always)
    func coverage(x: Int, y: Int) -> Float {
        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
        let rho = (dx * dx + dy * dy).squareRoot()
        let outerCov = discCoverage(radius: outer, dx: dx, dy: dy, rho: rho)
        if inner <= 0 { return Float(outerCov) }
        return Float(max(0, outerCov - discCoverage(radius: inner, dx: dx, dy: dy, rho: rho)))
    }

    /// Visits the runs of each row of `clip`: rim runs with coverage in `coverageRow`, whole runs with nil.
    /// A row's rim pixels (a few either side of each edge) get their coverage together, four at a time.
    func forEachRun(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty, outer > 0 else { return }
        let lanes = !(inner > 0 && inner < exactCircleBelowRadius || outer < exactCircleBelowRadius)
        // A row's pieces (at most five either side of the hole) and its rim columns.
        withUnsafeTemporaryAllocation(of: Piece.self, capacity: 10) { pieces in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: area.width + 4) { columns in
                for y in area.minY..<area.maxY {
                    var count = 0
                    row(y, in: area) { from, to, whole in
                        pieces[count] = Piece(from: from, to: to, whole: whole)
                        count += 1
                    }
                    guard count > 0 else { continue }
                    if lanes {
                        var rims = 0
                        for i in 0..<count where !pieces[i].whole {
                            for x in pieces[i].from..<pieces[i].to { columns[rims] = Int32(truncatingIfNeeded: x); rims += 1 }
                        }
                        rimCoverage(dy: Float(Double(y) + 0.5 - cy), columns: columns.baseAddress!, count: rims, into: coverageRow)
                    } else {
                        for i in 0..<count where !pieces[i].whole {
                            for x in pieces[i].from..<pieces[i].to { coverageRow[x] = coverage(x: x, y: y) }
                        }
                    }
                    for i in 0..<count {
                        let piece = pieces[i]
                        body(y, piece.from, piece.to - piece.from, piece.whole ? nil : coverageRow + piece.from)
                    }
                }
            }
        }
    }

    /// A run of a row: rim (coverage computed) or whole.
    private struct Piece {
        var from: Int, to: Int, whole: Bool
    }

    /// The pieces of row y inside `area`, left to right.
    @inline(__always)
    private func row(_ y: Int, in area: IntRect, _ piece: (_ from: Int, _ to: Int, _ whole: Bool) -> Void) {
        let top = Double(y) - cy, bottom = top + 1
        let near = top > 0 ? top : (bottom < 0 ? -bottom : 0)
        let far = max(abs(top), abs(bottom))
        if near >= outer { return }
        let reach = (outer * outer - near * near).squareRoot()
        let left = max(area.minX, floorToInt(cx - reach))
        let right = min(area.maxX, ceilToInt(cx + reach))
        if left >= right { return }
        // Columns wholly inside the outer circle: [fullLeft, fullRight).
        var fullLeft = 0, fullRight = 0
        if far < outer {
            let w = (outer * outer - far * far).squareRoot()
            fullLeft = ceilToInt(cx - w); fullRight = floorToInt(cx + w)
        }
        // Columns wholly clear of the hole: x < clearLeft or x >= clearRight (when the row meets it).
        var clearLeft = Int.max, clearRight = Int.max
        if inner > 0 && near < inner {
            let w = (inner * inner - near * near).squareRoot()
            clearLeft = floorToInt(cx - w); clearRight = ceilToInt(cx + w)
        }
        // Whole columns: A = [fullLeft, min(fullRight, clearLeft)), B = [max(fullLeft, clearRight), fullRight).
        let wholeA = (fullLeft, min(fullRight, clearLeft))
        let wholeB = clearRight == Int.max ? (fullRight, fullRight) : (max(fullLeft, clearRight), fullRight)
        // Columns wholly inside the hole, skipped: [holeLeft, holeRight).
        var holeLeft = right, holeRight = right
        if inner > 0 && far < inner {
            let w = (inner * inner - far * far).squareRoot()
            holeLeft = max(left, ceilToInt(cx - w)); holeRight = min(right, floorToInt(cx + w))
            if holeLeft >= holeRight { holeLeft = right; holeRight = right }
        }
        split(from: left, to: holeLeft, wholeA: wholeA, wholeB: wholeB, piece)
        split(from: holeRight, to: right, wholeA: wholeA, wholeB: wholeB, piece)
    }

    /// One run of a row, cut into rim pieces and whole pieces.
    @inline(__always)
    private func split(from x0: Int, to x1: Int, wholeA: (Int, Int), wholeB: (Int, Int),
                       _ piece: (_ from: Int, _ to: Int, _ whole: Bool) -> Void) {
        guard x0 < x1 else { return }
        var x = x0
        let loA = max(wholeA.0, x), hiA = min(wholeA.1, x1)
        if loA < hiA {
            if x < loA { piece(x, loA, false) }
            piece(loA, hiA, true)
            x = hiA
        }
        let loB = max(wholeB.0, x), hiB = min(wholeB.1, x1)
        if loB < hiB {
            if x < loB { piece(x, loB, false) }
            piece(loB, hiB, true)
            x = hiB
        }
        if x < x1 { piece(x, x1, false) }
    }

    /// `coverage` of the given columns of the row dy below the centre, written to `coverageRow` by
    /// column: four at a time in Float lanes, by the half-plane model of `discCoverage` (circles of
    /// `exactCircleBelowRadius` and more), one square root and one direction for both circles.
    /// `columns` has room for three more entries, which are overwritten.
    @inline(__always)
    private func rimCoverage(dy: Float, columns: UnsafeMutablePointer<Int32>, count: Int, into coverageRow: UnsafeMutablePointer<Float>) {
        typealias F4 = SIMD4<Float>
        guard count > 0 else { return }
        for k in count..<(count + 3) { columns[k] = columns[count - 1] }
        let shift = Float(0.5 - cx), outer = Float(self.outer), inner = Float(self.inner)
        let ay = F4(repeating: abs(dy)), dy2 = F4(repeating: dy * dy)
        var k = 0
        while k < count {
            let at = UnsafeRawPointer(columns + k).loadUnaligned(as: SIMD4<Int32>.self)
            let dx = F4(at) + shift
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
            coverageRow[Int(at[0])] = c[0]; coverageRow[Int(at[1])] = c[1]
            coverageRow[Int(at[2])] = c[2]; coverageRow[Int(at[3])] = c[3]
            k += 4
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

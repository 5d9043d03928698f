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
    func forEachRun(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty, outer > 0 else { return }
        for y in area.minY..<area.maxY {
            let top = Double(y) - cy, bottom = top + 1
            let near = top > 0 ? top : (bottom < 0 ? -bottom : 0)
            let far = max(abs(top), abs(bottom))
            if near >= outer { continue }
            let reach = (outer * outer - near * near).squareRoot()
            let left = max(area.minX, floorToInt(cx - reach))
            let right = min(area.maxX, ceilToInt(cx + reach))
            if left >= right { continue }
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
            emitRun(y: y, from: left, to: holeLeft, wholeA: wholeA, wholeB: wholeB, coverageRow: coverageRow, body)
            emitRun(y: y, from: holeRight, to: right, wholeA: wholeA, wholeB: wholeB, coverageRow: coverageRow, body)
        }
    }

    /// One run of a row, cut into rim pieces (coverage computed) and whole pieces (nil coverage).
    @inline(__always)
    private func emitRun(y: Int, from x0: Int, to x1: Int, wholeA: (Int, Int), wholeB: (Int, Int),
                         coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        guard x0 < x1 else { return }
        var x = x0
        let loA = max(wholeA.0, x), hiA = min(wholeA.1, x1)
        if loA < hiA {
            rim(y: y, from: x, to: loA, coverageRow: coverageRow, body)
            body(y, loA, hiA - loA, nil)
            x = hiA
        }
        let loB = max(wholeB.0, x), hiB = min(wholeB.1, x1)
        if loB < hiB {
            rim(y: y, from: x, to: loB, coverageRow: coverageRow, body)
            body(y, loB, hiB - loB, nil)
            x = hiB
        }
        rim(y: y, from: x, to: x1, coverageRow: coverageRow, body)
    }

    @inline(__always)
    private func rim(y: Int, from x0: Int, to x1: Int, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        guard x0 < x1 else { return }
        for x in x0..<x1 { coverageRow[x] = coverage(x: x, y: y) }
        body(y, x0, x1 - x0, coverageRow + x0)
    }
}

/// An axis-aligned rectangle with circular corners of `cornerRadius` (0 gives sharp corners).
public struct RoundedRect: Shape {
    public var minX: Double, minY: Double, width: Double, height: Double
    public var cornerRadius: Double

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) {
        minX = x; minY = y
        self.width = max(0, width); self.height = max(0, height)
        self.cornerRadius = max(0, min(cornerRadius, min(self.width, self.height) / 2))
    }

    public var bounds: IntRect {
        IntRect(enclosingMinX: minX, minY: minY, maxX: minX + width, maxY: minY + height)
    }

    /// Exact coverage of one pixel: its overlap with the sharp rectangle, less, at each corner, the part
    /// of the corner's r x r square that lies outside the corner's quarter disc.
    func pixelCoverage(x: Int, y: Int) -> Double {
        let px0 = Double(x), py0 = Double(y), px1 = px0 + 1, py1 = py0 + 1
        let maxX = minX + width, maxY = minY + height, r = cornerRadius
        let area = overlap(px0, px1, minX, maxX) * overlap(py0, py1, minY, maxY)
        // Pixels clear of all four r x r corner squares need nothing more.
        guard r > 0, area > 0, px0 < minX + r || px1 > maxX - r, py0 < minY + r || py1 > maxY - r else { return area }
        var cut = 0.0
        @inline(__always) func corner(_ cx: Double, _ xLo: Double, _ xHi: Double, _ cy: Double, _ yLo: Double, _ yHi: Double) {
            // The pixel's part of this corner square, less its part of the quarter disc.
            let x0 = max(px0, xLo), x1 = min(px1, xHi), y0 = max(py0, yLo), y1 = min(py1, yHi)
            guard x1 > x0, y1 > y0 else { return }
            // Wholly inside the quarter disc: nothing to cut; wholly outside: all of it.
            let nearX = max(0, max(x0 - cx, cx - x1)), nearY = max(0, max(y0 - cy, cy - y1))
            let farX = max(abs(x0 - cx), abs(x1 - cx)), farY = max(abs(y0 - cy), abs(y1 - cy))
            if farX * farX + farY * farY <= r * r { return }
            if nearX * nearX + nearY * nearY >= r * r { cut += (x1 - x0) * (y1 - y0); return }
            cut += (x1 - x0) * (y1 - y0) - discArea(radius: r, minX: x0 - cx, minY: y0 - cy, maxX: x1 - cx, maxY: y1 - cy)
        }
        corner(minX + r, minX, minX + r, minY + r, minY, minY + r)
        corner(maxX - r, maxX - r, maxX, minY + r, minY, minY + r)
        corner(minX + r, minX, minX + r, maxY - r, maxY - r, maxY)
        corner(maxX - r, maxX - r, maxX, maxY - r, maxY - r, maxY)
        return min(1, max(0, area - cut))
    }

    /// Length of [a0, a1] inside [lo, hi].
    @inline(__always)
    private func overlap(_ a0: Double, _ a1: Double, _ lo: Double, _ hi: Double) -> Double {
        max(0, min(a1, hi) - max(a0, lo))
    }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        let maxX = minX + width, maxY = minY + height, r = cornerRadius
        for y in area.minY..<area.maxY {
            // Columns wholly inside on this row (clear of the sides, and of the corners on their rows)
            // are one run with no coverage to compute; the pixels either side of it are exact areas.
            let py0 = Double(y), py1 = py0 + 1
            var inside = area.maxX..<area.maxX
            if py0 >= minY && py1 <= maxY {
                let inset = py0 >= minY + r && py1 <= maxY - r ? 0 : r
                let lo = max(area.minX, ceilToInt(minX + inset)), hi = min(area.maxX, floorToInt(maxX - inset))
                if lo < hi { inside = lo..<hi }
            }
            func partial(_ from: Int, _ to: Int) {
                guard from < to else { return }
                for x in from..<to { coverageRow[x] = Float(pixelCoverage(x: x, y: y)) }
                body(y, from, to - from, coverageRow + from)
            }
            if inside.isEmpty { partial(area.minX, area.maxX); continue }
            partial(area.minX, inside.lowerBound)
            body(y, inside.lowerBound, inside.count, nil)
            partial(inside.upperBound, area.maxX)
        }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        guard x >= minX, x <= minX + width, y >= minY, y <= minY + height else { return 0 }
        let r = cornerRadius
        let qx = abs(x - (minX + width / 2)) - (width / 2 - r)
        let qy = abs(y - (minY + height / 2)) - (height / 2 - r)
        if qx > 0 && qy > 0 { return qx * qx + qy * qy <= r * r ? 1 : 0 }
        return 1
    }
}

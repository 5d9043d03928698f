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

    /// Coverage of one pixel: exact along the straight edges (a product of the two overlaps near a
    /// sharp corner), the half-plane model along the corner arcs.
    @inline(__always)
    func pixelCoverage(x: Int, y: Int) -> Double {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let halfW = width / 2, halfH = height / 2, r = cornerRadius
        let qx = abs(px - (minX + halfW)) - (halfW - r)
        let qy = abs(py - (minY + halfH)) - (halfH - r)
        if qx > 0 && qy > 0 && r > 0 {
            let rho = (qx * qx + qy * qy).squareRoot()
            // Both overlaps still limit a pixel that straddles the straight edges next to the arc.
            let arc = halfPlaneCoverage(inside: r - rho, nx: qx / rho, ny: qy / rho)
            return min(arc, spanOverlap(px, minX, minX + width), spanOverlap(py, minY, minY + height))
        }
        return spanOverlap(px, minX, minX + width) * spanOverlap(py, minY, minY + height)
    }

    /// Length of [c - 0.5, c + 0.5] inside [lo, hi].
    @inline(__always)
    private func spanOverlap(_ c: Double, _ lo: Double, _ hi: Double) -> Double {
        max(0, min(c + 0.5, hi) - max(c - 0.5, lo))
    }

    public func forEachSpan(in clip: IntRect, scratch: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { scratch[x - area.minX] = Float(pixelCoverage(x: x, y: y)) }
            body(y, area.minX, area.width, scratch)
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

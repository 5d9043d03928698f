/// How far one image is from another, per RGB channel on the 0...255 scale, as the quality figures measure it (edge pixels are those a shape covers only partly).
public struct ImageComparison: Sendable, CustomStringConvertible {
    /// Mean absolute difference over all pixels and channels.
    public var meanAll: Double
    /// Mean absolute difference over the edge pixels.
    public var meanEdge: Double
    /// 99th percentile of the per-channel difference over the edge pixels.
    public var p99Edge: Double
    /// Largest difference anywhere.
    public var maxAll: Int
    /// Where the largest difference is (the first such pixel).
    public var worstPixel: (x: Int, y: Int) = (0, 0)
    /// Largest difference inside the `focus` boxes (for example the start caps at 12 o'clock).
    public var maxInFocus: Int
    /// Mean difference inside the `focus` boxes.
    public var meanInFocus: Double
    public var edgePixelCount: Int

    /// Compares `image` with `reference`; `edges` marks edge pixels (row-major), `focus` boxes of interest.
    public init(_ image: Pixmap, against reference: Pixmap, edges: [Bool], focus: [IntRect] = []) {
        precondition(image.width == reference.width && image.height == reference.height, "sizes differ")
        var histogram = [Int](repeating: 0, count: 256)
        var sumAll = 0, sumEdge = 0, edgeCount = 0, worst = 0, worstFocus = 0, sumFocus = 0, focusCount = 0
        for y in 0..<image.height {
            let a = image.row(y), b = reference.row(y)
            for x in 0..<image.width {
                let p = a[x], q = b[x]
                let isEdge = edges[y * image.width + x]
                let inFocus = focus.contains { $0.contains(x: x, y: y) }
                if isEdge { edgeCount += 1 }
                if inFocus { focusCount += 1 }
                for shift in [0, 8, 16] as [UInt32] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    sumAll += d
                    if d > worst { worst = d; worstPixel = (x, y) }
                    if inFocus { worstFocus = max(worstFocus, d); sumFocus += d }
                    if isEdge { sumEdge += d; histogram[d] += 1 }
                }
            }
        }
        let pixels = max(1, image.width * image.height)
        meanAll = Double(sumAll) / Double(3 * pixels)
        meanEdge = edgeCount == 0 ? 0 : Double(sumEdge) / Double(3 * edgeCount)
        var rank = Int((Double(3 * edgeCount) * 0.99).rounded(.up)), level = 0
        while level < 255 && rank > histogram[level] { rank -= histogram[level]; level += 1 }
        p99Edge = edgeCount == 0 ? 0 : Double(level)
        maxAll = worst
        maxInFocus = worstFocus
        meanInFocus = focusCount == 0 ? 0 : Double(sumFocus) / Double(3 * focusCount)
        edgePixelCount = edgeCount
    }

    public var description: String {
        "edge_mean=\(fmt(meanEdge)) edge_p99=\(fmt(p99Edge)) all_mean=\(fmt(meanAll, 4)) max=\(maxAll) "
            + "seam_mean=\(fmt(meanInFocus)) seam_max=\(maxInFocus) worst_at=\(worstPixel.x),\(worstPixel.y) edge_pixels=\(edgePixelCount)"
    }

    private func fmt(_ v: Double, _ digits: Int = 3) -> String {
        let scale = pow10(digits)
        return String(Double((v * scale).rounded()) / scale)
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}

/// A shape given pixel by pixel: an 8-bit coverage mask (a rendered glyph run) placed at (x, y).
public struct CoverageMask: Shape, SoftShape {
    public let x: Int, y: Int, width: Int, height: Int
    /// Row-major coverage, 0 ... 255, `width * height` bytes.
    public let alpha: [UInt8]

    public init(x: Int, y: Int, width: Int, height: Int, alpha: [UInt8]) {
        precondition(alpha.count == width * height, "a mask needs one byte per pixel")
        self.x = x; self.y = y; self.width = width; self.height = height; self.alpha = alpha
    }

    /// The same mask placed elsewhere.
    public func moved(toX x: Int, y: Int) -> CoverageMask { CoverageMask(x: x, y: y, width: width, height: height, alpha: alpha) }

    public var bounds: IntRect { IntRect(x: x, y: y, width: width, height: height) }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        alpha.withUnsafeBufferPointer { mask in
            for row in area.minY..<area.maxY {
                let source = (row - y) * width - x
                for column in area.minX..<area.maxX { coverageRow[column] = Float(mask[source + column]) * (1 / 255) }
                body(row, area.minX, area.width, coverageRow + area.minX)
            }
        }
    }

    public func coverage(atX px: Double, y py: Double) -> Double {
        let column = Int(px.rounded(.down)) - x, row = Int(py.rounded(.down)) - y
        guard column >= 0, column < width, row >= 0, row < height else { return 0 }
        return Double(alpha[row * width + column]) / 255
    }
}

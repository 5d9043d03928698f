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

    /// The mask grown by `r` pixels on every side: each pixel the most coverage within `r` of it
    /// (a square), so that drawn once under the letters it rims them at its own opacity.
    public func dilated(by r: Int) -> CoverageMask {
        guard r > 0 else { return self }
        let w = width + 2 * r, h = height + 2 * r
        // Rows first (the most along x), then columns, each over 2r + 1 pixels.
        var rows = [UInt8](repeating: 0, count: w * height)
        for y in 0..<height {
            for x in 0..<w {
                let from = max(0, x - 2 * r), to = min(width - 1, x)
                guard from <= to else { continue }
                var most: UInt8 = 0
                for sx in from...to { most = max(most, alpha[y * width + sx]) }
                rows[y * w + x] = most
            }
        }
        var grown = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let from = max(0, y - 2 * r), to = min(height - 1, y)
            guard from <= to else { continue }
            for x in 0..<w {
                var most: UInt8 = 0
                for sy in from...to { most = max(most, rows[sy * w + x]) }
                grown[y * w + x] = most
            }
        }
        return CoverageMask(x: x - r, y: y - r, width: w, height: h, alpha: grown)
    }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        forwardingSpans(to: body) { spans(in: clip, coverageRow: coverageRow, into: &$0) }
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        spans(in: clip, coverageRow: coverageRow, into: &blitter)
    }

    /// The one scan behind `forEachSpan` and `draw`: each row's uncovered pixels left out (eight at a
    /// time where they can be), its wholly covered ones as whole runs, the others with their coverage.
    @inline(__always)
    private func spans(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into sink: inout some Blitter) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        alpha.withUnsafeBufferPointer { mask in
            for row in area.minY..<area.maxY {
                // The row's bytes, indexed by column.
                let bytes = mask.baseAddress! + ((row - y) * width - x)
                /// The first column from `column` on whose byte is not `value`.
                func end(of value: UInt8, from column: Int) -> Int {
                    var end = column
                    let word = UInt64(value) &* 0x0101_0101_0101_0101
                    while end + 8 <= area.maxX && UnsafeRawPointer(bytes + end).loadUnaligned(as: UInt64.self) == word { end += 8 }
                    while end < area.maxX && bytes[end] == value { end += 1 }
                    return end
                }
                var column = area.minX
                while column < area.maxX {
                    switch bytes[column] {
                    case 0:
                        column = end(of: 0, from: column)
                    case 255:
                        let stop = end(of: 255, from: column)
                        sink.blit(y: row, x: column, count: stop - column, coverage: nil)
                        column = stop
                    default:
                        var stop = column
                        while stop < area.maxX && bytes[stop] != 0 && bytes[stop] != 255 {
                            coverageRow[stop] = Float(bytes[stop]) * (1 / 255)
                            stop += 1
                        }
                        sink.blit(y: row, x: column, count: stop - column, coverage: coverageRow + column)
                        column = stop
                    }
                }
            }
        }
    }

    public func coverage(atX px: Double, y py: Double) -> Double {
        let column = Int(px.rounded(.down)) - x, row = Int(py.rounded(.down)) - y
        guard column >= 0, column < width, row >= 0, row < height else { return 0 }
        return Double(alpha[row * width + column]) / 255
    }
}

/// A cached layer to draw over (the tracks on the background): its pixels and, per row, the two
/// stretches where they differ from its background colour (either side of a ring's hole). Laying it
/// under a redraw copies only those and fills the rest, so the background between and around the
/// rings costs a store per pixel, not a load and a store.
public struct Layer: Sendable {
    public let pixmap: Pixmap
    let background: UInt32
    /// Per row: columns [x0, x1) and [x2, x3) differ from the background; elsewhere it shows.
    private let stretches: [SIMD4<Int32>]

    /// The layer `pixmap`, whose pixels outside the stretches it finds are `background`.
    public init(_ pixmap: Pixmap, background: PackedPixel) {
        self.pixmap = pixmap
        self.background = background.bits
        let bits = background.bits
        stretches = (0..<pixmap.height).map { y in
            let row = pixmap.row(y)
            var first = 0, last = pixmap.width
            while first < last && row[first] == bits { first += 1 }
            while last > first && row[last - 1] == bits { last -= 1 }
            // The longest run of the background between them: the hole.
            var hole = (first, first), x = first
            while x < last {
                guard row[x] == bits else { x += 1; continue }
                var end = x
                while end < last && row[end] == bits { end += 1 }
                if end - x > hole.1 - hole.0 { hole = (x, end) }
                x = end
            }
            return SIMD4<Int32>(Int32(first), Int32(hole.0), Int32(hole.1), Int32(last))
        }
    }

    /// Lays the layer's pixels in `area` under `destination` (a pixmap of the layer's size).
    func lay(_ area: IntRect, into destination: Pixmap) {
        let x0 = area.minX, x1 = area.maxX
        stretches.withUnsafeBufferPointer { stretches in
            for y in area.minY..<area.maxY {
                let s = stretches[y], source = pixmap.row(y), target = destination.row(y)
                var x = x0
                // Background, stretch, background (the hole), stretch, background.
                for k in 0..<5 {
                    let stop = min(max(k < 4 ? Int(s[k]) : x1, x), x1)
                    guard stop > x else { continue }
                    if k & 1 == 0 {
                        Canvas.fill(target + x, count: stop - x, with: background)
                    } else {
                        Layer.copy(source + x, to: target + x, count: stop - x)
                    }
                    x = stop
                }
            }
        }
    }

    /// Copies pixels in pieces of at most 8 KB: glibc copies a longer block with one `rep movsb`,
    /// which callgrind counts as an instruction per byte, shorter ones in its vector loop.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt32>, count: Int) {
        var done = 0
        while done < count {
            let n = min(2048, count - done)
            (destination + done).update(from: source + done, count: n)
            done += n
        }
    }
}

/// A cached layer to draw over (the tracks on the background), kept as its rows' runs: stretches of
/// one colour (the background, a track's whole pixels), laid by stores alone, and the few pixels
/// between them that vary (rims), copied from a list of their own, row after row, so that laying it
/// under a redraw reads a few cache lines where a pixmap's rows would be many. The pixmap it was
/// made from is not kept: at 1920x1080 that is 8 MB less resident, at 3840x2160 33 MB.
public struct Layer: Sendable {
    public let width: Int, height: Int
    /// Which layer this is, as long as it lives (a rim cache keeps what it read of this one only).
    public let identity = Identity()
    public final class Identity: Sendable {}
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }
    /// A run of a row: columns x ..< end, in `color`, or where `copied` the pixels from `varying`
    /// at `color` on.
    struct Run {
        var x: Int32, end: Int32, color: UInt32, copied: Bool
    }
    /// Each row's runs, left to right, covering the row: row y's are `runs[first[y] ..< first[y + 1]]`.
    private let runs: [Run], first: [Int32]
    /// The copied runs' pixels, in the order of the runs.
    private let varying: [UInt32]

    /// One colour for at least this many pixels is a run of its own; shorter ones are copied.
    static let shortestRun = 8

    /// The layer `pixmap` as its runs of one colour (the background's among them), found once.
    public init(_ pixmap: Pixmap) {
        width = pixmap.width; height = pixmap.height
        var runs: [Run] = [], first: [Int32] = [0], varying: [UInt32] = []
        runs.reserveCapacity(pixmap.height * 8)
        for y in 0..<pixmap.height {
            let row = pixmap.row(y), width = pixmap.width
            var x = 0
            while x < width {
                var end = x + 1
                // Four pixels a comparison along a run (the background's are most of a frame), then one.
                let color = row[x], four = SIMD4<UInt32>(repeating: color)
                while end &+ 4 <= width && UnsafeRawPointer(row + end).loadUnaligned(as: SIMD4<UInt32>.self) == four { end &+= 4 }
                while end < width && row[end] == color { end += 1 }
                if end - x >= Self.shortestRun {
                    runs.append(Run(x: Int32(x), end: Int32(end), color: row[x], copied: false))
                } else {
                    if let last = runs.last, runs.count > Int(first[y]), last.copied {
                        runs[runs.count - 1].end = Int32(end)
                    } else {
                        runs.append(Run(x: Int32(x), end: Int32(end), color: UInt32(varying.count), copied: true))
                    }
                    varying.append(contentsOf: UnsafeBufferPointer(start: row + x, count: end - x))
                }
                x = end
            }
            first.append(Int32(runs.count))
        }
        self.runs = runs; self.first = first; self.varying = varying
    }

    /// Lays the layer's pixels in `area` under `destination` (a pixmap of the layer's size).
    func lay(_ area: IntRect, into destination: Pixmap) {
        let x0 = area.minX, x1 = area.maxX
        runs.withUnsafeBufferPointer { runs in varying.withUnsafeBufferPointer { varying in
            for y in area.minY..<area.maxY {
                let target = destination.row(y)
                // The row's first run that reaches x0, by halving (a row through the rings has dozens).
                var lo = Int(first[y]), hi = Int(first[y + 1])
                while lo < hi {
                    let mid = (lo + hi) >> 1
                    if Int(runs[mid].end) <= x0 { lo = mid + 1 } else { hi = mid }
                }
                for k in lo..<Int(first[y + 1]) {
                    let run = runs[k], from = max(x0, Int(run.x)), to = min(x1, Int(run.end))
                    guard from < to else { if Int(run.x) >= x1 { break } else { continue } }
                    if run.copied {
                        Layer.copy(varying.baseAddress! + Int(run.color) + (from - Int(run.x)), to: target + from, count: to - from)
                    } else {
                        Canvas.fill(target + from, count: to - from, with: run.color)
                    }
                }
            }
        } }
    }

    /// The layer's pixel at column `x` of row `y` (inside its bounds).
    public func pixel(x: Int, y: Int) -> UInt32 {
        var lo = Int(first[y]), hi = Int(first[y + 1]) - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if Int(runs[mid].x) <= x { lo = mid } else { hi = mid - 1 }
        }
        let run = runs[lo]
        return run.copied ? varying[Int(run.color) + x - Int(run.x)] : run.color
    }

    /// Copies pixels in pieces of at most 8 KB: glibc copies a longer block with one `rep movsb`,
    /// which callgrind counts as an instruction per byte, shorter ones in its vector loop.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt32>, count: Int) {
        // A rim's few pixels one by one: a call to copy them would cost more.
        guard count > 8 else {
            for i in 0..<count { destination[i] = source[i] }
            return
        }
        var done = 0
        while done < count {
            let n = min(2048, count - done)
            (destination + done).update(from: source + done, count: n)
            done += n
        }
    }
}

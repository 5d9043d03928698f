import FoundationEssentials
import Glibc
import Dispatch
import RingsBase

/// The slow, obviously-correct renderer that tests and quality figures judge the fast one against.
///
/// Every pixel is sampled 16 x 16 times; each shape contributes the average over the samples of its
/// coverage times the shader's exact colour, composited source-over in Double, and the result is
/// rounded to 8 bits once. Pixels outside a shape's bounds are not sampled for it.
public struct ReferenceRenderer: Sendable {
    public let samplesPerAxis: Int

    public init(samplesPerAxis: Int = 16) { self.samplesPerAxis = samplesPerAxis }

    /// The frame, plus a mask of edge pixels: those that some command covers only partly.
    public func render(_ list: DisplayList, width: Int, height: Int) -> (image: Pixmap, edges: [Bool]) {
        let image = Pixmap(width: width, height: height)
        var edges = [Bool](repeating: false, count: width * height)
        let n = samplesPerAxis
        let weight = 1 / Double(n * n)
        let rows = Mutex<[(y: Int, pixels: [UInt32], edge: [Bool])]>([])
        DispatchQueue.concurrentPerform(iterations: height) { y in
            var row = [ColorF](repeating: list.background.colorF, count: width)
            var edge = [Bool](repeating: false, count: width)
            for command in list.commands {
                let box = command.shape.bounds.intersection(IntRect(x: 0, y: y, width: width, height: 1))
                guard !box.isEmpty else { continue }
                for x in box.minX..<box.maxX {
                    var sum = ColorF.clear
                    var covered = 0.0
                    for j in 0..<n {
                        let sy = Double(y) + (Double(j) + 0.5) / Double(n)
                        for i in 0..<n {
                            let sx = Double(x) + (Double(i) + 0.5) / Double(n)
                            let c = command.shape.coverage(atX: sx, y: sy)
                            if c > 0 {
                                sum = sum + command.color(atX: sx, y: sy) * c
                                covered += c
                            }
                        }
                    }
                    guard covered > 0 else { continue }
                    if covered < Double(n * n) && !(command.shape is SoftShape) { edge[x] = true }
                    row[x] = (sum * weight).over(row[x])
                }
            }
            let packed = row.map(\.packed.bits)
            rows.withLock { $0.append((y, packed, edge)) }
        }
        for entry in rows.withLock({ $0 }) {
            image.row(entry.y).update(from: entry.pixels, count: width)
            for x in 0..<width where entry.edge[x] { edges[entry.y * width + x] = true }
        }
        return (image, edges)
    }
}

import RingsRaster
import Testing

/// A background layer laid under a redraw: its runs of one colour filled, the pixels between them copied.
@Suite struct LayerTests {
    static let background = PackedPixel(bits: 0xFF10_2030)

    /// A 600 x 7 layer: an empty row, one stretch, three stretches, its first and last columns, a
    /// ring's row with background inside a stretch, long varying stretches, and a track's row: runs
    /// of one colour between varying pixels, one shorter than a run is kept, one just long enough.
    static func layer() -> Pixmap {
        let pixmap = Pixmap(width: 600, height: 7)
        pixmap.fill(background)
        func paint(_ y: Int, _ columns: Range<Int>) {
            for x in columns { pixmap.row(y)[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: x &* 2654435761 ^ y) }
        }
        func paint(_ y: Int, _ columns: Range<Int>, _ color: UInt32) { for x in columns { pixmap.row(y)[x] = color } }
        paint(6, 100..<103); paint(6, 103..<200, 0xFF33_6699); paint(6, 200..<202); paint(6, 202..<209, 0xFF44_0000)
        paint(6, 209..<217, 0xFF00_4400); paint(6, 217..<220); paint(6, 300..<599, 0xFF33_6699)
        paint(1, 40..<90)
        paint(2, 10..<20); paint(2, 100..<130); paint(2, 500..<510)
        paint(3, 0..<1); paint(3, 599..<600)
        paint(4, 50..<120); paint(4, 300..<380)
        pixmap.row(4)[70] = background.bits
        paint(5, 3..<597)
        return pixmap
    }

    @Test(arguments: [IntRect(x: 0, y: 0, width: 600, height: 7), IntRect(x: 45, y: 1, width: 300, height: 6),
                      IntRect(x: 105, y: 2, width: 1, height: 5), IntRect(x: 590, y: 0, width: 10, height: 7),
                      IntRect(x: 205, y: 6, width: 8, height: 1)])
    func layingReproducesTheLayerInsideTheClipAndNothingOutside(_ clip: IntRect) {
        let source = Self.layer()
        let layer = Layer(source)
        let target = Pixmap(width: 600, height: 7)
        target.fill(PackedPixel(bits: 0x0102_0304))
        var rasterizer = Rasterizer()
        rasterizer.render([], over: layer, into: target, clip: clip)
        for y in 0..<7 {
            for x in 0..<600 {
                let expected = clip.contains(x: x, y: y) ? source.row(y)[x] : 0x0102_0304
                #expect(target.row(y)[x] == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func aFillSetsExactlyItsPixelsShortOrLong() {
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: 1200)
        defer { row.deallocate() }
        for count in [0, 1, 3, 4, 5, 63, 64, 65, 255, 256, 257, 1000] {
            row.initialize(repeating: 7, count: 1200)
            Canvas.fill(row + 100, count: count, with: 0xDEAD_BEEF)
            #expect((0..<1200).allSatisfy { row[$0] == ((100..<(100 + count)).contains($0) ? 0xDEAD_BEEF : 7) }, "count \(count)")
        }
    }
}

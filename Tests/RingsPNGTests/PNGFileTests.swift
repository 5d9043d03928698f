import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

@Suite struct PNGFileTests {
    let scratch = ScratchDirectory("rings-png")
    var directory: String { scratch.path }

    @Test func writtenPixelsReadBack() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let image = Pixmap(width: 7, height: 5)
        image.fill(PackedPixel(r: 10, g: 20, b: 30, a: 255))
        image[3, 2] = PackedPixel(r: 50, g: 25, b: 0, a: 128)  // premultiplied, half transparent
        let path = directory + "/round-trip.png"
        try PNGFile.write(image, to: path)
        let back = try PNGFile.read(path)
        #expect(back.width == 7 && back.height == 5)
        #expect(back[0, 0] == PackedPixel(r: 10, g: 20, b: 30, a: 255))
        let p = back[3, 2]
        #expect(p.a == 128 && abs(Int(p.r) - 50) <= 1 && abs(Int(p.g) - 25) <= 1 && p.b == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unwritablePathsThrowAndLeaveNothing() {
        #expect(throws: PNGError.self) { try PNGFile.write(Pixmap(width: 2, height: 2), to: "/nonexistent-dir/x.png") }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir/x.png"))
        #expect(throws: PNGError.self) { try PNGFile.read("/nonexistent-dir/x.png") }
    }
}

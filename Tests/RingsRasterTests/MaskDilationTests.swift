import Testing
@testable import RingsRaster

/// A text halo's mask: each pixel the most coverage within `r` (a square), the mask grown by `r`.
@Suite struct MaskDilationTests {
    @Test func eachPixelIsTheMostCoverageNearIt() {
        // A 3x2 mask: 200 at (0, 0), 90 at (2, 1).
        let mask = CoverageMask(x: 10, y: 20, width: 3, height: 2, alpha: [200, 0, 0, 0, 0, 90])
        let grown = mask.dilated(by: 1)
        #expect((grown.x, grown.y, grown.width, grown.height) == (9, 19, 5, 4))
        func at(_ x: Int, _ y: Int) -> UInt8 { grown.alpha[(y - grown.y) * grown.width + (x - grown.x)] }
        for (x, y) in [(9, 19), (10, 19), (11, 19), (9, 20), (11, 21), (10, 21)] { #expect(at(x, y) == 200, "(\(x), \(y))") }
        for (x, y) in [(12, 20), (13, 22), (12, 22)] { #expect(at(x, y) == 90, "(\(x), \(y))") }
        #expect(at(13, 19) == 0 && at(9, 22) == 0)
        // Where both reach, the larger.
        #expect(at(11, 21) == 200 && at(12, 21) == 90)
        #expect(mask.dilated(by: 0).alpha == mask.alpha)
        let wide = mask.dilated(by: 3)
        #expect(wide.width == 9 && wide.height == 8 && wide.alpha.max() == 200)
    }
}

import Testing
@testable import RingsRaster
import TestSupport

/// The one compositing rule, out = s c + d (1 - s_a c / 255) rounded once (c to the nearest 1/255):
/// the vector loop against its scalar reference, and the reference against the formula in Double.
@Suite struct CompositingTests {
    func randomPixel(_ rng: inout SeededGenerator, opaque: Bool = false) -> UInt32 {
        let a = opaque ? 255 : UInt32.random(in: 0...255, using: &rng)
        // Premultiplied: no channel above alpha.
        let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
        return r | g << 8 | b << 16 | a << 24
    }

    @Test func vectorRunsMatchTheScalarReference() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...13, using: &rng)
            let src = (0..<count).map { _ in randomPixel(&rng) }
            let dst = (0..<count).map { _ in randomPixel(&rng, opaque: Bool.random(using: &rng)) }
            var out = dst
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    PixelMath.compositeRun(s.baseAddress!, under: UnsafePointer(o.baseAddress!), into: o.baseAddress!, count: count)
                }
            }
            for i in 0..<count { #expect(out[i] == PixelMath.blend(src[i], dst[i], coverage: 1), "pixel \(i) of \(count)") }
            // One colour over the same run (a solid shader's, not shaded first).
            let color = randomPixel(&rng)
            var over = dst
            over.withUnsafeMutableBufferPointer { PixelMath.compositeRun(color, over: $0.baseAddress!, count: count) }
            for i in 0..<count { #expect(over[i] == PixelMath.blend(color, dst[i], coverage: 1), "pixel \(i) of \(count), one colour") }
        }
    }

    /// One colour over a run of partly covered pixels in one piece (a shadow's row), blended where it lies.
    @Test func partlyCoveredRunsMatchTheScalarReference() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...21, using: &rng)
            let dst = (0..<count).map { _ in randomPixel(&rng, opaque: Bool.random(using: &rng)) }
            let coverage = (0..<count).map { _ in [Float(0), 1, 1.0000001, Float.random(in: 0...1, using: &rng)].randomElement(using: &rng)! }
            let color = randomPixel(&rng)
            var out = dst
            out.withUnsafeMutableBufferPointer { PixelMath.compositeRun(color, coverage: coverage, over: $0.baseAddress!, count: count) }
            for i in 0..<count { #expect(out[i] == PixelMath.blend(color, dst[i], coverage: coverage[i]), "pixel \(i) of \(count)") }
        }
    }

    /// Partly covered pixels picked from anywhere in a row, as a gathered row's rims are.
    @Test func scatteredPixelsMatchTheScalarReference() {
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<2_000 {
            let width = 24
            let src = (0..<width).map { _ in randomPixel(&rng) }
            let dst = (0..<width).map { _ in randomPixel(&rng, opaque: Bool.random(using: &rng)) }
            let columns = (0..<width).filter { _ in Bool.random(using: &rng) }.map { Int32($0) }
            // Coverage as shapes give it: often 0 or 1, sometimes a hair over 1.
            var coverage = columns.map { _ in [Float(0), 1, 1.0000001, Float.random(in: 0...1, using: &rng)].randomElement(using: &rng)! }
            coverage += [0, 0, 0, 0]
            // What lay under each, gathered before (as an opaque shader's row is painted over it).
            var under = [UInt32](repeating: 0, count: columns.count + 4)
            PixelMath.gather(columns, count: columns.count, from: dst, into: &under)
            // A shader that is not opaque, shaded apart, over the destination; or an opaque shader's row,
            // painted where the destination was, over what lay under it. Either way its colours at the
            // columns are gathered first.
            for inPlace in [true, false] {
                var out = inPlace ? dst : src
                var shaded = [UInt32](repeating: 0, count: columns.count + 4)
                PixelMath.gather(columns, count: columns.count, from: src, into: &shaded)
                out.withUnsafeMutableBufferPointer { o in
                    PixelMath.compositeColumns(columns, coverage: coverage, count: columns.count, shaded: &shaded, under: under,
                                               into: o.baseAddress!)
                }
                for x in 0..<width {
                    let k = columns.firstIndex(of: Int32(x))
                    let expected = k.map { PixelMath.blend(src[x], dst[x], coverage: coverage[$0]) } ?? (inPlace ? dst[x] : src[x])
                    #expect(out[x] == expected, "pixel \(x)")
                }
            }
        }
    }

    @Test func theReferenceRoundsTheExactFormulaOnce() {
        var rng = SeededGenerator(seed: 8)
        for _ in 0..<20_000 {
            let s = randomPixel(&rng), d = randomPixel(&rng)
            let c = Float.random(in: 0...1, using: &rng)
            let out = PixelMath.blend(s, d, coverage: c)
            let k = (Double(c) * 255).rounded() / 255
            let keep = 1 - Double(s >> 24) * k / 255
            for shift: UInt32 in [0, 8, 16, 24] {
                let exact = Double((s >> shift) & 0xFF) * k + Double((d >> shift) & 0xFF) * keep
                #expect(abs(Double((out >> shift) & 0xFF) - exact) <= 0.5 + 1e-4)
            }
        }
        // Nothing covered leaves the destination; an opaque source wholly covering replaces it.
        #expect(PixelMath.blend(0xFF10_2030, 0x8040_4040, coverage: 0) == 0x8040_4040)
        #expect(PixelMath.blend(0xFF10_2030, 0x8040_4040, coverage: 1) == 0xFF10_2030)
    }
}

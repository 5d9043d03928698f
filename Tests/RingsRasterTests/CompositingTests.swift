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
            // Coverage as shapes give it: often 0 or 1, sometimes a hair over 1.
            let coverage = (0..<count).map { _ in [Float(0), 1, 1.0000001, Float.random(in: 0...1, using: &rng)].randomElement(using: &rng)! }
            for covered in [true, false] {
                // In place over the destination, or into a third buffer (an opaque shader's row,
                // painted in the destination, over what lay under it).
                var out = covered ? dst : [UInt32](repeating: 0, count: count)
                src.withUnsafeBufferPointer { s in
                    coverage.withUnsafeBufferPointer { c in
                        dst.withUnsafeBufferPointer { d in
                            out.withUnsafeMutableBufferPointer { o in
                                PixelMath.compositeRun(s.baseAddress!, under: covered ? UnsafePointer(o.baseAddress!) : d.baseAddress!, into: o.baseAddress!,
                                                       count: count, coverage: covered ? c.baseAddress! : nil)
                            }
                        }
                    }
                }
                for i in 0..<count {
                    #expect(out[i] == PixelMath.blend(src[i], dst[i], coverage: covered ? coverage[i] : 1), "pixel \(i) of \(count)")
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

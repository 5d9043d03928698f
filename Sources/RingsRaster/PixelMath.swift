/// Premultiplied source-over with coverage, the one compositing rule: per channel
/// out = s c + d (1 - s_a c / 255), in Float, rounded to the nearest level once, with the coverage c
/// itself taken to the nearest 1/255 first (as 8-bit coverage masks hold it).
///
/// `compositeColumns` does four pixels per step, each vector holding one channel of four pixels (so a
/// pixel's coverage and alpha sit in its own lane, with no shuffles), `compositeRun` four wholly
/// covering pixels in 16-bit lanes (`over`); `blend` is the same arithmetic one pixel at a time, the
/// reference the vector loops are tested against.
enum PixelMath {
    /// `src` with coverage c (clamped to 1) over `dst`.
    @inline(__always)
    static func blend(_ src: UInt32, _ dst: UInt32, coverage c: Float) -> UInt32 {
        let c = Float(rounded(min(c, 1) * 255)) * (1 / 255)
        let keep = 1 - Float(src >> 24) * c * (1 / 255)
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            let v = Float((src >> shift) & 0xFF) * c + Float((dst >> shift) & 0xFF) * keep
            out |= (rounded(v) & 0xFF) << shift
        }
        return out
    }

    /// One colour wholly covering the pixels of `dst`, in place.
    static func compositeRun(_ color: UInt32, over dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let s = SIMD4<UInt32>(repeating: color)
        var i = 0
        while i &+ 4 <= count {
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: over(s, d), as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            dst[i] = over(s, SIMD4(repeating: dst[i]))[0]
            i &+= 1
        }
    }

    /// One colour over the pixels of `dst`, each with its own coverage, in place: `compositeColumns`'s
    /// arithmetic on a run that lies in one piece.
    static func compositeRun(_ color: UInt32, coverage: UnsafePointer<Float>, over dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let s = SIMD4<UInt32>(repeating: color)
        var i = 0
        while i &+ 4 <= count {
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: blend(s, d, coverage: c), as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            dst[i] = blend(s, SIMD4(repeating: dst[i]), coverage: SIMD4(repeating: coverage[i]))[0]
            i &+= 1
        }
    }

    /// Shaded colours wholly covering what lies under them, into `out` (which may be either of the two).
    static func compositeRun(_ src: UnsafePointer<UInt32>, under dst: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>,
                             count: Int) {
        var i = 0
        while i &+ 4 <= count {
            let s = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: over(s, d), as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            out[i] = over(SIMD4(repeating: src[i]), SIMD4(repeating: dst[i]))[0]
            i &+= 1
        }
    }

    /// Copies `pixels[columns[k]]` to `gathered[k]` for each k below `count`.
    @inline(__always)
    static func gather(_ columns: UnsafePointer<Int32>, count: Int, from pixels: UnsafePointer<UInt32>, into gathered: UnsafeMutablePointer<UInt32>) {
        for k in 0..<count { gathered[k] = pixels[Int(columns[k])] }
    }

    /// Scattered pixels, four at a time whatever runs they come from: for each k below `count`, the
    /// shaded colour `shaded[k]` with coverage `coverage[k]` over `under[k]` (both gathered before),
    /// into `out[columns[k]]`. The arithmetic runs on vectors loaded from memory, as in a run;
    /// `coverage`, `under` and `shaded` have room for three more entries, read as spare lanes, and
    /// `shaded` is overwritten.
    static func compositeColumns(_ columns: UnsafePointer<Int32>, coverage: UnsafePointer<Float>, count: Int,
                                 shaded: UnsafeMutablePointer<UInt32>, under: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        var k = 0
        while k < count {
            let s = UnsafeRawPointer(shaded + k).loadUnaligned(as: SIMD4<UInt32>.self)
            let d = UnsafeRawPointer(under + k).loadUnaligned(as: SIMD4<UInt32>.self)
            let c = UnsafeRawPointer(coverage + k).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(shaded + k).storeBytes(of: blend(s, d, coverage: c), as: SIMD4<UInt32>.self)
            k &+= 4
        }
        for k in 0..<count { out[Int(columns[k])] = shaded[k] }
    }

    /// `blend` in the lanes of four pixels.
    @inline(__always)
    static func blend(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, coverage: SIMD4<Float>) -> SIMD4<UInt32> {
        var c = coverage
        c.replace(with: 1, where: c .> 1)
        c = SIMD4<Float>(unsafeBitCast(rounded(c * 255), to: SIMD4<Int32>.self)) * (1 / 255)
        let sa = channel(s, 24)
        let keep = 1 - sa * c * (1 / 255)
        let r = rounded(channel(s, 0) * c + channel(d, 0) * keep)
        let g = rounded(channel(s, 8) * c + channel(d, 8) * keep)
        let b = rounded(channel(s, 16) * c + channel(d, 16) * keep)
        let a = rounded(sa * c + channel(d, 24) * keep)
        let low: SIMD4<UInt32> = (r & 0xFF) | ((g & 0xFF) &<< 8)
        let high: SIMD4<UInt32> = ((b & 0xFF) &<< 16) | (a &<< 24)
        return low | high
    }

    /// Four wholly covering pixels over four, in 16-bit lanes: s + round(d (255 - s_a) / 255) per
    /// channel, by the exact (t + (t >> 8)) >> 8 with t = d k + 128. The same numbers as `blend` at
    /// coverage 1, since d k / 255 never falls on a half (255 is odd), and s + that never exceeds 255
    /// for premultiplied colours, so channels can be added as whole pixels.
    @inline(__always)
    static func over(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
        typealias U16 = SIMD8<UInt16>
        let keep = 255 &- (s &>> 24)
        let k = unsafeBitCast(keep | (keep &<< 16), to: U16.self)
        let pairs = unsafeBitCast(d, to: U16.self)
        @inline(__always) func scaled(_ v: U16) -> U16 {
            let t = v &* k &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }
        let evens = scaled(pairs & 0x00FF), odds = scaled(pairs &>> 8)
        return unsafeBitCast(evens | (odds &<< 8), to: SIMD4<UInt32>.self) &+ s
    }

    /// One channel of four packed pixels, as Floats.
    @inline(__always)
    private static func channel(_ p: SIMD4<UInt32>, _ shift: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(unsafeBitCast((p &>> shift) & 0xFF, to: SIMD4<Int32>.self))
    }

    /// round(v) for 0 <= v < 2^22 in the low bits: adding 2^23 leaves it in the mantissa (to nearest,
    /// ties to even), with no checked conversion.
    @inline(__always)
    private static func rounded(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        unsafeBitCast(v + 8_388_608, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    }

    @inline(__always)
    private static func rounded(_ v: Float) -> UInt32 {
        (v + 8_388_608).bitPattern & 0x7F_FFFF
    }
}

extension PixelMath {
    /// Per-channel linear mix of two packed pixels, a + (b - a) t, rounded.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: Float) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            let p = Float((a >> shift) & 0xFF), q = Float((b >> shift) & 0xFF)
            out |= UInt32(p + (q - p) * t + 0.5) << shift
        }
        return out
    }
}

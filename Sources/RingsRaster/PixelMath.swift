/// 8-bit premultiplied source-over arithmetic, two channels per 32-bit multiply.
enum PixelMath {
    /// Each of the channels in 0x00XX00YY times k / 255, rounded.
    @inline(__always)
    static func scalePair(_ pair: UInt32, _ k: UInt32) -> UInt32 {
        var t = pair &* k &+ 0x0080_0080
        t = (t &+ ((t >> 8) & 0x00FF_00FF)) >> 8
        return t & 0x00FF_00FF
    }

    /// All four channels of a packed pixel times k / 255 (k in 0...255).
    @inline(__always)
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        scalePair(p & 0x00FF_00FF, k) | (scalePair((p >> 8) & 0x00FF_00FF, k) << 8)
    }

    /// Premultiplied source over destination.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, 255 &- (src >> 24))
    }

    /// `src` with coverage k / 255 over `dst`, rounded once per channel:
    /// (s k 255 + d (255^2 - s_a k)) / 255^2.
    @inline(__always)
    static func blend(_ src: UInt32, _ dst: UInt32, coverage k: UInt32) -> UInt32 {
        let keep = 65025 &- (src >> 24) &* k
        let sk = k &* 255
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF
            let v = (s &* sk &+ d &* keep &+ 32512) / 65025
            out |= v << shift
            shift += 8
        }
        return out
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

/// A straight (not premultiplied) sRGB colour with 8-bit channels, as themes write them.
public struct RGB8: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }

    /// This colour at `opacity`, premultiplied, in 0...255 units.
    public func withOpacity(_ opacity: Double) -> ColorF {
        ColorF(r: Double(r) * opacity, g: Double(g) * opacity, b: Double(b) * opacity, a: 255 * opacity)
    }

    public var opaque: ColorF { withOpacity(1) }
}

/// A premultiplied colour with Double channels on the 0...255 scale; the exact arithmetic of the reference.
public struct ColorF: Equatable, Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }

    public static let clear = ColorF(r: 0, g: 0, b: 0, a: 0)

    /// `self` blended linearly towards `other` by `t` (0 gives self, 1 gives other).
    public func mix(_ other: ColorF, _ t: Double) -> ColorF {
        ColorF(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    public static func * (c: ColorF, k: Double) -> ColorF { ColorF(r: c.r * k, g: c.g * k, b: c.b * k, a: c.a * k) }
    public static func + (x: ColorF, y: ColorF) -> ColorF { ColorF(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a) }

    /// The same colour with red and blue exchanged, for pixels stored B, G, R, A.
    public var swappingRedAndBlue: ColorF { ColorF(r: b, g: g, b: r, a: a) }

    /// Source-over: `self` on top of `below`.
    public func over(_ below: ColorF) -> ColorF { self + below * (1 - a / 255) }

    /// Rounded to the nearest 8-bit packed pixel.
    public var packed: PackedPixel {
        @inline(__always) func q(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v + 0.5))) }
        return PackedPixel(bits: q(r) | q(g) << 8 | q(b) << 16 | q(a) << 24)
    }
}

/// A premultiplied RGBA8 pixel as stored in a `Pixmap`: bytes R, G, B, A in memory order.
public struct PackedPixel: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var bits: UInt32
    public init(bits: UInt32) { self.bits = bits }
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        bits = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    public var r: UInt8 { UInt8(truncatingIfNeeded: bits) }
    public var g: UInt8 { UInt8(truncatingIfNeeded: bits >> 8) }
    public var b: UInt8 { UInt8(truncatingIfNeeded: bits >> 16) }
    public var a: UInt8 { UInt8(truncatingIfNeeded: bits >> 24) }

    public static let opaqueBlack = PackedPixel(r: 0, g: 0, b: 0, a: 255)
    public static let transparent = PackedPixel(bits: 0)

    /// The same pixel with its red and blue bytes exchanged: B, G, R, A in memory (a window surface's order).
    public var swappingRedAndBlue: PackedPixel { PackedPixel(bits: PackedPixel.swappingRedAndBlue(bits)) }

    /// `bits` with the red and blue bytes exchanged.
    @inline(__always)
    public static func swappingRedAndBlue(_ bits: UInt32) -> UInt32 {
        (bits & 0xFF00_FF00) | ((bits >> 16) & 0xFF) | ((bits & 0xFF) << 16)
    }

    public var colorF: ColorF { ColorF(r: Double(r), g: Double(g), b: Double(b), a: Double(a)) }

    /// The same colour with straight alpha (as PNG files and SDL surfaces take it), each channel rounded.
    public var straight: PackedPixel {
        let a = bits >> 24
        if a == 255 || a == 0 { return a == 0 ? .transparent : self }
        var out = a << 24
        for shift in [0, 8, 16] as [UInt32] {
            let c = (bits >> shift) & 0xFF
            out |= min(255, (c * 255 + a / 2) / a) << shift
        }
        return PackedPixel(bits: out)
    }
    public var description: String { "(\(r), \(g), \(b), \(a))" }
}

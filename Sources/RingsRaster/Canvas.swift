import CWideFill

/// A pixmap placed in drawing coordinates: drawing pixel (x, y) is pixmap pixel (x - originX,
/// y - originY), so commands drawn for a whole frame can land in a small pixmap that holds one
/// window of it (olive.c's canvas is likewise a plain value with an offset).
///
///     let box = IntRect(x: 300, y: 200, width: 64, height: 64)
///     let tile = Canvas(Pixmap(width: box.width, height: box.height), originX: box.x, originY: box.y)
public struct Canvas: @unchecked Sendable {
    public let pixmap: Pixmap
    public let originX: Int, originY: Int

    /// Origins are non-negative: rows are indexed by drawing column, from column 0.
    public init(_ pixmap: Pixmap, originX: Int = 0, originY: Int = 0) {
        precondition(originX >= 0 && originY >= 0, "a canvas's origin is not negative")
        self.pixmap = pixmap; self.originX = originX; self.originY = originY
    }

    /// The drawing coordinates it holds.
    public var bounds: IntRect { IntRect(x: originX, y: originY, width: pixmap.width, height: pixmap.height) }

    /// Drawing row y, indexed by drawing column (valid for the columns of `bounds`).
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixmap.row(y - originY) - originX }

    /// Sets every pixel of `rect` (drawing coordinates, clipped to the canvas) to `pixel`.
    public func clear(_ rect: IntRect, to pixel: PackedPixel) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY { Canvas.fill(row(y) + area.minX, count: area.width, with: pixel.bits) }
    }

    /// Sets `count` pixels: a long row by glibc's `wmemset` (whose vector loop stores as wide as
    /// the processor does), a short one here, 256 bytes per step (the compiler's own loop stores
    /// 64), then four a store, the last four overlapping the ones before. Inlinable: the gradient
    /// shader fills a stretch per ray it meets.
    @inlinable @inline(__always)
    public static func fill(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, with bits: UInt32) {
        guard count >= 4 else {
            if count > 0 { pixels[0] = bits; if count > 1 { pixels[1] = bits; if count > 2 { pixels[2] = bits } } }
            return
        }
        if count >= 256 {
            // wchar_t is 32 bits, signed on x86-64 and unsigned on arm64: the same memory may be used as either.
            let wide = wchar_t(truncatingIfNeeded: bits)
            _ = wmemset(UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: wchar_t.self), wide, count)
            return
        }
        let block = SIMD16<UInt32>(repeating: bits)
        var i = 0
        while i &+ 64 <= count {
            let at = UnsafeMutableRawPointer(pixels + i)
            at.storeBytes(of: block, as: SIMD16<UInt32>.self)
            at.storeBytes(of: block, toByteOffset: 64, as: SIMD16<UInt32>.self)
            at.storeBytes(of: block, toByteOffset: 128, as: SIMD16<UInt32>.self)
            at.storeBytes(of: block, toByteOffset: 192, as: SIMD16<UInt32>.self)
            i &+= 64
        }
        let four = SIMD4<UInt32>(repeating: bits)
        while i &+ 4 < count {
            UnsafeMutableRawPointer(pixels + i).storeBytes(of: four, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        UnsafeMutableRawPointer(pixels + (count &- 4)).storeBytes(of: four, as: SIMD4<UInt32>.self)
    }
}

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

/// Draws shapes with shaders into a pixmap: the span blitter between scan conversion and shading.
public struct Rasterizer {
    private var coverage: [Float] = []
    private var colors: [UInt32] = []

    public init() {}

    /// Pixels per band: a band of the frame (about 256 KB) stays in the cache while every command
    /// draws into it, so blending reads what the clear just wrote from cache, not from memory.
    static let bandPixels = 65536

    /// Clears to the background and draws every command in order, one horizontal band at a time.
    public mutating func render(_ list: DisplayList, into pixmap: Pixmap) {
        let boxes = list.commands.map { pixmap.bounds.intersection($0.shape.bounds) }
        let bandRows = max(8, Rasterizer.bandPixels / max(1, pixmap.width))
        var top = 0
        while top < pixmap.height {
            let band = IntRect(x: 0, y: top, width: pixmap.width, height: min(bandRows, pixmap.height - top))
            pixmap.subview(band).fill(list.background)
            for (command, box) in zip(list.commands, boxes) {
                let clip = box.intersection(band)
                if !clip.isEmpty { fill(command.shape, with: command.shader, into: pixmap, clip: clip) }
            }
            top += band.height
        }
    }

    /// Composites `shader` through `shape`'s coverage, source-over.
    public mutating func fill(_ shape: any Shape, with shader: any Shader, into pixmap: Pixmap) {
        fill(shape, with: shader, into: pixmap, clip: pixmap.bounds.intersection(shape.bounds))
    }

    /// The same, only inside `clip`, which lies within the pixmap and the shape's bounds.
    private mutating func fill(_ shape: any Shape, with shader: any Shader, into pixmap: Pixmap, clip: IntRect) {
        guard !clip.isEmpty else { return }
        if coverage.count < clip.width {
            coverage = [Float](repeating: 0, count: pixmap.width)
            colors = [UInt32](repeating: 0, count: pixmap.width)
        }
        let opaque = shader.isOpaque
        coverage.withUnsafeMutableBufferPointer { cov in
            colors.withUnsafeMutableBufferPointer { col in
                let colorBase = col.baseAddress!
                shape.forEachSpan(in: clip, scratch: cov.baseAddress!) { y, x, count, coverage in
                    let dst = pixmap.row(y) + x
                    guard let coverage else {
                        if opaque {
                            shader.shade(x: x, y: y, count: count, into: dst)
                        } else {
                            shader.shade(x: x, y: y, count: count, into: colorBase)
                            for i in 0..<count { dst[i] = PixelMath.over(colorBase[i], dst[i]) }
                        }
                        return
                    }
                    shader.shade(x: x, y: y, count: count, into: colorBase)
                    for i in 0..<count {
                        let c = coverage[i]
                        if c <= 0 { continue }
                        if c >= 1 && opaque {
                            dst[i] = colorBase[i]
                        } else {
                            let k = UInt32(min(c, 1) * 255 + 0.5)
                            dst[i] = PixelMath.blend(colorBase[i], dst[i], coverage: k)
                        }
                    }
                }
            }
        }
    }
}

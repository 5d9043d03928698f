import RingsRaster

/// The pixels of a premultiplied image whose top-left corner sits at (`x`, `y`): a layer drawn once
/// and composited every frame, as Core Animation's `shouldRasterize` does. Outside it, transparent.
public struct ImageShader: Shader {
    public let image: Pixmap
    public let x: Int, y: Int
    /// Whether the image's red and blue are exchanged on their way out (`swappingRedAndBlue`).
    public let redAndBlueSwapped: Bool

    public init(_ image: Pixmap, x: Int, y: Int, redAndBlueSwapped: Bool = false) {
        self.image = image; self.x = x; self.y = y; self.redAndBlueSwapped = redAndBlueSwapped
    }

    public var isOpaque: Bool { false }

    public func shade(x px: Int, y py: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let row = py - y
        guard row >= 0, row < image.height else { return out.update(repeating: 0, count: count) }
        let from = max(px, x), to = min(px + count, x + image.width)
        guard from < to else { return out.update(repeating: 0, count: count) }
        if from > px { out.update(repeating: 0, count: from - px) }
        let source = image.row(row) + (from - x), target = out + (from - px)
        if redAndBlueSwapped {
            for i in 0..<(to - from) { target[i] = PackedPixel.swappingRedAndBlue(source[i]) }
        } else {
            target.update(from: source, count: to - from)
        }
        if to < px + count { (out + (to - px)).update(repeating: 0, count: px + count - to) }
    }

    public func color(atX px: Double, y py: Double) -> ColorF {
        let col = Int(px.rounded(.down)) - x, row = Int(py.rounded(.down)) - y
        guard col >= 0, col < image.width, row >= 0, row < image.height else { return .clear }
        let color = image[col, row].colorF
        return redAndBlueSwapped ? color.swappingRedAndBlue : color
    }

    public func swappingRedAndBlue() -> ImageShader { ImageShader(image, x: x, y: y, redAndBlueSwapped: !redAndBlueSwapped) }
}

/// A paint source in Skia's sense: the colour of every pixel a shape covers.
///
/// Fast path: `shade` fills a whole run of premultiplied pixels in one call, so dynamic dispatch costs
/// once per span. Reference path: `color(atX:y:)` gives the exact colour at a point.
public protocol Shader: Sendable {
    /// True when every colour it produces has alpha 255, so covered pixels can be copied, not blended.
    var isOpaque: Bool { get }

    /// The packed colour of every pixel when it paints one colour everywhere (nil otherwise): a
    /// blitter then blends it over runs without shading them first.
    var uniformPixel: UInt32? { get }

    /// Writes the premultiplied colours of pixels (x ..< x + count, y) to `out`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)

    /// The exact premultiplied colour at a point, on the 0...255 scale.
    func color(atX x: Double, y: Double) -> ColorF

    /// The same paint with red and blue exchanged: what draws straight into pixels stored B, G, R, A
    /// (a window surface's order), every other byte the same.
    func swappingRedAndBlue() -> Self
}

extension Shader {
    public var uniformPixel: UInt32? { nil }
}

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

/// A shader for an arc fill: its colours follow the arc-length parameter u, 0 at the start, 1 at the end.
public protocol ArcShader: Shader {
    /// The exact premultiplied colour at u in 0...1, on the 0...255 scale.
    func color(atParameter u: Double) -> ColorF
    /// The packed colours its fast path gives at u = 0 and u = 1.
    var startPixel: UInt32 { get }
    var endPixel: UInt32 { get }
    /// The rays on which its colour changes, for a redraw that repaints only what they moved
    /// (`ArcStroke.recolor`); nil for a paint not made so.
    var rayFan: RayFan? { get }
    /// Whether `color(atParameter:)` is affine in u over 0...1 (one straight ramp from the start
    /// colour to the end's), so that the mean of its colours at some parameters is its colour at their mean.
    var isAffine: Bool { get }
}

extension ArcShader {
    public var rayFan: RayFan? { nil }
    public var isAffine: Bool { false }
}

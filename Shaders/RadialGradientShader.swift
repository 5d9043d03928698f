import RingsRaster

/// A ramp from `center` (0) out to `radius` (1), clamped beyond.
public struct RadialGradientShader: Shader {
    public let center: Point, radius: Double
    public let ramp: ColorRamp

    public init(center: Point, radius: Double, ramp: ColorRamp) {
        self.center = center; self.radius = max(radius, 1e-9); self.ramp = ramp
    }

    public var isOpaque: Bool { ramp.isOpaque }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let dy = Float(Double(y) + 0.5 - center.y), inverse = Float(1 / radius)
        let dx0 = Float(Double(x) + 0.5 - center.x)
        for i in 0..<count {
            let dx = dx0 + Float(i)
            out[i] = ramp.packed(at: (dx * dx + dy * dy).squareRoot() * inverse)
        }
    }

    public func color(atX x: Double, y: Double) -> ColorF {
        ramp.color(at: (Point(x: x, y: y) - center).length / radius)
    }

    public func swappingRedAndBlue() -> RadialGradientShader {
        RadialGradientShader(center: center, radius: radius, ramp: ramp.swappingRedAndBlue())
    }
}

import RingsRaster

/// A ramp laid along the line from `start` to `end`, constant across it, clamped beyond the ends.
public struct LinearGradientShader: Shader {
    public let start: Point, end: Point
    public let ramp: ColorRamp

    public init(from start: Point, to end: Point, ramp: ColorRamp) {
        self.start = start; self.end = end; self.ramp = ramp
    }

    public var isOpaque: Bool { ramp.isOpaque }

    private func parameter(_ x: Double, _ y: Double) -> Double {
        let vx = end.x - start.x, vy = end.y - start.y
        let length2 = vx * vx + vy * vy
        guard length2 > 0 else { return 0 }
        return ((x - start.x) * vx + (y - start.y) * vy) / length2
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let t0 = parameter(Double(x) + 0.5, Double(y) + 0.5)
        let step = parameter(Double(x) + 1.5, Double(y) + 0.5) - t0
        for i in 0..<count { out[i] = ramp.packed(at: Float(t0 + step * Double(i))) }
    }

    public func color(atX x: Double, y: Double) -> ColorF { ramp.color(at: parameter(x, y)) }

    public func swappingRedAndBlue() -> LinearGradientShader {
        LinearGradientShader(from: start, to: end, ramp: ramp.swappingRedAndBlue())
    }
}

import RingsRaster

/// Another shader's colours at a fraction of their opacity, as a layer's `opacity` shows them.
public struct OpacityShader: Shader {
    public let base: any Shader
    public let opacity: Double
    private let scale: UInt32

    public init(_ base: any Shader, opacity: Double) {
        self.base = base
        self.opacity = min(1, max(0, opacity))
        scale = UInt32((self.opacity * 256).rounded())
    }

    public var isOpaque: Bool { base.isOpaque && opacity >= 1 }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        base.shade(x: x, y: y, count: count, into: out)
        guard scale < 256 else { return }
        for i in 0..<count {
            let p = out[i]
            let rb = ((p & 0x00FF_00FF) &* scale &+ 0x0080_0080) >> 8 & 0x00FF_00FF
            let ag = (((p >> 8) & 0x00FF_00FF) &* scale &+ 0x0080_0080) >> 8 & 0x00FF_00FF
            out[i] = rb | (ag << 8)
        }
    }

    public func color(atX x: Double, y: Double) -> ColorF { base.color(atX: x, y: y) * opacity }
}

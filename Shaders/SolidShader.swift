import RingsRaster

/// One colour everywhere.
public struct SolidShader: Shader {
    public let color: ColorF
    private let packed: UInt32

    public init(_ color: ColorF) { self.color = color; packed = color.packed.bits }

    public var isOpaque: Bool { color.a >= 255 }

    public var uniformPixel: UInt32? { packed }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        out.update(repeating: packed, count: count)
    }

    public func color(atX x: Double, y: Double) -> ColorF { color }

    public func swappingRedAndBlue() -> SolidShader { SolidShader(color.swappingRedAndBlue) }
}

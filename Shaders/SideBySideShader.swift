import RingsRaster

/// Two shaders side by side: `left` for pixels whose centres lie left of `split`, `right` for the rest
/// (the gold ring's two vertical gradients, one per half).
public struct SideBySideShader: Shader {
    public let left: any Shader, right: any Shader
    public let split: Double

    public init(left: any Shader, right: any Shader, split: Double) {
        self.left = left; self.right = right; self.split = split
    }

    public var isOpaque: Bool { left.isOpaque && right.isOpaque }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        // Columns x ..< first have centres left of the split.
        let first = min(x + count, max(x, Int((split - 0.5).rounded(.up))))
        if first > x { left.shade(x: x, y: y, count: first - x, into: out) }
        if first < x + count { right.shade(x: first, y: y, count: x + count - first, into: out + (first - x)) }
    }

    public func color(atX x: Double, y: Double) -> ColorF {
        x < split ? left.color(atX: x, y: y) : right.color(atX: x, y: y)
    }

    public func swappingRedAndBlue() -> SideBySideShader {
        SideBySideShader(left: left.swappingRedAndBlue(), right: right.swappingRedAndBlue(), split: split)
    }
}

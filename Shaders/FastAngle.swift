/// Angles without libm, eight at a time: a polynomial atan2 and a floor that needs no SSE4.1.
///
/// The angle uses a degree-11 odd minimax polynomial on [0, 1] with octant folding; its error is below
/// 1e-5 radians (0.004 px at radius 400).
enum FastAngle {
    typealias F8 = SIMD8<Float>

    /// The angle of the offset (dx, dy) (y down) clockwise from 12 o'clock, in [0, 2 pi).
    @inline(__always)
    static func clockwiseAngle(_ dx: F8, _ dy: F8) -> F8 {
        // atan2(dx, -dy), with the negative half folded straight into [pi, 2 pi).
        let y = dx, x = -dy
        let ax = x.replacing(with: dy, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
        let steep = ay .> ax
        var big = ax.replacing(with: ay, where: steep)
        big.replace(with: .leastNormalMagnitude, where: big .< .leastNormalMagnitude)
        let a = ay.replacing(with: ax, where: steep) / big
        var r: F8 = polynomial(a * a) * a
        r.replace(with: Float.pi / 2 - r, where: steep)
        r.replace(with: Float.pi - r, where: x .< 0)
        r.replace(with: 2 * Float.pi - r, where: y .< 0)
        return r
    }

    @inline(__always)
    private static func polynomial<V: SIMD>(_ s: V) -> V where V.Scalar == Float {
        var r = V(repeating: -0.011_721_20)
        r = r * s + 0.052_653_32
        r = r * s - 0.116_432_87
        r = r * s + 0.193_543_46
        r = r * s - 0.332_623_47
        r = r * s + 0.999_977_26
        return r
    }

    /// floor(v) for |v| < 2^22, by the round-to-nearest of adding and removing 1.5 * 2^23.
    @inline(__always)
    static func floor(_ v: F8) -> F8 {
        let magic = F8(repeating: 12_582_912)
        var r = (v + magic) - magic
        r.replace(with: r - 1, where: r .> v)
        return r
    }
}

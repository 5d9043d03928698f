import RingsRaster

/// Renders a display list with the fast rasteriser and with the 16 x 16 reference, and compares them.
public func compareWithReference(_ list: DisplayList, width: Int, height: Int, seam: [IntRect] = []) -> ImageComparison {
    let fast = Pixmap(width: width, height: height)
    var rasterizer = Rasterizer()
    rasterizer.render(list, into: fast)
    let (exact, edges) = ReferenceRenderer().render(list, width: width, height: height)
    return ImageComparison(fast, against: exact, edges: edges, focus: seam)
}

/// A small deterministic random number generator (SplitMix64), so that random tests repeat exactly.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Runs `body` `times` times on one generator seeded with `seed`: random cases, the same on every run.
    public static func cases(seed: UInt64, times: Int, _ body: (inout SeededGenerator) -> Void) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<times { body(&rng) }
    }

    /// A point with both coordinates drawn from `range`.
    public mutating func point(in range: ClosedRange<Double>) -> Point {
        Point(x: Double.random(in: range, using: &self), y: Double.random(in: range, using: &self))
    }
}

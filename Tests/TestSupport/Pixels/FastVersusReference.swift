import RingsRaster

/// Renders a display list with the fast rasteriser and with the 16 x 16 reference, and compares them;
/// also samples a margin round each shape's bounds (`coverageOutsideBounds`), which the reference
/// alone does not look at. Tests check `outsideBounds` is empty as well as the image figures.
public func compareWithReference(_ list: DisplayList, width: Int, height: Int, seam: [IntRect] = []) -> ReferenceComparison {
    let fast = Pixmap(width: width, height: height)
    var rasterizer = Rasterizer()
    rasterizer.render(list, into: fast)
    return compareWithReference(fast, of: list, seam: seam)
}

/// `image` (already drawn, by any renderer) against the 16 x 16 reference of `list`, with the margin check.
public func compareWithReference(_ image: Pixmap, of list: DisplayList, seam: [IntRect] = []) -> ReferenceComparison {
    let (exact, edges) = ReferenceRenderer().render(list, width: image.width, height: image.height)
    return ReferenceComparison(image: ImageComparison(image, against: exact, edges: edges, focus: seam),
                               outsideBounds: coverageOutsideBounds(list, width: image.width, height: image.height))
}

/// What `compareWithReference` found: the picture's distance from the reference, and the pixels
/// some shape covers outside its declared bounds (the wider oracle: none, for a sound display list).
public struct ReferenceComparison: Sendable, CustomStringConvertible {
    public let image: ImageComparison
    public let outsideBounds: [BoundsLeak]

    public init(image: ImageComparison, outsideBounds: [BoundsLeak]) { self.image = image; self.outsideBounds = outsideBounds }

    // The image figures, as `ImageComparison` names them.
    public var meanAll: Double { image.meanAll }
    public var meanEdge: Double { image.meanEdge }
    public var p99Edge: Double { image.p99Edge }
    public var maxAll: Int { image.maxAll }
    public var worstPixel: (x: Int, y: Int) { image.worstPixel }
    public var maxInFocus: Int { image.maxInFocus }
    public var meanInFocus: Double { image.meanInFocus }
    public var edgePixelCount: Int { image.edgePixelCount }

    public var description: String {
        guard let first = outsideBounds.first else { return image.description }
        return "\(image) outside_bounds=\(outsideBounds.count) (first: \(first))"
    }
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

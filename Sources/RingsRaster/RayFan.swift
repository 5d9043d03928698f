/// The rays from an arc's centre on which an arc fill's colour changes (a conic gradient's: see
/// `ConicArcShader`), per half of the plane in the order a row meets them, each with the colour right
/// of it and a name that stays with it from frame to frame while the band grows or shrinks.
public struct RayFan: Sendable {
    /// A ray: dx / dy along it (where it crosses the row dy from the centre), the colour right of it,
    /// and which ray it is (a ramp's step, the same in every frame; negative for the start and the end).
    public struct Ray: Sendable {
        public var slope: Double
        public var color: UInt32
        public var id: Int32
        public init(slope: Double, color: UInt32, id: Int32) { self.slope = slope; self.color = color; self.id = id }
    }

    /// The rays of one half of the plane, left to right, and the colour left of the first.
    public struct Half: Sendable {
        public var rays: [Ray] = []
        public var leftColor: UInt32 = 0
        public init() {}
    }

    /// The rays that go up from the centre (met left to right on rows above it) and down.
    public var above: Half, below: Half
    /// The colours straight left and right of the centre (the row through it).
    public var nineOClock: UInt32, threeOClock: UInt32

    public init(above: Half, below: Half, nineOClock: UInt32, threeOClock: UInt32) {
        self.above = above; self.below = below; self.nineOClock = nineOClock; self.threeOClock = threeOClock
    }

    /// Ray names run below this (a colour table's entries), for tables indexed by name.
    static let names = 4096
}

import RingsRaster
import RingsBase

/// Colour stops along 0...1, with a premultiplied lookup table for the fast path.
///
///     let ramp = ColorRamp(from: RGB8(192, 57, 43).opaque, to: RGB8(231, 76, 60).opaque)
public struct ColorRamp: Sendable {
    /// A colour at a position along the ramp, 0 to 1.
    public struct Stop: Hashable, Sendable {
        public var position: Double
        public var color: ColorF
        public init(_ position: Double, _ color: ColorF) { self.position = position; self.color = color }
    }

    public let stops: [Stop]
    /// `lutSize` premultiplied pixels sampled evenly over 0...1.
    let lut: [UInt32]
    /// The entries j > 0 where the table's colour changes (`lut[j] != lut[j - 1]`): where a conic
    /// gradient's rays lie, worked out with the table.
    let steps: [Int]
    static let lutSize = 1024
    public let isOpaque: Bool
    /// Stops sorted by position; at least one.
    public init(stops: [Stop]) {
        precondition(!stops.isEmpty, "a colour ramp needs a stop")
        let sorted = stops.sorted { $0.position < $1.position }
        self.stops = sorted
        isOpaque = sorted.allSatisfy { $0.color.a >= 255 }
        (lut, steps) = ColorRamp.table(for: sorted)
    }

    public init(from start: ColorF, to end: ColorF) {
        self.init(stops: [Stop(0, start), Stop(1, end)])
    }

    /// The same ramp at a fraction of its opacity, as a layer's `opacity` shows it.
    public func withOpacity(_ opacity: Double) -> ColorRamp {
        let k = min(1, max(0, opacity))
        // Wholly opaque (a band's, nearly always): the same ramp, not made and looked up again.
        guard k < 1 else { return self }
        return ColorRamp(stops: stops.map { Stop($0.position, $0.color * k) })
    }

    /// The same ramp with red and blue exchanged in every stop.
    public func swappingRedAndBlue() -> ColorRamp {
        ColorRamp(stops: stops.map { Stop($0.position, $0.color.swappingRedAndBlue) })
    }

    /// The exact colour at `t` (clamped to 0...1).
    public func color(at t: Double) -> ColorF { ColorRamp.evaluate(stops, t) }

    /// Whether the colour is affine in `t` over 0...1: two stops, at 0 and 1.
    public var isAffine: Bool { stops.count == 2 && stops[0].position == 0 && stops[1].position == 1 }

    /// The table entry nearest to `t`.
    @inline(__always)
    func packed(at t: Float) -> UInt32 {
        let clamped = min(max(t, 0), 1)
        return lut[Int(clamped * Float(ColorRamp.lutSize - 1) + 0.5)]
    }

    private static let tables = Mutex<[[Stop]: (lut: [UInt32], steps: [Int])]>([:])

    /// The lookup table of sorted stops and its steps, made once: a frame's scene builds its ramps
    /// anew, from the same few stops every time (at most 64 tables are kept).
    private static func table(for stops: [Stop]) -> (lut: [UInt32], steps: [Int]) {
        if let hit = tables.withLock({ $0[stops] }) { return hit }
        let lut = (0..<lutSize).map { i in evaluate(stops, Double(i) / Double(lutSize - 1)).packed.bits }
        let made = (lut, (1..<lutSize).filter { lut[$0] != lut[$0 - 1] })
        tables.withLock { tables in
            if tables.count >= 64 { tables.removeAll() }
            tables[stops] = made
        }
        return made
    }

    private static func evaluate(_ stops: [Stop], _ t: Double) -> ColorF {
        if t <= stops[0].position { return stops[0].color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.position {
            let span = b.position - a.position
            return span <= 0 ? b.color : a.color.mix(b.color, (t - a.position) / span)
        }
        return stops[stops.count - 1].color
    }
}

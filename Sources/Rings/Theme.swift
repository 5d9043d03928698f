import RingsRaster

/// The colours of one ring: its gradient runs from `start` (dark) to `end` (light).
public struct RingStyle: Equatable, Sendable {
    public var name: String
    public var start: RGB8
    public var end: RGB8
    public init(name: String, start: RGB8, end: RGB8) { self.name = name; self.start = start; self.end = end }
}

/// Everything about how the rings look; lengths are fractions of the canvas's shorter side S.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var background: RGB8
    /// Styles for ring 0 (outermost), 1, ...; more rings than styles reuse them in turn.
    public var rings: [RingStyle]
    /// Outer edge of the outermost ring.
    public var outerRadius: Double
    public var thickness: Double
    public var gap: Double
    /// Rings get thinner, when there are many, so that the innermost hole keeps at least this radius.
    public var minimumHoleRadius: Double
    /// Opacity of the track, drawn in each ring's end colour.
    public var trackOpacity: Double
    /// The tip (shadow and disc) shows past this progress.
    public var tipThreshold: Double
    public var shadowOpacity: Double
    /// Shadow blur sigma, as a fraction of the ring thickness.
    public var shadowSigma: Double
    /// Shadow offset along the direction of travel, as a fraction of the ring thickness.
    public var shadowOffset: Double
    /// Values shown when none are given.
    public var progress: [Double]

    /// The built-in default, the `activity` look.
    public static let standard = Theme(
        name: "activity",
        background: RGB8(0, 0, 0),
        rings: [
            RingStyle(name: "move", start: RGB8(225, 0, 20), end: RGB8(255, 50, 135)),
            RingStyle(name: "exercise", start: RGB8(55, 220, 0), end: RGB8(183, 255, 0)),
            RingStyle(name: "stand", start: RGB8(0, 186, 225), end: RGB8(0, 250, 208)),
        ],
        outerRadius: 0.42, thickness: 0.08, gap: 0.012, minimumHoleRadius: 0.1,
        trackOpacity: 0.2, tipThreshold: 0.96,
        shadowOpacity: 0.35, shadowSigma: 0.1, shadowOffset: 0.08,
        progress: [0.72, 1.35, 0.48])

    /// The style of ring `index`.
    public func style(ofRing index: Int) -> RingStyle { rings[index % rings.count] }
}

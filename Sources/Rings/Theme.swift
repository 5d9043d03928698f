import RingsAnimation
import RingsRaster

/// One ring's look and meaning: its gradient runs from `start` (dark) to `end` (light); with a
/// `goal`, a plain number on the feed is an amount of it (430 of 600); `label` says how its value reads.
public struct RingStyle: Equatable, Sendable {
    public var name: String
    public var start: RGB8
    public var end: RGB8
    public var goal: Double?
    public var label: LabelFormat
    public init(name: String, start: RGB8, end: RGB8, goal: Double? = nil, label: LabelFormat = .percent()) {
        self.name = name; self.start = start; self.end = end; self.goal = goal; self.label = label
    }
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

extension RGB8 {
    /// A colour written as "#rrggbb" (the # may be left out), or nil.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
        self.init(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
}

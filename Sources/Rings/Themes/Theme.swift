import RingsAnimation
import RingsRaster

/// One ring's look and meaning: its gradient runs from `start` (dark) to `end` (light); with a
/// `goal`, a plain number on the feed is an amount of it (430 of 600); `label` says how its value reads.
/// From a threshold's value up, the gradient ends in that threshold's colour (Grafana's way); above
/// `alert`, the live window pulses the ring gently.
public struct RingStyle: Equatable, Sendable {
    public var name: String
    public var start: RGB8
    public var end: RGB8
    public var goal: Double?
    public var label: LabelFormat
    /// Lowest first, at most `Threshold.most`.
    public var thresholds: [Threshold] = []
    public var alert: Double?
    /// The ring is the selected one: its track is drawn brighter (`RingPainter`).
    public var selected = false
    public init(name: String, start: RGB8, end: RGB8, goal: Double? = nil, label: LabelFormat = .percent()) {
        self.name = name; self.start = start; self.end = end; self.goal = goal; self.label = label
    }

    /// The most Unicode characters (code points: a combining mark or a joiner counts) in a ring's
    /// name or unit: more is never read on a legend, and costs its layout.
    public static let longestName = 256

    /// Why `text` cannot be a ring's name or unit, or nil.
    public static func nameProblem(_ text: String) -> String? {
        let count = text.unicodeScalars.count
        return count > longestName ? "is \(count) characters long; a name or unit takes at most \(longestName)" : nil
    }

    /// The look at `value`: the gradient's end in the colour of the highest threshold it has reached.
    public func at(value: Double) -> RingStyle {
        guard let reached = thresholds.last(where: { value >= $0.at }) else { return self }
        var style = self
        style.end = reached.color
        return style
    }
}

/// A value from which a ring's gradient ends in `color`.
public struct Threshold: Equatable, Sendable {
    public var at: Double
    public var color: RGB8
    public init(at: Double, color: RGB8) { self.at = at; self.color = color }
    /// A ring takes at most this many.
    public static let most = 8
}

/// Everything about how the rings look; lengths are fractions of the canvas's shorter side S.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var background: RGB8
    /// Styles for ring 0 (outermost), 1, ...; more rings than styles take colours from `palette`.
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
    public var sampleValues: [Double]

    /// How the scene is built: concentric rings, or the skeuomorphic control of the soft theme.
    public var look: Look = .rings
    /// The track's own colour; nil draws it in each ring's end colour at `trackOpacity`.
    public var track: RGB8? = nil
    /// The track's thickness as a fraction of the band's (the gold theme's track is thinner).
    public var trackWidth: Double = 1
    /// How the band is coloured: a conic gradient along the arc, or two vertical linear gradients.
    public var gradient: BandGradient = .conic
    /// The band's opacity (the soft theme's 0.8).
    public var bandOpacity: Double = 1
    /// A dot of this colour riding the tip (the gold theme's white dot); its diameter is
    /// `dotSize` of the band's thickness.
    public var dot: RGB8? = nil
    public var dotSize: Double = 0.6
    /// Whether the arcs run clockwise from 12 o'clock (false mirrors them).
    public var clockwise = true
    /// Text colour of the label, legend and buttons, and the buttons' fill.
    public var ink = RGB8(255, 255, 255)
    public var buttonFill = RGB8(255, 255, 255).withOpacity(0.16)
    /// A dark rim round the chrome's letters, read over any wallpaper (nil: none).
    public var textHalo: ColorF? = nil
    /// The background is left clear (a desktop widget over a compositor): only the rings and the
    /// chrome are drawn, premultiplied, over what lies under the window.
    public var transparent = false
    /// The most font families a theme may list (each is one fontconfig look-up at start).
    public static let maximumFonts = 16
    /// Font families to try in turn through fontconfig, and the weight.
    public var fonts = ["Inter", "DejaVu Sans"]
    public var fontWeight: FontWeight = .bold
    /// Which chrome the live window shows: the legend, and which buttons ("0%", "50%", "100%", "Random").
    public var legend = true
    public var buttons = Chrome.allButtons
    /// What the centre label shows.
    public var label: CenterLabel = .auto
    /// The rings measure one kind of thing (the activity rings' shares of their goals), so that their
    /// average means something: `auto` labels the centre with it.
    public var comparable = false
    /// Where rings past `rings` take their colours: a family in the theme's own style.
    public var palette: Palette.Family = .apple
    /// How new values animate in the window unless `--duration`, `--curve` or `--keyframes` say otherwise.
    public var motion: MotionStyle = .standard

    /// The scene builders a theme can choose.
    public enum Look: String, Sendable, CaseIterable { case rings, soft }
    /// How a band is coloured.
    public enum BandGradient: String, Sendable, CaseIterable {
        /// Start to end colour along the arc (every lap), as the activity rings are.
        case conic
        /// The gold tutorial's: a vertical gradient per half, start at the top on the left (stops 0 and
        /// 0.9), at the top on the right too (stops 0.1 and 1).
        case halves
    }
    /// Font weights fontconfig is asked for.
    public enum FontWeight: String, Sendable, CaseIterable { case bold, thin }
    /// A theme's default animation of a new value.
    public enum MotionStyle: String, Sendable, CaseIterable {
        /// easeInEaseOut over 1 s.
        case standard
        /// The gold tutorial's: 90 % of the way in the first second, the rest in the next.
        case twoPhase = "two-phase"
        /// No motion: a new value shows at once, in one frame (a desktop widget's, as light as conky).
        case still
    }

    /// The built-in default, the `activity` look (its rings are shares of their goals: `comparable`).
    public static let standard: Theme = {
        var theme = Theme(
            name: "activity",
            background: RGB8(0, 0, 0),
            rings: [
                RingStyle(name: "Move", start: RGB8(225, 0, 20), end: RGB8(255, 50, 135)),
                RingStyle(name: "Exercise", start: RGB8(55, 220, 0), end: RGB8(183, 255, 0)),
                RingStyle(name: "Stand", start: RGB8(0, 186, 225), end: RGB8(0, 250, 208)),
            ],
            outerRadius: 0.42, thickness: 0.08, gap: 0.012, minimumHoleRadius: 0.1,
            trackOpacity: 0.2, tipThreshold: 0.96,
            shadowOpacity: 0.35, shadowSigma: 0.1, shadowOffset: 0.08,
            sampleValues: [0.72, 1.35, 0.48])
        theme.comparable = true
        return theme
    }()

    /// Ring `index`'s style: the theme's own or, past its rings, the theme's rings again in turn in the
    /// next colours of its palette that are at least `Palette.distinct` from every colour before them
    /// (the palette again in turn when none is left), named "Ring N".
    public func style(ofRing index: Int) -> RingStyle {
        guard index >= rings.count else { return rings[index] }
        var used = rings.map(\.end)
        var extra: [(start: RGB8, end: RGB8)] = []
        for color in palette.colors where used.allSatisfy({ $0.distance(to: color.end) >= Palette.distinct }) {
            extra.append(color)
            used.append(color.end)
        }
        let k = index - rings.count
        let color = k < extra.count ? extra[k] : palette.colors[(k - extra.count) % palette.colors.count]
        var style = rings[index % rings.count]
        style.name = "Ring \(index + 1)"
        style.start = color.start
        style.end = color.end
        return style
    }

    /// Whether a ring at `values` is at or past its alert (and pulses, unless motion is reduced).
    public func alerts(at values: [Double]) -> Bool {
        values.indices.contains { ring in style(ofRing: ring).alert.map { values[ring] >= $0 } ?? false }
    }
}

extension RGB8 {
    /// A colour written as "#rrggbb" (the # may be left out), or nil.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
        self.init(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
}

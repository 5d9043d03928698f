import RingsRaster

/// Where the chrome goes on a canvas, and the room that leaves the rings: the legend (top left) and
/// the buttons (along the bottom) get space of their own and the rings shrink into the rest, so that
/// nothing is ever drawn over a ring. When the rings would be too small for it, the buttons go first,
/// then the legend. The label sits inside the innermost ring's hole (`Chrome.labelHeight`).
public struct ChromeLayout: Equatable, Sendable {
    /// The rectangle the rings are laid out in (`RingLayout`'s `area`).
    public var ringArea: IntRect
    /// The legend's box, or nil when it has no room (or there is no legend).
    public var legend: IntRect?
    /// The buttons that fit, or none.
    public var buttons: [ChromeButton]
    /// The legend's line height and the margin at the canvas's edges, in pixels.
    public var line: Int, margin: Int
}

/// One line of the legend: the ring's name, its value, and the widest value it can show (the legend
/// is measured with that, so that the rings do not move as values change).
public struct LegendEntry: Equatable, Sendable {
    public var name: String, value: String, widest: String
    public var color: RGB8
    public init(name: String, value: String, widest: String, color: RGB8) {
        self.name = name; self.value = value; self.widest = widest; self.color = color
    }
}

extension Chrome {
    /// Names longer than this end in "...".
    static let longestName = 18
    /// The rings' square keeps the chrome only while it is at least this share of the canvas's
    /// shorter side (and 48 px).
    static let smallestRingShare = 0.6

    /// A legend line: the selection marker's room, the name (shortened), the value.
    static func legendLine(_ name: String, _ value: String) -> String {
        let short = name.count > longestName ? String(name.prefix(longestName - 3)) + "..." : name
        return "\(short)  \(value)"
    }

    /// The chrome's places on a `width` x `height` canvas.
    public func layout(width: Int, height: Int) -> ChromeLayout {
        let s = Double(min(width, height))
        let margin = max(2, Int(0.015 * s)), line = max(10, Int(0.04 * s))
        var buttons = Chrome.buttons(width: width, height: height, titles: buttonTitles)
        if let first = buttons.first, let last = buttons.last, first.frame.minX < margin || last.frame.maxX > width - margin {
            buttons = []
        }
        var legendBox: IntRect?
        if !legend.isEmpty {
            let widest = legend.map { glyphs.mask(for: "> " + Chrome.legendLine($0.name, $0.widest), pixelHeight: legendTextHeight(line))?.width ?? 0 }
            legendBox = IntRect(x: 0, y: 0, width: 2 * margin + (widest.max() ?? 0), height: 2 * margin + legend.count * line)
        }
        /// The larger square the rings can have: right of the legend, or under it; above the buttons.
        func area(_ legend: IntRect?, _ buttons: [ChromeButton]) -> IntRect {
            let bottom = buttons.first.map { $0.frame.minY - margin } ?? height
            guard let box = legend else { return IntRect(x: 0, y: 0, width: width, height: bottom) }
            let right = IntRect(x: box.maxX, y: 0, width: width - box.maxX, height: bottom)
            let below = IntRect(x: 0, y: box.maxY, width: width, height: bottom - box.maxY)
            return min(right.width, right.height) >= min(below.width, below.height) ? right : below
        }
        let enough = max(48, Int(Chrome.smallestRingShare * s))
        func roomy(_ area: IntRect) -> Bool { min(area.width, area.height) >= enough }
        var rings = area(legendBox, buttons)
        if !roomy(rings) && !buttons.isEmpty { buttons = []; rings = area(legendBox, buttons) }
        if !roomy(rings) && legendBox != nil { legendBox = nil; rings = area(nil, buttons) }
        return ChromeLayout(ringArea: centered(rings, avoiding: legendBox, width: width),
                            legend: legendBox, buttons: buttons, line: line, margin: margin)
    }

    func legendTextHeight(_ line: Int) -> Int { Int(Double(line) * 0.8) }

    /// The rings' square as large as in `area` but centred across the canvas (over the buttons), when
    /// its inscribed circle, which holds every pixel of the rings, stays clear of the legend. The
    /// area's bottom is already the buttons' top, less the margin.
    private func centered(_ area: IntRect, avoiding legend: IntRect?, width: Int) -> IntRect {
        guard let legend else { return area }
        let side = min(area.width, area.height)
        let square = IntRect(x: (width - side) / 2, y: max(0, (area.maxY - side) / 2), width: side, height: side)
        let cx = Double(square.minX) + Double(side) / 2, cy = Double(square.minY) + Double(side) / 2
        let nx = min(max(cx, Double(legend.minX)), Double(legend.maxX)), ny = min(max(cy, Double(legend.minY)), Double(legend.maxY))
        let clear = ((cx - nx) * (cx - nx) + (cy - ny) * (cy - ny)).squareRoot() > Double(side) / 2 + 1
        return clear ? square : area
    }

    /// The label's text height: 0.11 of the rings' side, smaller where the text would not fit inside
    /// the innermost hole with a margin (or, for the soft look, `labelWidthLimit`); 0 when even 6 px
    /// would not fit.
    func labelHeight(rings: RingLayout) -> Int {
        let full = Int(0.11 * rings.side)
        guard full >= 6, let mask = glyphs.mask(for: label, pixelHeight: full) else { return 0 }
        let w = Double(mask.width), h = Double(full)
        let scale: Double
        if let limit = labelWidthLimit {
            scale = min(1, limit * rings.side / w)
        } else {
            let innermost = rings.ring(rings.count - 1)
            let room = 0.85 * (innermost.radius - innermost.thickness / 2)
            scale = min(1, room / ((w * w + h * h).squareRoot() / 2))
        }
        let height = Int(Double(full) * scale)
        return height >= 6 ? height : 0
    }

    /// Where the centre label can be (for redrawing it as it counts).
    public func labelFrame(rings: RingLayout) -> IntRect {
        let labelHeight = labelHeight(rings: rings)
        guard labelHeight > 0 else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let mask = glyphs.mask(for: label, pixelHeight: labelHeight)
        let w = (mask?.width ?? 0) + 2 * labelHeight, h = (mask?.height ?? labelHeight) + 2
        let center = rings.ring(0).center
        return IntRect(x: Int(center.x) - w / 2, y: Int(center.y) - labelHeight / 2 - 1, width: w, height: h)
    }
}

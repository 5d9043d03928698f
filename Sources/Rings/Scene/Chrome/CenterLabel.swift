import RingsRaster

/// What the label in the rings' centre shows (`label` in a theme or config, `--label`): `auto` the
/// selected ring, else the only ring, else the average where the rings measure one kind of thing;
/// `average`; `ring N` that ring; `none` nothing.
public enum CenterLabel: Equatable, Sendable {
    case auto, average, none
    /// A ring by its index (0 is the outermost; "ring 1" in a file).
    case ring(Int)

    /// "auto", "average", "none" or "ring N" with N from 1 to `RingValues.maximumRings`; nil otherwise.
    public init?(parsing text: String) {
        switch text {
        case "auto": self = .auto
        case "average": self = .average
        case "none": self = .none
        default:
            let words = text.split(separator: " ")
            guard words.count == 2, words[0] == "ring", let n = Int(words[1]), (1...RingValues.maximumRings).contains(n) else { return nil }
            self = .ring(n - 1)
        }
    }

    /// What a file or option must say.
    public static let expected = "\"auto\", \"average\", \"none\" or \"ring N\" (N from 1 to \(RingValues.maximumRings))"
}

/// Where the centre label's value and, above it, its caption (the shown ring's name) are drawn.
struct LabelPlacement {
    var height: Int, top: Int
    var caption: String?, captionHeight: Int, captionTop: Int
    /// Every pixel the label's text can touch, for redrawing it as it counts.
    var frame: IntRect
}

extension Chrome {
    /// The label inside the innermost ring's hole with a margin (or, for the soft look, within
    /// `labelWidthLimit`): 0.11 of the rings' side, smaller where it would not fit; the caption
    /// above it, 0.36 of its height, cut with "…" to the hole's width there, or left out (and the
    /// value tried alone) where even a few letters would not fit. nil when no text of 6 px fits.
    func labelPlacement(rings: RingLayout) -> LabelPlacement? {
        let full = Int(0.11 * rings.side)
        guard full >= 6, !label.isEmpty, let mask = glyphs.mask(for: label, pixelHeight: full) else { return nil }
        let center = rings.ring(0).center
        let w = Double(mask.width) / Double(full), drawn = Double(mask.height) / Double(full)
        if let limit = labelWidthLimit {
            let height = Int(Double(full) * min(1, limit * rings.side / Double(mask.width)))
            return height >= 6 ? placed(height, top: Int(center.y) - height / 2, caption: nil, captionHeight: 0, captionTop: 0, center: center) : nil
        }
        let innermost = rings.ring(rings.count - 1)
        let room = 0.85 * (innermost.radius - innermost.thickness / 2)
        func fits(_ height: Int, top: Int) -> Bool {
            let h = Double(height), above = center.y - Double(top), below = Double(top) + drawn * h - center.y
            let half = w * h / 2, tall = max(above, below)
            return half * half + tall * tall <= room * room
        }
        for withCaption in caption == nil ? [false] : [true, false] {
            var height = full
            while height >= 6 && (!withCaption || Double(height) >= 0.6 * Double(full)) {
                let captionHeight = withCaption ? max(6, Int(0.36 * Double(height))) : 0, gap = captionHeight / 3
                let top = Int(center.y) - height / 2 + (captionHeight + gap) / 2
                if fits(height, top: top) {
                    guard withCaption, let caption else { return placed(height, top: top, caption: nil, captionHeight: 0, captionTop: 0, center: center) }
                    let captionTop = top - gap - captionHeight, rise = center.y - Double(captionTop)
                    let chord = 2 * (room * room - rise * rise).squareRoot()
                    if rise < room, let cut = cut(caption, toWidth: Int(chord), height: captionHeight) {
                        return placed(height, top: top, caption: cut, captionHeight: captionHeight, captionTop: captionTop, center: center)
                    }
                }
                height = Int(Double(height) * 0.9)
            }
        }
        return nil
    }

    /// `text` as it fits in `width` at `height`: whole, or cut with "…" by the text stack keeping
    /// at least 3 letters; nil when even that does not fit.
    func cut(_ text: String, toWidth width: Int, height: Int) -> String? {
        let cut = glyphs.fitted(text, width: width, pixelHeight: height)
        return cut == text || cut.count - 1 >= min(3, text.count) ? cut : nil
    }

    private func placed(_ height: Int, top: Int, caption: String?, captionHeight: Int, captionTop: Int, center: Point) -> LabelPlacement {
        let valueWidth = glyphs.width(of: label, pixelHeight: height) + 2 * height
        let captionWidth = caption.map { glyphs.width(of: $0, pixelHeight: captionHeight) + 2 * captionHeight } ?? 0
        // The masks' own extents, placed by their baselines (a font taller than the first reaches higher).
        func ink(_ text: String, _ size: Int, _ lineTop: Int) -> (top: Int, bottom: Int) {
            guard let mask = glyphs.mask(for: text, pixelHeight: size) else { return (lineTop, lineTop + size) }
            let inkTop = lineTop + glyphs.ascent(pixelHeight: size) + mask.y
            return (inkTop, inkTop + mask.height)
        }
        let value = ink(label, height, top), over = caption.map { ink($0, captionHeight, captionTop) } ?? value
        let w = max(valueWidth, captionWidth), minY = min(value.top, over.top, caption == nil ? top : captionTop) - 1
        let maxY = max(value.bottom, top + height) + 1
        return LabelPlacement(height: height, top: top, caption: caption, captionHeight: captionHeight, captionTop: captionTop,
                              frame: IntRect(x: Int(center.x) - w / 2, y: minY, width: w, height: maxY - minY))
    }

    /// Where the centre label can be (for redrawing it as it counts).
    public func labelFrame(rings: RingLayout) -> IntRect {
        labelPlacement(rings: rings).map { $0.frame.grown(by: haloReach) } ?? IntRect(x: 0, y: 0, width: 0, height: 0)
    }
}

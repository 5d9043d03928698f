import RingsRaster

/// Which parts of the next frame must be drawn again, from what the last one showed: what the rings
/// that moved show now and showed then (their whole arcs, as the gradient follows the sweep, their
/// caps, tips with shadows and dots, box by box: `RingScene.footprints`; the part of a track no arc
/// covers then or now is not drawn again), the label and the legend where what they show changed
/// (a counting label's number, a legend's value: `ChromeText`); the whole frame when the size changes, when
/// the chrome's layout does (the rings' area, the legend's box: a legend that no longer waits for
/// data can leave the rings more room), when the brightness does, when nothing is known of what is
/// on screen, or when anything else of the chrome changed: the chrome is compared whole (but for
/// the counting words `ChromeText` redraws, while rings move), so no element of it can be left out.
public struct RedrawPlan {
    /// Presented values in the last frame drawn; nil when the next must be drawn whole.
    private var drawn: [Double]?
    private var drawnChrome: Chrome?
    /// Its steady form (`Chrome.steady`), compared while rings move.
    private var drawnSteady: Chrome?
    private var drawnLayout: ChromeLayout?
    private var drawnBrightness = 1.0
    /// Where each ring's dot was, and each ring's footprint, in the last frame drawn (no footprints
    /// for the soft look).
    private var drawnDots: [Point?] = []
    private var drawnFootprints: [Footprint] = []
    /// The theme (with the looks of the moment: faded, pulsing, selected) and each ring's style (a
    /// threshold's colour) in the last frame drawn: a ring whose style changes is drawn again whole,
    /// as its track's colour can follow it.
    private var drawnTheme: Theme?
    private var drawnStyles: [RingStyle] = []
    /// What the label and the legend showed in the last frame drawn.
    private var drawnText: ChromeText?

    public init() {}

    /// A band is recolored when its end moves at most this part of its circle (and half its width):
    /// further, its rays' moves reach their neighbours and repainting them costs more than drawing it.
    static let recolorSteps = 200.0

    /// The farthest a band's end may move along its centre line in a frame and be recolored: half its
    /// width and a `recolorSteps`th of its circle (its footprint's end box holds that much).
    static func farthestRecoloredMove(_ g: RingGeometry) -> Double {
        min(g.thickness / 2, 2 * Double.pi * g.radius / recolorSteps)
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    public mutating func invalidate() { drawn = nil }

    /// Whether the next frame must be drawn whole (nothing drawn yet, or `invalidate` since).
    public var isStale: Bool { drawn == nil }

    /// A frame drawn whole from a display list: no rings to follow, nothing stale.
    public mutating func drewList() { drawn = []; drawnChrome = nil; drawnSteady = nil; drawnLayout = nil }

    /// The rectangles of `scene` to draw in a frame of `bounds` (empty when nothing changed; all of
    /// it when `whole` or `resized`), noting what the frame will then show.
    public mutating func rects(for scene: RingScene, in bounds: IntRect, whole: Bool, resized: Bool) -> [IntRect] {
        redraw(for: scene, in: bounds, whole: whole, resized: resized, recoloring: false).rects
    }

    /// What to draw of `scene` in a frame of `bounds`: `rects` as `rects(for:...)` gives them, but for
    /// a ring that can be (`RingScene.recolorable`: an opaque conic band over its own track, its
    /// end moving at most half its width and a `recolorSteps`th of its circle) only its ends, its
    /// body repainted where its colour changed (`SceneRenderer.render(_:into:redraw:...)`,
    /// `ArcStroke.recolor`).
    public mutating func redraw(for scene: RingScene, in bounds: IntRect, whole: Bool, resized: Bool, recoloring: Bool = true) -> Redraw {
        var recolor: [Redraw.Recolor] = []
        let rects = rects(for: scene, in: bounds, whole: whole, resized: resized, recoloring: recoloring, recolor: &recolor)
        let pieces = recolor.flatMap(\.pieces).covering(minimumHeight: 8, gap: 16).map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        return Redraw(rects: rects, recolor: recolor, uploads: rects + pieces)
    }

    private mutating func rects(for scene: RingScene, in bounds: IntRect, whole: Bool, resized: Bool,
                                recoloring: Bool, recolor: inout [Redraw.Recolor]) -> [IntRect] {
        if resized { drawn = nil }
        let now = scene.values
        let layout = scene.chromeLayout
        let dots = now.indices.map { $0 < scene.dots.count ? scene.dots[$0] : nil }
        let rings = scene.rings, styles = rings.map(\.style)
        let text = scene.chrome.map { ChromeText($0, in: scene, after: layout == drawnLayout ? drawnText : nil) }
        // Rings that move redraw the label and the legend where their words change (`ChromeText`);
        // any other change of the chrome draws the whole frame.
        let steady = scene.chrome?.steady(forLayout: false)
        defer {
            drawn = now; drawnChrome = scene.chrome; drawnSteady = steady; drawnLayout = layout; drawnBrightness = scene.brightness; drawnDots = dots
            drawnTheme = scene.theme; drawnStyles = styles; drawnText = text
        }
        guard let drawn, drawn.count == now.count, !whole, layout == drawnLayout, scene.brightness == drawnBrightness,
              scene.theme == drawnTheme, styles.count == drawnStyles.count, steady == drawnSteady else {
            drawnFootprints = scene.footprints(ofRings: Array(now.indices), in: rings) ?? []
            return [bounds]
        }
        // A ring moves with its value, with its dot (which a keyframe animation places), or with its style.
        let restyled = now.indices.filter { styles[$0] != drawnStyles[$0] }
        let moved = now.indices.filter { drawn[$0] != now[$0] || dots[$0] != drawnDots[$0] || restyled.contains($0) }
        guard !moved.isEmpty else { return scene.chrome != drawnChrome ? [bounds] : [] }
        var rects: [IntRect]
        if restyled.isEmpty, drawnFootprints.count == now.count, let footprints = scene.footprints(ofRings: moved, in: rings) {
            // What each moved ring showed and shows now: the rest of its track is as it was.
            rects = []
            let layout = scene.layout
            for (k, i) in moved.enumerated() {
                let before = drawnFootprints[i], after = footprints[k], g = layout.ring(i)
                let move = abs(now[i] - drawn[i]) * 2 * Double.pi * g.radius
                if recoloring, before.bandPieces > 0, after.bandPieces > 0, move <= RedrawPlan.farthestRecoloredMove(g),
                   scene.recolorable(ringAt: i, from: drawn[i], moving: moved) {
                    // The body repainted where its colour changed; its ends (which hold all it gained or lost)
                    // drawn, each end's box (the first of its ends) for this frame's own move.
                    let painter = RingPainter(theme: scene.theme)
                    for (value, ends) in [(drawn[i], before.ends), (now[i], after.ends)] {
                        let ring = Ring(value: value, style: rings[i].style, geometry: g)
                        if let end = painter.endBox(of: ring, reach: move) { rects += [end] + ends.dropFirst() } else { rects += ends }
                    }
                    // The band's sixteenths of a turn then and now, each once (all but the last are the same boxes).
                    recolor.append(Redraw.Recolor(ring: i, pieces: Array(after.band) + before.band.filter { !after.band.contains($0) }))
                } else {
                    rects += before.boxes + after.boxes
                }
                // A start cap apart from the end then and now is as it was.
                if before.startCap != after.startCap { rects += [before.startCap, after.startCap].compactMap { $0 } }
                drawnFootprints[i] = after
            }
            rects = rects.covering(minimumHeight: 8, gap: 16)
        } else {
            // Whole rings (their tracks too), whose footprints the next frame starts from.
            drawnFootprints = scene.footprints(ofRings: Array(now.indices), in: rings) ?? []
            // A tip's shadow reaches beyond the ring: room for it only where one shows now or did.
            let threshold = scene.theme.tipThreshold
            let tips = Set(moved.filter { drawn[$0] > threshold || now[$0] > threshold })
            rects = scene.dirtyRects(ofRings: moved, tips: tips)
        }
        // The label and the legend where what they show changed (elsewhere, where a ring's
        // rectangles cross them, they are drawn there with it).
        if let text {
            let before = drawnText?.glyphs == text.glyphs ? drawnText : nil
            if text.label != before?.label { rects += [text.label.frame] + (before.map { [$0.label.frame] } ?? []) }
            if let legend = text.legend, legend != before?.legend { rects += legend.changes(since: before?.legend) }
        }
        return rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }
}

/// What the label and the legend show, as far as their pixels go: a frame whose rings move draws
/// them again only where this changed.
struct ChromeText: Equatable {
    /// The label's text, caption, colours and where it lies (its frame follows its text's width).
    struct Label: Equatable {
        var text: String, caption: String?, color: RGB8?, opacity: Double, ink: RGB8, widthLimit: Double?, frame: IntRect
    }

    /// The legend's lines, its box, and where each line's value is drawn (empty where none is).
    struct Legend: Equatable {
        var entries: [LegendEntry], ink: RGB8, textScale: Double, box: IntRect, values: [IntRect]

        /// What to draw again of it after `old`: where only values changed, the box round each one
        /// then and now (the rest is as it was: a value's widest moves only its own text, or else
        /// the layout, and the frame is drawn whole); else the whole box.
        func changes(since old: Legend?) -> [IntRect] {
            guard let old, old.box == box, old.ink == ink, old.textScale == textScale, old.entries.count == entries.count,
                  !zip(old.entries, entries).contains(where: { $0.name != $1.name || $0.color != $1.color })
            else { return [box] }
            return entries.indices.filter { old.entries[$0] != entries[$0] || old.values[$0] != values[$0] }
                .map { old.values[$0].union(values[$0]) }.filter { !$0.isEmpty }
        }
    }

    var label: Label
    var legend: Legend?
    /// The text stack the words are set in.
    var glyphs: ObjectIdentifier

    /// What `chrome` shows in `scene`; `previous` is what the last frame showed with the same layout,
    /// whose legend's value boxes are kept where its lines are the same (not set again to measure).
    init(_ chrome: Chrome, in scene: RingScene, after previous: ChromeText?) {
        label = Label(text: chrome.label, caption: chrome.caption, color: chrome.labelColor, opacity: chrome.labelOpacity, ink: chrome.ink,
                      widthLimit: chrome.labelWidthLimit, frame: chrome.labelFrame(rings: scene.layout))
        let glyphs = ObjectIdentifier(chrome.glyphs)
        let kept = previous?.glyphs == glyphs ? previous?.legend : nil
        legend = scene.chromeLayout.flatMap { places in
            places.legend.map { box in
                var legend = Legend(entries: chrome.legend, ink: chrome.ink, textScale: chrome.textScale, box: box, values: [])
                if let kept, kept.entries == legend.entries, kept.ink == legend.ink, kept.textScale == legend.textScale, kept.box == box {
                    legend.values = kept.values
                } else {
                    legend.values = chrome.legendLines(places).map {
                        $0.value.map { $0.bounds.grown(by: chrome.haloReach) } ?? IntRect(x: box.minX, y: box.minY, width: 0, height: 0)
                    }
                }
                return legend
            }
        }
        self.glyphs = glyphs
    }
}

/// A frame's redraw (`RedrawPlan.redraw`): rectangles drawn whole, rings whose band is repainted only
/// where its colour changed, and what then goes to the screen.
public struct Redraw {
    /// A ring whose band is repainted, and the boxes of its body then and now (drawn whole instead
    /// when the repaint cannot be made, and shown either way).
    public struct Recolor {
        public var ring: Int
        public var pieces: [IntRect]
    }

    public var rects: [IntRect]
    public var recolor: [Recolor]
    /// The rectangles to show: `rects` and the recolored rings' pieces.
    public var uploads: [IntRect]

    /// A redraw of these rectangles only.
    public init(rects: [IntRect]) { self.init(rects: rects, recolor: [], uploads: rects) }

    init(rects: [IntRect], recolor: [Recolor], uploads: [IntRect]) {
        self.rects = rects; self.recolor = recolor; self.uploads = uploads
    }
}

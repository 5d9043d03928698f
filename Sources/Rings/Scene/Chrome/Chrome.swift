import RingsAnimation
import RingsRaster
import Shaders

/// Draws text: the live window's glyphs (Pango through `FontGlyphs`), or nothing where there is no font.
public protocol GlyphSource: AnyObject, Sendable {
    /// The coverage of `text` set `pixelHeight` pixels tall, or nil for empty text; its `y` is where
    /// its top lies against the baseline (above it, for a font with an ascent).
    func mask(for text: String, pixelHeight: Int) -> CoverageMask?
    /// How wide `text` is set `pixelHeight` pixels tall (0 for empty text); layouts measure with it.
    func width(of text: String, pixelHeight: Int) -> Int
    /// How far below a line's top its baseline lies (the first font's ascent): every line set at a
    /// top shares one baseline, whatever fonts its characters come from.
    func ascent(pixelHeight: Int) -> Int
    /// How tall a digit stands on the baseline: a line is centred in a box by it.
    func digitHeight(pixelHeight: Int) -> Int
    /// `text` as it fits in `width` pixels set `pixelHeight` tall: whole where it fits, else cut at
    /// its end with "…" where the text stack measures the room to end.
    func fitted(_ text: String, width: Int, pixelHeight: Int) -> String
}

extension GlyphSource {
    public func width(of text: String, pixelHeight: Int) -> Int { mask(for: text, pixelHeight: pixelHeight)?.width ?? 0 }
    public func ascent(pixelHeight: Int) -> Int { 0 }
    public func digitHeight(pixelHeight: Int) -> Int { pixelHeight * 7 / 10 }
}

/// One of the on-screen buttons under the rings.
public struct ChromeButton: Equatable, Sendable {
    public var title: String
    public var frame: IntRect
    public var intent: Intent
}

/// What the live window draws over the rings: the label in the centre, the legend, the buttons and,
/// when asked, the help and the frame-time graph. `--chrome none` draws none of it.
public struct Chrome: Equatable, Sendable {
    public var label: String
    public var legend: [LegendEntry]
    public var showHelp = false
    /// Text colour, the buttons' fill, and which buttons show (their titles).
    public var ink = RGB8(255, 255, 255)
    public var buttonFill = RGB8(255, 255, 255).withOpacity(0.16)
    public var buttonTitles = Chrome.allButtons
    /// The button under the pointer and the one held down (by index), drawn lighter and darker.
    public var hoveredButton: Int?, pressedButton: Int?
    /// The name of the ring the label shows, drawn small above it (nil: none).
    public var caption: String?
    /// The label's colour (nil: `ink`) and opacity (lower while what it says has grown old).
    public var labelColor: RGB8?
    public var labelOpacity = 1.0
    /// The widest the label may be, as a fraction of the canvas's shorter side (nil: no limit).
    public var labelWidthLimit: Double? = nil
    /// A dark rim round every letter, for words read over any wallpaper (nil: none).
    public var halo: ColorF? = nil
    /// The F3 frame-time graph, when shown.
    public var frameGraph: FrameGraph?
    /// The help shown by `showHelp`: the live window's keys, or a demo's own.
    public var panel = HelpPanel.live
    /// The legend's text size against the desktop window's (a kiosk's is read across a room).
    public var textScale = 1.0
    /// The output's pixels to a logical pixel (2 on a scale-2 desktop, 1.5 at 150 %): the smallest
    /// text and boxes the chrome allows are logical sizes, so that they look the same at every scale.
    public var density = 1.0
    /// Where its text gets its glyphs; two chromes with the same source are equal in it.
    public var glyphs: GlyphSource { source.glyphs }
    private let source: SameGlyphs

    public init(label: String, legend: [LegendEntry], glyphs: GlyphSource) {
        self.label = label; self.legend = legend; source = SameGlyphs(glyphs: glyphs)
    }

    /// A glyph source compared by identity (its masks are its own to keep).
    private struct SameGlyphs: Equatable, Sendable {
        let glyphs: GlyphSource
        static func == (a: SameGlyphs, b: SameGlyphs) -> Bool { a.glyphs === b.glyphs }
    }

    /// The chrome for these values. The label shows what the theme's `label` says: with `auto` the
    /// selected ring (its value, its name above it, in its colour), else the only ring, else the
    /// average where the rings measure one kind of thing (the theme says so, or every ring has a
    /// goal), else nothing; `average`, `ring N` (a selection still shows the selected ring) or
    /// `none`. A single ring's label is that ring's own, in the theme's ink (the soft theme's
    /// "Waiting..." and "Done"). The legend names each ring with its value, the selected one marked
    /// "> ". The theme sets the colours, whether the legend shows, and which buttons.
    /// `unknown` rings have had no value yet: their legend lines and any label that depends on them say "–".
    /// `stale` rings' values have grown old: a label that depends on one is drawn faint.
    /// `notes` follow a ring's value in the legend ("stale 2 m"); the legend keeps room for the
    /// value up to a full ring (more where it is more) with `staleNote` after it, and for "–" with `waitingNote`.
    public static func standard(theme: Theme, values: [Double], selection: Int?, glyphs: GlyphSource, unknown: Set<Int> = [],
                                stale: Set<Int> = [], notes: [Int: String] = [:], staleNote: String? = nil, waitingNote: String? = nil) -> Chrome {
        func widest(_ a: String, _ b: String?) -> String {
            guard let b else { return a }
            return glyphs.width(of: b, pixelHeight: 24) > glyphs.width(of: a, pixelHeight: 24) ? b : a
        }
        let legend: [LegendEntry] = !theme.legend ? [] : values.enumerated().map { i, v in
            let style = theme.style(ofRing: i)
            let value = unknown.contains(i) ? Chrome.noValue : style.label.text(for: v)
            return LegendEntry(name: (selection == i ? "> " : "") + style.name, value: value + (notes[i].map { "  " + $0 } ?? ""),
                               widest: widest(style.label.text(for: max(1, v)) + (staleNote.map { "  " + $0 } ?? ""),
                                              waitingNote.map { Chrome.noValue + "  " + $0 }), color: style.end)
        }
        // A ring with a goal shows its amounts in the legend and its share in the centre.
        func own(_ i: Int) -> String {
            let style = theme.style(ofRing: i)
            return style.goal != nil ? LabelFormat.percent().text(for: values[i]) : style.label.text(for: values[i], started: values[i] > 0)
        }
        let pinned: Int? = if case let .ring(n) = theme.label, values.indices.contains(n) { n } else { nil }
        let shown = theme.label == .none ? nil : selection ?? pinned ?? (values.count == 1 ? 0 : nil)
        let oneKind = theme.comparable || values.indices.allSatisfy { theme.style(ofRing: $0).goal != nil }
        let averaged = shown == nil && (theme.label == .average || theme.label == .auto && oneKind)
        let depends = shown.map { [$0] } ?? (averaged ? Array(values.indices) : [])
        let label = depends.contains(where: unknown.contains) ? Chrome.noValue : shown.map(own)
            ?? (averaged ? LabelFormat.percent().text(for: values.reduce(0, +) / Double(max(1, values.count))) : "")
        var chrome = Chrome(label: label, legend: legend, glyphs: glyphs)
        if let shown, values.count > 1 {
            chrome.caption = theme.style(ofRing: shown).name
            chrome.labelColor = theme.style(ofRing: shown).end
        }
        if depends.contains(where: stale.contains) { chrome.labelOpacity = Chrome.staleLabelOpacity }
        chrome.ink = theme.ink
        chrome.buttonFill = theme.buttonFill
        chrome.buttonTitles = theme.buttons
        chrome.halo = theme.textHalo
        // The soft control's label box is the tutorial's: the plate inset by 30 % on each side.
        if theme.look == .soft { chrome.labelWidthLimit = 0.8 * theme.outerRadius }
        return chrome
    }

    /// A label whose value has grown old is drawn this opaque.
    static let staleLabelOpacity = 0.4

    /// What a label or legend line says for a ring that has had no value yet.
    public static let noValue = "–"

    /// Every on-screen button by its name in a theme, in order, with what it does (Random's title is in the screen's language).
    public static let allButtons = ["0%", "50%", "100%", "Random"]
    static let intents: [String: Intent] = ["0%": .setSelected(0), "50%": .setSelected(0.5), "100%": .setSelected(1), "Random": .randomize]

    /// The buttons of a canvas: by default 0 %, 50 %, 100 % and Random, in a row along the bottom
    /// edge, all as wide as the widest title needs with `glyphs` (its padding half the button's height);
    /// at least 18 logical pixels tall on an output of `density`.
    public static func buttons(width: Int, height: Int, titles named: [String] = allButtons, glyphs: GlyphSource? = nil,
                               density: Double = 1) -> [ChromeButton] {
        let s = Double(min(width, height))
        func logical(_ n: Double) -> Int { Int((n * density).rounded()) }
        let h = max(logical(18), Int(0.055 * s)), gap = max(logical(4), Int(0.02 * s))
        let titles = named.compactMap { name in intents[name].map { (name == "Random" ? Words.random.text : name, $0) } }
        let widest = titles.map { glyphs?.width(of: $0.0, pixelHeight: buttonTextHeight(h)) ?? 0 }.max() ?? 0
        let w = max(logical(44), Int(0.15 * s), widest + h)
        let total = titles.count * w + (titles.count - 1) * gap
        let x0 = (width - total) / 2, y = height - h - max(logical(4), Int(0.015 * s))
        return titles.enumerated().map { i, item in
            ChromeButton(title: item.0, frame: IntRect(x: x0 + i * (w + gap), y: y, width: w, height: h), intent: item.1)
        }
    }

    /// The legend's lines as drawn, each in two pieces, the name (with the gap) and the value after
    /// it (nil where empty): as a value counts, only its own text is new to the text stack, and only
    /// its own pixels change.
    func legendLines(_ places: ChromeLayout) -> [(name: DrawCommand?, value: DrawCommand?)] {
        guard let box = places.legend else { return [] }
        let px = legendTextHeight(places.line), left = box.minX + places.margin, top = box.minY + places.margin
        return legend.enumerated().map { i, entry in
            // A value wider than the widest it may show (a source's long problem) is cut there.
            let value = glyphs.fitted(entry.value, width: glyphs.width(of: entry.widest, pixelHeight: px), pixelHeight: px)
            let color = entry.color.opaque
            if places.legendStacked {
                return (glyphs.command(places.legendNames[i], height: px, left: left, top: top + 2 * i * places.line, color: color),
                        glyphs.command(value, height: px, left: left + Chrome.stackedIndent(places.line), top: top + (2 * i + 1) * places.line, color: color))
            }
            let name = Chrome.legendLine(places.legendNames[i], ""), y = top + i * places.line
            return (glyphs.command(name, height: px, left: left, top: y, color: color),
                    glyphs.command(value, height: px, left: left + glyphs.width(of: name, pixelHeight: px), top: y, color: color))
        }
    }

    /// A button's text height for its height.
    static func buttonTextHeight(_ buttonHeight: Int) -> Int { Int(Double(buttonHeight) * 0.55) }

    /// The chrome less what changes as values count: the label's text and the legend's values,
    /// and, `forLayout`, the buttons under the pointer, else the widest each legend value can show
    /// (which only the layout measures, and the redraw plan compares the layout on its own). What
    /// a layout, or a frame in which rings move, must find unchanged: every other property is in
    /// it, so none can be left out.
    func steady(forLayout: Bool) -> Chrome {
        var steady = self
        steady.label = ""
        for i in steady.legend.indices {
            steady.legend[i].value = ""
            if !forLayout { steady.legend[i].widest = "" }
        }
        if forLayout { (steady.hoveredButton, steady.pressedButton) = (nil, nil) }
        return steady
    }

    /// All that `commands` draws from: the chrome itself, every property of it, and where it is
    /// placed. The same key gives the same commands, which a renderer can keep from frame to frame.
    struct CommandsKey: Equatable {
        var chrome: Chrome, places: ChromeLayout, width: Int, height: Int, side: Double, rings: [RingGeometry]
    }

    /// The key of `commands(places, width:, height:, rings:)`; nil with the frame graph, which
    /// changes in every frame.
    func commandsKey(_ places: ChromeLayout, width: Int, height: Int, rings: RingLayout) -> CommandsKey? {
        guard frameGraph == nil else { return nil }
        return CommandsKey(chrome: self, places: places, width: width, height: height, side: rings.side, rings: (0..<rings.count).map(rings.ring))
    }

    /// The draw commands, placed by `places`, over a canvas of `width` x `height` whose rings are laid out by `rings`.
    func commands(_ places: ChromeLayout, width: Int, height: Int, rings: RingLayout) -> [DrawCommand] {
        var out: [DrawCommand] = []
        func text(_ string: String, height px: Int, centerX: Int? = nil, left: Int = 0, top: Int, color: ColorF) {
            if let command = glyphs.command(string, height: px, centerX: centerX, left: left, top: top, color: color) { out.append(command) }
        }
        let inked = ink.opaque
        if let placed = labelPlacement(rings: rings) {
            let color = (labelColor ?? ink).withOpacity(labelOpacity), x = Int(rings.ring(0).center.x)
            text(label, height: placed.height, centerX: x, top: placed.top, color: color)
            if let caption = placed.caption { text(caption, height: placed.captionHeight, centerX: x, top: placed.captionTop, color: color) }
        }
        for line in legendLines(places) { out += [line.name, line.value].compactMap { $0 } }
        for (i, button) in places.buttons.enumerated() {
            let f = button.frame
            // Hovered a little stronger, held down stronger still (the fill's own colour, more opaque).
            let strength = pressedButton == i ? 2.2 : hoveredButton == i ? 1.6 : 1
            out.append(DrawCommand(shape: RoundedRect(x: Double(f.x), y: Double(f.y), width: Double(f.width), height: Double(f.height),
                                                      cornerRadius: Double(f.height) / 2),
                                   shader: SolidShader(buttonFill * min(strength, 255 / max(buttonFill.a, 1)))))
            let px = Chrome.buttonTextHeight(f.height)
            text(button.title, height: px, centerX: f.x + f.width / 2, top: glyphs.top(centring: px, on: f.y + f.height / 2), color: inked)
        }
        if let graph = frameGraph, let frame = places.graph {
            out += graph.commands(in: frame, shorter: min(width, height), density: density, glyphs: glyphs)
        }
        if let help = places.help { out += panel.commands(help, glyphs: glyphs) }
        return halo == nil ? out : out.flatMap(haloed)
    }
}

import RingsAnimation
import RingsRaster

/// What the live screen's chrome shows besides the values: the glyphs it is written in, the help,
/// the buttons under the pointer, the frame graph.
public struct LiveChrome {
    public var glyphs: GlyphSource
    public var showHelp = false
    /// The 0 %, 50 %, 100 % and Random buttons; none in a kiosk, where nothing may be pressed.
    public var showsButtons = true
    public var hoveredButton: Int?, pressedButton: Int?
    public var frameGraph: FrameGraph?
    /// Values come from live sources: the legend names each ring whatever the theme says, and a ring
    /// still without a value says it waits.
    public var namesRings = false
    /// The legend's text size against the desktop window's (a kiosk is read across a room).
    public var textScale = 1.0
    /// A kiosk's and a desktop widget's legend is this much larger than a window's: read across a
    /// room, or at a glance.
    public static let largeTextScale = 1.5
    /// The output's pixels to a logical pixel (`Chrome.density`).
    public var density = 1.0
    /// The help `showHelp` shows.
    public var panel = HelpPanel.live

    public init(glyphs: GlyphSource) { self.glyphs = glyphs }

    /// What the legend says after "–" for a ring no source has given a value yet.
    public static var waitingNote: String { Words.waitingForData.text }
}

extension RingScene {
    /// The live screen's frame at `time`: the rings at the model's presented values in their looks
    /// of the moment (a threshold's colour, faded while stale, dimmed in an alert's pulse, the
    /// selected one's track brighter), the tip
    /// dots and, with `chrome`, the label (the selected ring's value, or the average of all), the
    /// legend with the sources' lines, and the buttons.
    public static func live(model: RingsModel, theme: Theme, data: LiveData, reducedMotion: Bool, width: Int, height: Int,
                            offset: (x: Int, y: Int), at time: Double, chrome: LiveChrome?) -> RingScene {
        let values = model.presented
        var looks = theme
        // The selection is marked on its ring with the chrome only: without, the frame is what `rings render` draws.
        let selected = chrome == nil ? nil : model.selection
        if data.staleness != nil || theme.rings.contains(where: { $0.alert != nil }) || selected != nil {
            // Thresholds first, so that a stale or pulsing ring fades its threshold's colour too.
            looks.rings = values.indices.map { ring in
                var style = theme.style(ofRing: ring).at(value: values[ring])
                style.thresholds = []
                style = style.faded(data.staleness?.amount(ring: ring, at: time) ?? 0)
                if let alert = style.alert, values[ring] >= alert, !reducedMotion { style = style.pulsed(RingStyle.pulse(at: time)) }
                style.selected = ring == selected
                return style
            }
        }
        var scene = RingScene(theme: looks, width: width, height: height, values: values)
        scene.offset = offset
        if theme.dot != nil {
            let layout = scene.layout
            scene.dots = values.indices.map { i in
                model.running(ring: i).flatMap { TipDot.position(of: $0.animation, since: $0.start, at: time, geometry: layout.ring(i),
                                                                 clockwise: theme.clockwise) }
            }
        }
        guard let chrome else { return scene }
        // In two phases the label counts as the gold tutorial's does, by a timer stepping every 0.02 s.
        let counted = theme.motion != .twoPhase ? values : values.indices.map { i in
            model.running(ring: i).map { TimerCountingLabel.value(of: $0.animation, since: $0.start, at: time) } ?? values[i]
        }
        var named = theme
        named.legend = theme.legend || chrome.namesRings
        var notes = data.notes
        if chrome.namesRings { for ring in data.waiting { notes[ring] = LiveChrome.waitingNote } }
        for (ring, remark) in data.remarks {
            notes[ring] = data.waiting.contains(ring) ? remark : [notes[ring], remark].compactMap { $0 }.joined(separator: "  ")
        }
        let stale = Set(values.indices.filter { (data.staleness?.amount(ring: $0, at: time) ?? 0) > 0.5 })
        // Room after every value for the longest word a source says beside one ("no such interface").
        let remark = data.remarks.values.max { chrome.glyphs.width(of: $0, pixelHeight: 24) < chrome.glyphs.width(of: $1, pixelHeight: 24) }
        let staleNote = [data.staleness == nil ? nil : Staleness.widestNote, remark].compactMap { $0 }.joined(separator: "  ")
        let waiting = [chrome.namesRings && !data.waiting.isEmpty ? LiveChrome.waitingNote : nil, remark].compactMap { $0 }
            .max { chrome.glyphs.width(of: $0, pixelHeight: 24) < chrome.glyphs.width(of: $1, pixelHeight: 24) }
        var shown = Chrome.standard(theme: named, values: counted, selection: model.selection, glyphs: chrome.glyphs, unknown: data.waiting,
                                    stale: stale, notes: notes, staleNote: staleNote.isEmpty ? nil : staleNote, waitingNote: waiting)
        shown.showHelp = chrome.showHelp
        shown.panel = chrome.panel
        shown.textScale = chrome.textScale
        shown.density = chrome.density
        if !chrome.showsButtons { shown.buttonTitles = [] }
        // The sources' lines: with a legend, all of them; without one, their problems alone.
        for line in data.sources where line.problem || named.legend {
            shown.legend.append(LegendEntry(name: line.name, value: line.text, widest: line.widest,
                                            color: line.problem ? RGB8(255, 170, 60) : RGB8(150, 156, 168)))
        }
        shown.hoveredButton = chrome.hoveredButton
        shown.pressedButton = chrome.pressedButton
        shown.frameGraph = chrome.frameGraph
        scene.chrome = shown
        return scene
    }
}

import FoundationEssentials
import Rings
import RingsAnimation

/// What the live screen shows besides its values, and what input leaves on it: the chrome's glyphs,
/// help and frame-graph toggles, the buttons under the pointer, the burn-in steps, the frame times.
struct LiveView {

    /// Where the label, legend and buttons get their glyphs; nil without chrome.
    let glyphs: GlyphSource?
    /// Where the identity card gets its glyphs (with or without chrome).
    let cardGlyphs: GlyphSource?
    /// The help, in the language chosen at start.
    let panel: HelpPanel
    /// Values come from live sources (they do not change on a reload): the legend names every ring.
    let live: Bool
    var showHelp = false, showGraph = false
    var density = 1.0
    /// Keys and pointer, with the rings and buttons of the frame last drawn (where input lands).
    var controls: LiveControls?
    /// Steps taken round the burn-in square.
    var shifts = 0
    var stats = FrameStats()
    /// A demo's script, played at start and again on Space or a click.
    let script = ScriptPlayer()

    init(options: LiveOptions, glyphs: GlyphSource?) {
        self.glyphs = options.chrome ? glyphs : nil
        cardGlyphs = glyphs
        panel = options.script == .download ? HelpPanel.download : .live
        live = options.isLive
    }

    /// The frame at `time`: the rings in their looks of the moment and the chrome; where its rings
    /// and buttons lie is kept for the input that follows.
    mutating func scene(model: RingsModel, data: LiveData, options: LiveOptions, width: Int, height: Int, at time: Double) -> RingScene {
        let frame = RingScene.live(model: model, theme: options.theme, data: data, reducedMotion: options.reducedMotion, width: width,
                                   height: height, offset: offset(width: width, height: height, shifting: options.shiftEvery != nil),
                                   at: time, chrome: chrome(options))
        var controls = controls ?? LiveControls(layout: frame.layout)
        (controls.layout, controls.buttons, controls.clockwise) = (frame.layout, frame.chromeLayout?.buttons ?? [], options.theme.clockwise)
        self.controls = controls
        return frame
    }

    /// The chrome a frame shows with `options`: nil without glyphs.
    private func chrome(_ options: LiveOptions) -> LiveChrome? {
        guard let glyphs else { return nil }
        var chrome = LiveChrome(glyphs: glyphs)
        chrome.showHelp = showHelp
        chrome.showsButtons = !options.kiosk && !options.widget
        chrome.namesRings = live
        chrome.textScale = options.kiosk || options.widget ? LiveChrome.largeTextScale : 1
        chrome.density = density
        chrome.panel = panel
        chrome.hoveredButton = controls?.hovered
        chrome.pressedButton = controls?.pressed
        if showGraph {
            chrome.frameGraph = FrameGraph(times: stats.recentIntervals.map { $0 * 1000 },
                                           caption: Words.refresh.with(stats.presenter, String(cFormat: "%.2f", stats.refreshInterval * 1000)))
        }
        return chrome
    }

    /// Where the burn-in protection has moved the rings: round a square of a few pixels, one step
    /// per `--shift-every`.
    private func offset(width: Int, height: Int, shifting: Bool) -> (x: Int, y: Int) {
        guard shifting else { return (0, 0) }
        let step = max(1, min(width, height) / 400)
        let square = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        let (x, y) = square[shifts % square.count]
        return (x * step, y * step)
    }

    /// The identity card while an identify lasts: the screen's name on its broker and its host.
    func identityCard(_ light: ScreenLight, name: String?) -> IdentityCard? {
        guard light.identifying, let cardGlyphs else { return nil }
        return IdentityCard(name: name ?? "rings", host: ProcessInfo.processInfo.hostName, glyphs: cardGlyphs)
    }
}

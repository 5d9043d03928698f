import FoundationEssentials
import Glibc
import RingsRaster
import Shaders

/// A still frame of a ring group: theme, canvas size and values. Its display list holds the rings (or
/// the soft look's plate and band), each ring's dot, and the chrome (label, legend, buttons) when set,
/// laid out by `RingLayout`.
///
///     let scene = RingScene(theme: try ThemeLoader.load("flat"), width: 1920, height: 1080,
///                           values: [0.72, 1.35, 0.48])
///     let frame = SceneRenderer().render(scene)
public struct RingScene: Sendable {
    public var theme: Theme
    public var width: Int { didSet { placeChrome() } }
    public var height: Int { didSet { placeChrome() } }
    /// Each ring's value, outermost first (1 is a full ring).
    public var values: [Double]
    /// Label, legend and buttons over the rings (the live window), or nil for the rings alone.
    public var chrome: Chrome? { didSet { placeChrome() } }
    /// Where the chrome goes on this canvas (laid out once each time the chrome or the size changes).
    public private(set) var chromeLayout: ChromeLayout?
    /// Moves the rings by whole pixels (burn-in protection); chrome stays.
    public var offset: (x: Int, y: Int) = (0, 0)
    /// Where each ring's dot is when an animation places it (`TipDot`); nil or missing: at the arc's end.
    public var dots: [Point?] = []
    /// The whole frame's brightness, 0 (black) to 1 (as drawn): a night schedule dims the screen so.
    public var brightness = 1.0
    /// The screen's name and host over everything, undimmed (an identify command).
    public var identity: IdentityCard?

    public init(theme: Theme, width: Int, height: Int, values: [Double]? = nil) {
        self.theme = theme
        self.width = width; self.height = height
        self.values = values ?? theme.sampleValues
    }

    public var layout: RingLayout {
        RingLayout(width: width, height: height, count: values.count, theme: theme, offset: offset, area: chromeLayout?.ringArea)
    }

    private mutating func placeChrome() { chromeLayout = chrome?.layout(width: width, height: height) }

    /// The rings, outermost first.
    public var rings: [Ring] {
        let layout = self.layout
        return values.enumerated().map { i, value in Ring(value: value, style: theme.style(ofRing: i).at(value: value), geometry: layout.ring(i)) }
    }

    /// The pixels ring `i` can touch: its track's square, which holds arc, caps and tip, and with
    /// `tip` wider by the reach of the tip's shadow.
    public func bounds(ofRing i: Int, tip: Bool = true) -> IntRect {
        let g = layout.ring(i)
        let shadow = tip ? theme.shadowOffset * g.thickness + 5 * theme.shadowSigma * g.thickness : 0
        let reach = g.radius + g.thickness / 2 + shadow + 1
        return IntRect(enclosingMinX: g.center.x - reach, minY: g.center.y - reach, maxX: g.center.x + reach, maxY: g.center.y + reach)
    }

    /// For each of the rings `indices` (of `rings`, this scene's), boxes that hold every pixel its
    /// value moves (band, caps, tip, shadow, dot: see `RingPainter.footprint`); nil for the soft
    /// look, whose band is not drawn so.
    func footprints(ofRings indices: [Int], in rings: [Ring]) -> [Footprint]? {
        guard theme.look != .soft else { return nil }
        let painter = RingPainter(theme: theme)
        return indices.map { painter.footprint(for: rings[$0], dot: dot(ofRing: $0)) }
    }

    /// Rectangles covering every pixel the rings `moved` can touch, tighter than their square:
    /// horizontal strips over the annulus from the innermost ring's hole to the farthest reach of a
    /// moved ring (for the rings in `tips`, the reach of a tip's shadow), each cut to that annulus (two
    /// pieces where a strip crosses the hole).
    public func dirtyRects(ofRings moved: [Int], tips: Set<Int>, strips: Int = 24) -> [IntRect] {
        guard let innermost = moved.max() else { return [] }
        let box = moved.map { bounds(ofRing: $0, tip: tips.contains($0)) }.max { $0.width < $1.width }!
        let g = layout.ring(innermost)
        let outer = (Double(box.width) / 2).rounded(.up), inner = max(0, g.radius - g.thickness / 2 - 1)
        let cx = g.center.x, cy = g.center.y
        let step = max(1, (box.height + strips - 1) / strips)
        var rects: [IntRect] = []
        var top = box.minY
        while top < box.maxY {
            let bottom = min(box.maxY, top + step)
            // The strip's nearest and farthest distance from the centre line y = cy.
            let near = Double(top) > cy ? Double(top) - cy : (Double(bottom) < cy ? cy - Double(bottom) : 0)
            let far = max(abs(Double(top) - cy), abs(Double(bottom) - cy))
            if near < outer {
                let reach = (outer * outer - near * near).squareRoot()
                let left = Int((cx - reach).rounded(.down)), right = Int((cx + reach).rounded(.up))
                if far < inner {
                    // The hole covers the middle of the whole strip.
                    let hole = (inner * inner - far * far).squareRoot()
                    let holeLeft = Int((cx - hole).rounded(.up)), holeRight = Int((cx + hole).rounded(.down))
                    rects.append(IntRect(x: left, y: top, width: holeLeft - left, height: bottom - top))
                    rects.append(IntRect(x: holeRight, y: top, width: right - holeRight, height: bottom - top))
                } else {
                    rects.append(IntRect(x: left, y: top, width: right - left, height: bottom - top))
                }
            }
            top = bottom
        }
        return rects.filter { !$0.isEmpty }
    }

    /// Each ring's start-cap box at 12 o'clock, where a seam of the conic gradient would show.
    public var startCapBoxes: [IntRect] {
        rings.map { ring in
            let g = ring.geometry, top = g.center.y - g.radius
            return IntRect(enclosingMinX: g.center.x - g.thickness, minY: top - g.thickness / 2,
                           maxX: g.center.x + g.thickness, maxY: top + g.thickness / 2)
        }
    }

    /// Each ring in order, outermost first: track, progress arc, then (past the tip threshold) the tip's
    /// shadow and disc.
    public var displayList: DisplayList { displayList(chrome: chromeCommands, within: nil) }

    /// The display list for drawing only `clips` (all of it for nil), with the chrome's commands
    /// given: the rings none of whose pixels falls in a clip are left out (`reaches`), so that a
    /// redraw builds no shader it does not use. The same pixels in the clips as `displayList`.
    func displayList(chrome: [DrawCommand], within clips: [IntRect]?) -> DisplayList {
        let painter = RingPainter(theme: theme)
        let drawn = rings.indices.filter { i in clips.map { $0.contains { reaches(ringAt: i, $0) } } ?? true }
        let ringCommands = theme.look == .soft ? softCommands
            : drawn.flatMap { painter.commands(for: rings[$0], onBackground: onlyBackgroundUnder(ringAt: $0), dot: dot(ofRing: $0)) }
        return DisplayList(background: backgroundPixel, commands: ringCommands + chrome + dimCommands + identityCommands)
    }

    /// Black over the whole frame at 1 - `brightness`, last; none at full brightness.
    private var dimCommands: [DrawCommand] {
        guard brightness < 1 else { return [] }
        return [DrawCommand(shape: RoundedRect(x: 0, y: 0, width: Double(width), height: Double(height), cornerRadius: 0),
                            shader: SolidShader(RGB8(0, 0, 0).withOpacity(1 - max(0, brightness))))]
    }

    /// The identity card, over the dimming.
    private var identityCommands: [DrawCommand] { identity?.commands(width: width, height: height) ?? [] }

    /// The theme's background, opaque; clear where the theme is transparent.
    private var backgroundPixel: PackedPixel {
        if theme.transparent { return PackedPixel(r: 0, g: 0, b: 0, a: 0) }
        let bg = theme.background
        return PackedPixel(r: bg.r, g: bg.g, b: bg.b, a: 255)
    }

    /// Label, legend and buttons, drawn over the rings.
    var chromeCommands: [DrawCommand] {
        guard let chrome, let places = chromeLayout else { return [] }
        return chrome.commands(places, width: width, height: height, rings: layout)
    }

    /// What `chromeCommands` are made from (nil where they are not to be kept: see `Chrome.commandsKey`).
    var chromeCommandsKey: Chrome.CommandsKey? {
        guard let chrome, let places = chromeLayout else { return nil }
        return chrome.commandsKey(places, width: width, height: height, rings: layout)
    }

    /// Where ring `i`'s dot is drawn, when the scene places it (else at the arc's end).
    private func dot(ofRing i: Int) -> Point? { i < dots.count ? dots[i] : nil }

    /// The frame in two layers, for the live window's redraws: the background with the track of every
    /// ring that shares no pixel with an earlier one, whole (the renderer keeps it drawn, under `key`:
    /// size, background and each such track's centre, radii and colour), and the rest of the display
    /// list in order. The same pixels as `displayList`: nothing is drawn before such a track on its
    /// pixels but an earlier ring's tip shadow, and where one can fall (the shadow's box) the track is
    /// wiped back to the background before the first such shadow and drawn again after them; the
    /// pixels its band would spare it are the band's own, opaque. nil for the soft look, a transparent
    /// theme, or when no track is in the layer.
    public var layers: SceneLayers? { layers(chrome: chromeCommands) }

    /// `layers` with the chrome's commands given (`chromeCommands`, kept from an earlier frame).
    func layers(chrome: @autoclosure () -> [DrawCommand]) -> SceneLayers? {
        // A clear background cannot be wiped back to by painting over it: drawn from the list.
        guard theme.look != .soft, !theme.transparent else { return nil }
        let background = backgroundPixel
        let painter = RingPainter(theme: theme), rings = self.rings
        let layered = rings.indices.map { !overlapsEarlierRing($0) }
        let parts = rings.indices.map { i in
            painter.parts(for: rings[i], onBackground: layered[i] && onlyBackgroundUnder(ringAt: i), dot: dot(ofRing: i), trackWhole: layered[i])
        }
        // Where an earlier ring's tip shadow can fall on a layered track (the shadow's box on the
        // track's), and the first ring whose shadow does.
        let shadowBoxes = parts.map { part in part.shadow.map { part.over[$0].bounds } }
        var shaded = [[IntRect]](repeating: [], count: rings.count), firstShadow = [Int?](repeating: nil, count: rings.count)
        for j in rings.indices where layered[j] {
            let box = parts[j].track.bounds
            let falling = (0..<j).filter { k in shadowBoxes[k].map { !$0.intersection(box).isEmpty } ?? false }
            shaded[j] = falling.map { shadowBoxes[$0]!.intersection(box) }.disjoint
            firstShadow[j] = falling.first
        }
        var key = [Double(width), Double(height), Double(background.bits)]
        var base: [DrawCommand] = [], over: [DrawCommand] = [], bands: [Int?] = []
        for i in rings.indices {
            let track = parts[i].track
            if layered[i] {
                base.append(track)
                key += parts[i].key
                over += shaded[i].map { DrawCommand(shape: ClippedShape(track.shape, to: $0), shader: track.shader) }
            } else {
                over.append(track)
            }
            bands.append(parts[i].over.isEmpty ? nil : over.count)
            var own = parts[i].over
            if let at = parts[i].shadow {
                let wipes = rings.indices.filter { firstShadow[$0] == i }.flatMap { j in
                    shaded[j].map { DrawCommand(shape: ClippedShape(AnnulusPixels(painter.trackAnnulus(for: rings[j])), to: $0),
                                                shader: SolidShader(theme.background.opaque)) }
                }
                own.insert(contentsOf: wipes, at: at)
            }
            over += own
        }
        guard !base.isEmpty else { return nil }
        return SceneLayers(key: key, base: DisplayList(background: background, commands: base),
                           over: over + chrome() + dimCommands + identityCommands, bands: bands)
    }
}

/// The frame in two layers (`RingScene.layers`): the background layer's key and display list, the
/// commands over it, and where among those each ring's band is (nil for an empty ring).
public struct SceneLayers {
    public var key: [Double]
    public var base: DisplayList
    public var over: [DrawCommand]
    public var bands: [Int?]
}

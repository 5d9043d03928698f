import Rings
import RingsAnimation
import RingsSDL

/// `rings bench --legend`: what the text stack costs for a legend of eight names in five scripts,
/// laid out and turned into masks (a frame's chrome as a display list), with names it has never
/// seen (a first draw: Pango shapes and draws every line) and with the same names again (cached).
enum LegendBench {
    static let names = ["移动", "锻炼", "站立", "🔥 Move", "Übung", "حركة", "שלום 123", "नमस्ते"]

    /// Milliseconds per frame's chrome, first draws and cached ones, `frames` of each.
    static func run(size: (width: Int, height: Int), frames: Int) throws -> (first: [Double], cached: [Double]) {
        var theme = Theme.standard
        theme.comparable = false
        theme.legend = true
        let glyphs = try FontGlyphs(name: nil, for: theme)
        let clock = MonotonicClock()
        func legend(_ round: Int) -> Double {
            theme.rings = names.enumerated().map { i, name in
                var style = Theme.standard.style(ofRing: i)
                style.name = round < 0 ? name : "\(name) \(round)"
                return style
            }
            let start = clock.now()
            var scene = RingScene(theme: theme, width: size.width, height: size.height, values: names.indices.map { 0.1 * Double($0 + 1) })
            scene.chrome = Chrome.standard(theme: theme, values: scene.values, selection: nil, glyphs: glyphs)
            _ = scene.displayList
            return (clock.now() - start) * 1000
        }
        for round in 0..<5 { _ = legend(-1 - round) }
        let first = (0..<frames).map { legend($0) }
        let cached = (0..<frames).map { _ in legend(-1) }
        return (first, cached)
    }
}

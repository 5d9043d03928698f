import RingsRaster
import Shaders
import RingsBase

/// The help overlay: an opaque panel, what to press (in an accent colour) and what it does, either
/// side by side or, where that would not fit, what it does on the line under the keys.
public struct HelpPanel: Equatable, Sendable {
    /// Each line: the keys or mouse action, and what it does.
    public var entries: [(keys: String, does: String)]
    /// A title line above the entries.
    public var title: String

    public init(title: String, entries: [(keys: String, does: String)]) { self.title = title; self.entries = entries }

    public static func == (a: HelpPanel, b: HelpPanel) -> Bool { a.title == b.title && a.entries.elementsEqual(b.entries, by: ==) }

    /// Where a panel goes and how its text is set.
    public struct Placement: Equatable, Sendable {
        public var frame: IntRect
        /// The text's pixel height.
        public var size: Int
        /// What each entry does goes on the line under its keys.
        public var stacked: Bool
        /// The panel covers the rings, on purpose, and says so on a last line.
        public var covering = false
    }

    /// The live window's keys and mouse, in the language of `Catalogue.current`.
    /// (Every frame's chrome holds it: made again only after a `Catalogue.use`.)
    public static var live: HelpPanel {
        let generation = Catalogue.generation
        if let kept = liveKept.withLock({ $0 }), kept.generation == generation { return kept.panel }
        let panel = liveWords
        liveKept.withLock { $0 = (generation, panel) }
        return panel
    }

    private static let liveKept = Mutex<(generation: Int, panel: HelpPanel)?>(nil)

    private static var liveWords: HelpPanel {
        HelpPanel(title: Words.helpTitle.text, entries: [
            ("Tab / Shift+Tab", Words.selectNextRing.text), ("0 - 9, =", Words.setEveryRing.text),
            (Words.leftRight.text, Words.nudge.text), (Words.space.text, Words.replay.text), ("R", Words.randomValues.text),
            (Words.clickRing.text, Words.clickSelects.text), (Words.dragRing.text, Words.dragSets.text),
            (Words.wheel.text, Words.wheelNudges.text), (Words.buttons.text, Words.buttonsSet.text),
            ("F / F11", Words.fullscreen.text), ("F3", Words.frameTimes.text), ("?", Words.thisHelp.text),
            ("Esc", Words.escape.text), ("q", Words.quit.text),
        ])
    }

    /// The download demo's keys and mouse: it has no buttons and nothing to drag.
    public static var download: HelpPanel {
        HelpPanel(title: Words.downloadHelpTitle.text, entries: [
            (Words.spaceOrClick.text, Words.playAgain.text), ("0 - 9, =", Words.setIt.text),
            (Words.leftRight.text, Words.nudge.text), ("F / F11", Words.fullscreen.text), ("F3", Words.frameTimes.text),
            ("?", Words.thisHelp.text), ("Esc", Words.escape.text), ("q", Words.quit.text),
        ])
    }

    public static let panel = RGB8(24, 26, 32), accent = RGB8(255, 209, 102), text = RGB8(235, 237, 242), dim = RGB8(160, 166, 178)
    /// The smallest text, in logical pixels, the help is set in where the canvas has room for it.
    public static let readableSize = 12

    /// The panel's width and height with text `size` pixels tall (`covering`: with the line that says
    /// so, cut to the panel's width where it is wider).
    public func size(_ size: Int, stacked: Bool, covering: Bool = false, glyphs: GlyphSource) -> (width: Int, height: Int) {
        func widest(_ texts: [String]) -> Int { texts.map { glyphs.width(of: $0, pixelHeight: size) }.max() ?? 0 }
        let keys = widest(entries.map(\.keys)), does = widest(entries.map(\.does)), title = glyphs.width(of: title, pixelHeight: size)
        let line = size * 3 / 2, extra = covering ? 1 : 0
        if stacked { return (max(keys, size * 2 + does, title) + size * 2, (2 * entries.count + 2 + extra) * line) }
        return (max(keys + size * 2 + does, title) + size * 2, (entries.count + 2 + extra) * line)
    }

    /// The panel centred over a whole `width` x `height` canvas, covering the rings and saying so: side
    /// by side in the largest text up to 0.04 of the shorter side that fits, stacked rather than
    /// smaller than `readableSize` logical pixels on an output of `density`, and smaller still only
    /// where even that does not fit.
    public func centered(width: Int, height: Int, density: Double = 1, glyphs: GlyphSource) -> Placement {
        let readable = Int((Double(HelpPanel.readableSize) * density).rounded())
        let largest = max(6, readable, Int(0.04 * Double(min(width, height))))
        let small = readable - 1
        let tries = [(largest, readable, false), (largest, readable, true), (small, 6, false), (small, 6, true)]
        var chosen = (size: 6, stacked: true)
        search: for (from, to, stacked) in tries where from >= to {
            for size in stride(from: from, through: to, by: -1) {
                let (w, h) = self.size(size, stacked: stacked, covering: true, glyphs: glyphs)
                if w <= width * 95 / 100 && h <= height * 95 / 100 { chosen = (size, stacked); break search }
            }
        }
        var (w, h) = size(chosen.size, stacked: chosen.stacked, covering: true, glyphs: glyphs)
        // As wide as the line that says it covers the rings needs, where the canvas has room.
        w = max(w, min(glyphs.width(of: Words.helpCoversRings.text, pixelHeight: chosen.size) + 2 * chosen.size, width * 95 / 100))
        return Placement(frame: IntRect(x: (width - w) / 2, y: max(0, (height - h) / 2), width: w, height: h), size: chosen.size,
                         stacked: chosen.stacked, covering: true)
    }

    /// The panel's draw commands where `placement` puts it.
    public func commands(_ placement: Placement, glyphs: GlyphSource) -> [DrawCommand] {
        let f = placement.frame, size = placement.size, line = size * 3 / 2
        var out = [DrawCommand(shape: RoundedRect(x: Double(f.x), y: Double(f.y), width: Double(f.width), height: Double(f.height),
                                                  cornerRadius: Double(size) / 2),
                               shader: SolidShader(HelpPanel.panel.opaque))]
        func text(_ s: String, _ x: Int, _ y: Int, _ color: RGB8) {
            if let command = glyphs.command(s, height: size, left: x, top: y, color: color.opaque) { out.append(command) }
        }
        text(title, f.x + size, f.y + line / 2, HelpPanel.dim)
        let keysWidth = entries.map { glyphs.width(of: $0.keys, pixelHeight: size) }.max() ?? 0
        for (i, entry) in entries.enumerated() {
            if placement.stacked {
                let y = f.y + line / 2 + (2 * i + 1) * line
                text(entry.keys, f.x + size, y, HelpPanel.accent)
                text(entry.does, f.x + size * 3, y + line, HelpPanel.text)
            } else {
                let y = f.y + line / 2 + (i + 1) * line
                text(entry.keys, f.x + size, y, HelpPanel.accent)
                text(entry.does, f.x + size * 3 + keysWidth, y, HelpPanel.text)
            }
        }
        if placement.covering {
            let note = glyphs.fitted(Words.helpCoversRings.text, width: f.width - 2 * size, pixelHeight: size)
            text(note, f.x + size, f.y + line / 2 + (placement.stacked ? 2 * entries.count + 1 : entries.count + 1) * line, HelpPanel.dim)
        }
        return out
    }
}

import RingsRaster
import Shaders

/// The help overlay: an opaque panel in the middle of the canvas, what to press in its own column (in
/// an accent colour) and what it does beside it, sized to fit the canvas.
public struct HelpPanel: Sendable {
    /// Each line: the keys or mouse action, and what it does.
    public var entries: [(keys: String, does: String)]
    /// A title line above the entries.
    public var title: String

    public init(title: String, entries: [(keys: String, does: String)]) { self.title = title; self.entries = entries }

    /// The live window's keys and mouse.
    public static let live = HelpPanel(title: "rings: keys and mouse", entries: [
        ("Tab / Shift+Tab", "select the next / previous ring"), ("0 - 9, =", "set it (or every ring) to 0 - 90 %, 100 %"),
        ("Left / Right", "nudge by 1 % (Shift: 10 %)"), ("Space", "replay every ring from 0"), ("R", "random values"),
        ("Click a ring", "select it (a click never changes a value)"), ("Drag a ring", "set it by angle"),
        ("Wheel", "nudge the ring under the pointer"), ("Buttons", "set the selection, or every ring"),
        ("F / F11", "fullscreen on and off"), ("F3", "frame times"), ("?", "this help"),
        ("Esc", "close this help, leave fullscreen, quit"), ("q", "quit"),
    ])

    public static let panel = RGB8(24, 26, 32), accent = RGB8(255, 209, 102), text = RGB8(235, 237, 242), dim = RGB8(160, 166, 178)

    /// The panel's draw commands on a `width` x `height` canvas.
    public func commands(width: Int, height: Int, glyphs: GlyphSource) -> [DrawCommand] {
        let rows = entries.count + 1
        // The largest text that fits: at most 0.04 of the shorter side, lines 1.5 text heights apart.
        var size = max(6, Int(0.04 * Double(min(width, height))))
        func widths(_ size: Int) -> (keys: Int, does: Int, title: Int) {
            func w(_ s: String) -> Int { glyphs.mask(for: s, pixelHeight: size)?.width ?? 0 }
            return (entries.map { w($0.keys) }.max() ?? 0, entries.map { w($0.does) }.max() ?? 0, w(title))
        }
        var measured = widths(size)
        func panelSize(_ size: Int, _ m: (keys: Int, does: Int, title: Int)) -> (Int, Int) {
            (max(m.keys + size * 2 + m.does, m.title) + size * 2, (rows + 1) * size * 3 / 2)
        }
        while size > 6 {
            let (w, h) = panelSize(size, measured)
            if w <= width * 95 / 100 && h <= height * 95 / 100 { break }
            size -= 1
            measured = widths(size)
        }
        let (w, h) = panelSize(size, measured)
        let left = (width - w) / 2, top = max(0, (height - h) / 2), line = size * 3 / 2
        var out = [DrawCommand(shape: RoundedRect(x: Double(left), y: Double(top), width: Double(w), height: Double(h), cornerRadius: Double(size) / 2),
                               shader: SolidShader(HelpPanel.panel.opaque))]
        func text(_ s: String, _ x: Int, _ y: Int, _ color: RGB8) {
            if let command = glyphs.command(s, height: size, left: x, top: y, color: color.opaque) { out.append(command) }
        }
        text(title, left + size, top + line / 2, HelpPanel.dim)
        for (i, entry) in entries.enumerated() {
            let y = top + line / 2 + (i + 1) * line
            text(entry.keys, left + size, y, HelpPanel.accent)
            text(entry.does, left + size * 3 + measured.keys, y, HelpPanel.text)
        }
        return out
    }
}

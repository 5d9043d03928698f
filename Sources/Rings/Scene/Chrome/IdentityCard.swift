import RingsRaster
import Shaders

/// "Which screen is this?": the screen's name on its broker (large) and its host, on a panel in
/// the middle of the frame, over everything and at full brightness, while an identify command lasts.
public struct IdentityCard: Sendable {
    public var name: String
    public var host: String
    public let glyphs: GlyphSource

    public init(name: String, host: String, glyphs: GlyphSource) {
        self.name = name; self.host = host; self.glyphs = glyphs
    }

    /// The panel's draw commands on a `width` x `height` canvas: the name as tall as a fifth of the
    /// shorter side where it fits in nine tenths of the width (smaller where it does not), the host
    /// at half that.
    public func commands(width: Int, height: Int) -> [DrawCommand] {
        var size = max(8, min(width, height) / 5)
        while size > 8 && max(glyphs.width(of: name, pixelHeight: size), glyphs.width(of: host, pixelHeight: size / 2)) + size > width * 9 / 10 {
            size -= max(1, size / 16)
        }
        let small = max(6, size / 2)
        let line = glyphs.fitted(name, width: width * 9 / 10 - size, pixelHeight: size)
        let below = glyphs.fitted(host, width: width * 9 / 10 - size, pixelHeight: small)
        let panelWidth = max(glyphs.width(of: line, pixelHeight: size), glyphs.width(of: below, pixelHeight: small)) + size
        let panelHeight = size * 2 + small * 3 / 2
        let x = (width - panelWidth) / 2, y = (height - panelHeight) / 2
        var out = [DrawCommand(shape: RoundedRect(x: Double(x), y: Double(y), width: Double(panelWidth), height: Double(panelHeight),
                                                  cornerRadius: Double(size) / 3),
                               shader: SolidShader(HelpPanel.panel.opaque))]
        if let name = glyphs.command(line, height: size, centerX: width / 2, top: y + size / 2, color: HelpPanel.accent.opaque) { out.append(name) }
        if let host = glyphs.command(below, height: small, centerX: width / 2, top: y + size * 3 / 2 + small / 4, color: HelpPanel.text.opaque) {
            out.append(host)
        }
        return out
    }
}

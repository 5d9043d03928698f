import RingsRaster
import Shaders

/// The F3 overlay: the last frame intervals as bars on an opaque panel at the top right, against
/// scale lines at 8.3, 16.7 and 33.3 ms (120, 60 and 30 frames a second), with the presenter's
/// name and the display's measured refresh interval; "idle" while no frame has been timed.
public struct FrameGraph: Equatable, Sendable {
    /// Frame intervals in milliseconds, oldest first (at most `bars` are shown).
    public var times: [Double]
    /// The presenter and refresh interval, as the caption says them.
    public var caption: String

    public init(times: [Double], caption: String) { self.times = times; self.caption = caption }

    static let bars = 90, topMs = 40.0
    static let scale: [(ms: Double, label: String)] = [(8.3, "8.3"), (16.7, "16.7"), (33.3, "33.3 ms")]

    /// The text height, padding, bar width and plot height on a canvas whose shorter side is `shorter`,
    /// the text at least 11 logical pixels tall on an output of `density`: the plot at least six
    /// lines of text tall, so that the 8.3 and 16.7 labels stay apart.
    static func metrics(shorter: Int, density: Double) -> (text: Int, pad: Double, bar: Double, tall: Double) {
        let s = Double(shorter), text = max(Int((11 * density).rounded()), Int(0.022 * s))
        let bar = max(1, (0.004 * s / density).rounded(.down)) * density
        return (text, Double(text) / 2, bar, max(0.14 * s, 6 * Double(text)))
    }

    /// The words under the plot.
    var words: String { times.isEmpty ? Words.idle.text : caption }

    /// The panel at the top right of a `width` x `height` canvas on an output of `density`.
    public func frame(width: Int, height: Int, density: Double = 1, glyphs: GlyphSource) -> IntRect {
        let (text, pad, bar, tall) = Self.metrics(shorter: min(width, height), density: density)
        let labelWidth = Double(glyphs.width(of: "33.3 ms", pixelHeight: text)) + pad
        let wordsWidth = Double(glyphs.width(of: words, pixelHeight: text))
        let panelWidth = min(Double(width) - 2 * pad, max(bar * Double(Self.bars) + labelWidth, wordsWidth) + 2 * pad)
        let panelHeight = tall + Double(text) * 2 + 3 * pad
        return IntRect(x: Int(Double(width) - panelWidth - pad), y: Int(pad), width: Int(panelWidth.rounded(.up)), height: Int(panelHeight.rounded(.up)))
    }

    /// The panel's draw commands in `frame` (from `frame(width:height:density:glyphs:)`) on a canvas
    /// whose shorter side is `shorter`.
    public func commands(in frame: IntRect, shorter: Int, density: Double = 1, glyphs: GlyphSource) -> [DrawCommand] {
        let (text, pad, bar, tall) = Self.metrics(shorter: shorter, density: density)
        let labelWidth = Double(glyphs.width(of: "33.3 ms", pixelHeight: text)) + pad
        let left = Double(frame.minX), top = Double(frame.minY), panelWidth = Double(frame.width), panelHeight = Double(frame.height)
        var out = [DrawCommand(shape: RoundedRect(x: left, y: top, width: panelWidth, height: panelHeight, cornerRadius: pad),
                               shader: SolidShader(HelpPanel.panel.opaque))]
        let plotLeft = left + pad + labelWidth, plotTop = top + pad, plotRight = left + panelWidth - pad
        func y(_ ms: Double) -> Double { plotTop + tall * (1 - min(ms, Self.topMs) / Self.topMs) }
        func label(_ string: String, left x: Double, top y: Double, _ color: RGB8) {
            if let command = glyphs.command(string, height: text, left: Int(x), top: Int(y), color: color.opaque) { out.append(command) }
        }
        for line in Self.scale {
            out.append(DrawCommand(shape: RoundedRect(x: plotLeft, y: y(line.ms), width: plotRight - plotLeft, height: 1, cornerRadius: 0),
                                   shader: SolidShader(HelpPanel.dim.withOpacity(0.6))))
            label(line.label, left: left + pad, top: y(line.ms) - Double(text) / 2, HelpPanel.dim)
        }
        for (i, ms) in times.suffix(Self.bars).reversed().enumerated() {
            let x = plotRight - bar * Double(i + 1)
            guard x >= plotLeft else { break }
            out.append(DrawCommand(shape: RoundedRect(x: x, y: y(ms), width: max(1, bar - 1), height: plotTop + tall - y(ms), cornerRadius: 0),
                                   shader: SolidShader((ms > 16.7 * 1.5 ? RGB8(255, 96, 96) : RGB8(120, 220, 120)).opaque)))
        }
        label(words, left: left + pad, top: plotTop + tall + pad, HelpPanel.text)
        return out
    }
}

import RingsRaster

/// A colour as theme files and config files write it: `[r, g, b]` with whole numbers 0 to 255,
/// `"#rrggbb"`, or a palette name (`"red"`, `"blue"`, ...). One reader for both formats.
public enum ColorValue {
    /// What a colour must look like, for messages: "must be \(ColorValue.expected)".
    public static var expected: String {
        "a colour: [r, g, b] with whole numbers 0 to 255, \"#rrggbb\", or a palette name (\(Palette.names.joined(separator: ", ")))"
    }

    /// A palette name or `#rrggbb`.
    public static func parse(_ text: String) -> RGB8? { Palette.colors[text] ?? RGB8(hex: text) }

    /// Three channels, each a whole number 0 to 255.
    public static func parse(channels: [Double]) -> RGB8? {
        guard channels.count == 3, channels.allSatisfy({ $0 == $0.rounded() && $0 >= 0 && $0 <= 255 }) else { return nil }
        return RGB8(UInt8(channels[0]), UInt8(channels[1]), UInt8(channels[2]))
    }
}

import RingsRaster
import Shaders

/// The app's icon, drawn by our own rasteriser: the activity theme's three rings, thicker than in the
/// window so that they read at 16 px, on a black rounded square with transparent corners.
///
///     var rasterizer = Rasterizer()
///     let icon = Pixmap(width: 64, height: 64)
///     rasterizer.render(AppIcon.displayList(size: 64), into: icon)
public enum AppIcon {
    /// The rings' values: a picture, not data.
    static let values = [0.8, 0.62, 0.9]

    /// The icon at `size` x `size` pixels.
    public static func displayList(size: Int) throws(ThemeError) -> DisplayList {
        var theme = try ThemeLoader.load("activity")
        theme.outerRadius = 0.4
        theme.thickness = 0.115
        theme.gap = 0.02
        let side = Double(size)
        let plate = RoundedRect(x: 0, y: 0, width: side, height: side, cornerRadius: side * 0.22)
        let rings = RingScene(theme: theme, width: size, height: size, values: values).displayList
        return DisplayList(background: .transparent, commands: [DrawCommand(shape: plate, shader: SolidShader(PackedPixel.opaqueBlack.colorF))] + rings.commands)
    }

    /// The icon rendered at `size` x `size` pixels (premultiplied).
    public static func pixmap(size: Int) throws(ThemeError) -> Pixmap {
        let pixmap = Pixmap(width: size, height: size)
        var rasterizer = Rasterizer()
        rasterizer.render(try displayList(size: size), into: pixmap)
        return pixmap
    }
}

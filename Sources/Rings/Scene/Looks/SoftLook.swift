import RingsRaster
import Shaders
import RingsBase

/// The skeuomorphic control of the soft theme (after the 2015 skeuomorphic progress-ring tutorial): a pale plate lit from the top left, a
/// raised middle disc, a recessed top disc, and the progress band in the groove at the plate's rim.
/// Every length is the tutorial's, in its points on a plate 260 wide, scaled to the plate's size.
///
/// Layers, bottom to top: the plate; the band (under everything else, as the tutorial inserts it at
/// index 0); the plate's inner shadows; the middle disc's drop shadow, gradient, inner shadow and
/// highlight; the top disc and its inner shadows. Everything above the band never changes with the
/// value, so it is drawn once into an image and composited each frame (the tutorial's layers set
/// `shouldRasterize` for the same reason).
struct SoftLook {
    static let plate = RGB8(0xEF, 0xF8, 0xF3)
    static let middleLight = RGB8(0xF8, 0xFD, 0xFA), middleDark = RGB8(0xC1, 0xCB, 0xC6)
    static let top = RGB8(0xD5, 0xDD, 0xD9)
    /// Diameters as fractions of the plate's: the middle disc 90 % (the tutorial's words), the top 50 %.
    static let middleDiameter = 0.9, topDiameter = 0.5

    let center: Point
    /// The plate's diameter in pixels.
    let width: Double
    let canvas: IntRect

    /// Pixels per tutorial point.
    var unit: Double { width / 260 }
    var radius: Double { width / 2 }

    /// A Core Animation shadow radius as a Gaussian sigma (half of it), in pixels.
    func sigma(_ shadowRadius: Double) -> Double { shadowRadius / 2 * unit }
    func offset(_ x: Double, _ y: Double) -> Point { Point(x: x * unit, y: y * unit) }

    /// The plate: below the band.
    var underlay: [DrawCommand] {
        [DrawCommand(shape: Disc(center: center, radius: radius), shader: SolidShader(SoftLook.plate.opaque))]
    }

    /// The band for `value`, its centre line at 0.45 of the plate's width and 0.1 of it thick, in a
    /// diagonal green gradient at `opacity`. At 0 a dot shows, as the tutorial's `CGFloat.min` leaves one.
    func band(value: Double, clockwise: Bool, style: RingStyle, opacity: Double) -> DrawCommand {
        let sweep = max(value, 1e-6) * 2 * Double.pi * (clockwise ? 1 : -1)
        let arc = ArcStroke(center: center, radius: 0.45 * width, thickness: 0.1 * width, startAngle: 0, sweep: sweep)
        let gradient = LinearGradientShader(from: corner(0.25, 0), to: corner(0.75, 1),
                                            ramp: ColorRamp(from: style.start.opaque, to: style.end.opaque).withOpacity(opacity))
        return DrawCommand(shape: arc, shader: gradient)
    }

    /// A point of the plate's square in unit coordinates, as CAGradientLayer's start and end points are.
    func corner(_ x: Double, _ y: Double, diameter: Double = 1) -> Point {
        let side = width * diameter
        return Point(x: center.x - side / 2 + x * side, y: center.y - side / 2 + y * side)
    }

    /// Everything above the band, as one cached image.
    var overlay: DrawCommand { SoftLook.cache.overlay(for: self) }

    /// The layers above the band, drawn each time (the cache draws them once per size).
    var overlayCommands: [DrawCommand] {
        let black = RGB8(0, 0, 0), white = RGB8(255, 255, 255)
        func disc(_ diameter: Double) -> Annulus { Annulus(center: center, innerRadius: 0, outerRadius: width * diameter / 2) }
        func inner(_ of: Annulus, _ color: RGB8, opacity: Double, radius: Double, offset: Point, inset: Double = 0) -> DrawCommand {
            DrawCommand(shape: InnerShadow(inside: of, offset: offset, sigma: sigma(radius), spread: -inset * unit),
                        shader: SolidShader(color.withOpacity(opacity)))
        }
        let plate = disc(1), middle = disc(SoftLook.middleDiameter), top = disc(SoftLook.topDiameter)
        let middleRamp = ColorRamp(stops: [.init(-0.15, SoftLook.middleLight.opaque), .init(0.75, SoftLook.middleDark.opaque)])
        return [
            // The plate lit from the top left: dark inside the top-left rim, a white line bottom right.
            inner(plate, black, opacity: 0.5, radius: 5, offset: offset(1.6, 1.6), inset: -1.5),
            inner(plate, white, opacity: 1, radius: 1, offset: offset(-0.5, -0.5), inset: -0.5),
            // The raised middle disc: its drop shadow, its diagonal gradient, a shadow inside bottom
            // right and a highlight inside top left.
            DrawCommand(shape: BlurredRing(center: center + offset(2, 6), outerRadius: middle.outerRadius, sigma: sigma(5)),
                        shader: SolidShader(black.withOpacity(0.3))),
            DrawCommand(shape: Disc(center: center, radius: middle.outerRadius),
                        shader: LinearGradientShader(from: corner(0.25, 0, diameter: SoftLook.middleDiameter),
                                                     to: corner(0.75, 1, diameter: SoftLook.middleDiameter), ramp: middleRamp)),
            inner(middle, black, opacity: 0.3, radius: 18, offset: offset(-10, -10), inset: -2),
            inner(middle, white, opacity: 1, radius: 1.5, offset: offset(0.3, 0.9), inset: -1),
            // The recessed top disc: a white line inside bottom right, a soft shadow inside top left.
            DrawCommand(shape: Disc(center: center, radius: top.outerRadius), shader: SolidShader(SoftLook.top.opaque)),
            inner(top, white, opacity: 0.6, radius: 2, offset: offset(-1, -1)),
            inner(top, black, opacity: 0.2, radius: 15, offset: offset(3, 9)),
        ]
    }

    /// Where the overlay can draw: the plate's square (the middle disc's shadow ends inside it,
    /// to a fraction of a level).
    var overlayBounds: IntRect {
        IntRect(enclosingMinX: center.x - radius - 1, minY: center.y - radius - 1, maxX: center.x + radius + 1, maxY: center.y + radius + 1)
            .intersection(canvas)
    }

    static let cache = OverlayCache()

    /// The last overlay drawn, for as long as the plate keeps its place and size.
    final class OverlayCache: Sendable {
        private struct Key: Equatable { let x: Double, y: Double, width: Double, canvas: IntRect }
        private let last = Mutex<(key: Key, command: DrawCommand)?>(nil)

        func overlay(for look: SoftLook) -> DrawCommand {
            let key = Key(x: look.center.x, y: look.center.y, width: look.width, canvas: look.canvas)
            if let hit = last.withLock({ $0 }), hit.key == key { return hit.command }
            let box = look.overlayBounds
            // Drawn in frame coordinates into a pixmap that holds only the box.
            let image = Pixmap(width: max(1, box.width), height: max(1, box.height))
            var rasterizer = Rasterizer()
            rasterizer.draw(look.overlayCommands, into: Canvas(image, originX: max(0, box.minX), originY: max(0, box.minY)))
            let command = DrawCommand(shape: RoundedRect(x: Double(box.minX), y: Double(box.minY), width: Double(box.width),
                                                         height: Double(box.height), cornerRadius: 0),
                                      shader: ImageShader(image, x: box.minX, y: box.minY))
            last.withLock { $0 = (key, command) }
            return command
        }
    }
}

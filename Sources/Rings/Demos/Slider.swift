import RingsRaster
import Shaders

/// A horizontal slider drawn as iOS draws one: a thin rounded track, filled in the accent colour up
/// to the value and pale after it, and a white round thumb with a soft shadow; a ring round the
/// thumb while the keyboard has it. Lengths are iOS points times `scale`.
public struct Slider: Equatable, Sendable {
    /// The thumb's travel plus its radius at each end: the thumb is as tall as the frame.
    public var frame: IntRect
    /// 0 at the left end, 1 at the right.
    public var value: Double
    public var focused = false
    public var scale: Double
    public var accent = RGB8(0, 122, 255)

    /// iOS's slider: a 28-point thumb on a 4-point track; the unfilled part is systemFill.
    public static let thumbDiameter = 28.0, trackHeight = 4.0
    static let unfilled = RGB8(120, 120, 128).withOpacity(0.2)

    public init(frame: IntRect, value: Double, scale: Double = 1) {
        self.frame = frame; self.value = min(1, max(0, value)); self.scale = scale
    }

    var thumbRadius: Double { Double(frame.height) / 2 }
    var left: Double { Double(frame.minX) + thumbRadius }
    var right: Double { Double(frame.maxX) - thumbRadius }

    /// Where the thumb's centre is.
    public var thumbCenter: Point {
        Point(x: left + value * (right - left), y: Double(frame.minY) + thumbRadius)
    }

    /// The value that puts the thumb's centre at `x` (clamped to 0 ... 1).
    public func value(atX x: Double) -> Double {
        guard right > left else { return 0 }
        return min(1, max(0, (x - left) / (right - left)))
    }

    /// How a key moves a slider that has the keyboard: arrows by 1 % (with Shift 10 %), Home and End
    /// to the ends; nil for other keys.
    public static func change(for key: BoardKey, shift: Bool) -> Double? {
        let step = shift ? 0.1 : 0.01
        return [.left: -step, .down: -step, .right: step, .up: step, .home: -1, .end: 1][key]
    }

    /// Whether a press at `point` takes the slider: on its frame, or on the thumb (which can stick out).
    public func contains(_ point: Point) -> Bool {
        frame.contains(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
            || (point - thumbCenter).length <= thumbRadius
    }

    /// The commands that draw it.
    public var commands: [DrawCommand] {
        let thumb = thumbCenter, r = thumbRadius
        let h = Slider.trackHeight * scale, top = thumb.y - h / 2
        var out = [
            DrawCommand(shape: RoundedRect(x: left - h / 2, y: top, width: right - left + h, height: h, cornerRadius: h / 2),
                        shader: SolidShader(Slider.unfilled)),
            DrawCommand(shape: RoundedRect(x: left - h / 2, y: top, width: thumb.x - left + h, height: h, cornerRadius: h / 2),
                        shader: SolidShader(accent.opaque)),
        ]
        if focused {
            out.append(DrawCommand(shape: Annulus(center: thumb, innerRadius: r + 1.5 * scale, outerRadius: r + 4.5 * scale),
                                   shader: SolidShader(accent.withOpacity(0.5))))
        }
        // iOS's thumb shadow: black at 0.15, 3 points down, a shadow radius of 8 (a sigma of 4);
        // and a hairline edge of black at 0.04.
        out.append(DrawCommand(shape: BlurredRing(center: Point(x: thumb.x, y: thumb.y + 3 * scale), outerRadius: r, sigma: 4 * scale),
                               shader: SolidShader(RGB8(0, 0, 0).withOpacity(0.15))))
        out.append(DrawCommand(shape: Disc(center: thumb, radius: r), shader: SolidShader(RGB8(0, 0, 0).withOpacity(0.04))))
        out.append(DrawCommand(shape: Disc(center: thumb, radius: r - 0.5 * scale), shader: SolidShader(RGB8(255, 255, 255).opaque)))
        return out
    }
}

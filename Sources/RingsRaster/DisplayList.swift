/// One thing to draw: a shape painted with a shader, or an arc fill (an arc whose round caps are
/// resolved over the laps below them, see `ArcCaps`).
public struct DrawCommand: Sendable {
    public let shape: any Shape
    public let shader: any Shader
    /// An arc fill's caps; nil for any other command.
    public let caps: ArcCaps?
    /// The shape's bounds, worked out once (the rasterizer asks for every band of every frame).
    public let bounds: IntRect

    public init(shape: any Shape, shader: any Shader) {
        self.shape = shape; self.shader = shader; caps = nil; bounds = shape.bounds
    }

    /// An arc fill: the band in `shader`'s colours, the end cap in its end colour on top of any
    /// earlier lap, the start cap in its start colour.
    public init(arc: ArcStroke, shader: any ArcShader) {
        shape = arc; self.shader = shader; caps = ArcCaps(arc: arc, shader: shader); bounds = arc.bounds
    }

    private init(shape: any Shape, shader: any Shader, caps: ArcCaps?, bounds: IntRect) {
        self.shape = shape; self.shader = shader; self.caps = caps; self.bounds = bounds
    }

    /// The same command painting with red and blue exchanged (see `Shader.swappingRedAndBlue`).
    public func swappingRedAndBlue() -> DrawCommand {
        guard let caps else { return DrawCommand(shape: shape, shader: shader.swappingRedAndBlue(), caps: nil, bounds: bounds) }
        let swapped = caps.shader.swappingRedAndBlue()
        return DrawCommand(shape: shape, shader: swapped, caps: ArcCaps(arc: caps.arc, shader: swapped), bounds: bounds)
    }

    /// An opaque arc fill's band as the live window may recolor it where its colour changed
    /// (`ArcStroke.recolor`): its arc and the rays on which its colour changes; nil for any other
    /// command, a band that is not opaque, or a shader without rays.
    public var band: (arc: ArcStroke, rays: RayFan)? {
        guard let caps, caps.arc.cap == .round, shader.isOpaque, let rays = caps.shader.rayFan else { return nil }
        return (caps.arc, rays)
    }

    /// The exact premultiplied colour at a point the shape covers (the reference path).
    public func color(atX x: Double, y: Double) -> ColorF {
        caps?.color(atX: x, y: y) ?? shader.color(atX: x, y: y)
    }
}

/// A whole frame as data: an opaque background and the commands drawn over it in order.
public struct DisplayList: Sendable {
    public var background: PackedPixel
    public var commands: [DrawCommand]
    public init(background: PackedPixel, commands: [DrawCommand] = []) {
        self.background = background; self.commands = commands
    }

    /// The same frame drawn straight into pixels stored B, G, R, A (a window surface's order).
    public func swappingRedAndBlue() -> DisplayList {
        DisplayList(background: background.swappingRedAndBlue, commands: commands.map { $0.swappingRedAndBlue() })
    }
}

/// One thing to draw: a shape painted with a shader.
public struct DrawCommand: Sendable {
    public var shape: any Shape
    public var shader: any Shader
    public init(shape: any Shape, shader: any Shader) { self.shape = shape; self.shader = shader }
}

/// A whole frame as data: an opaque background and the commands drawn over it in order.
public struct DisplayList: Sendable {
    public var background: PackedPixel
    public var commands: [DrawCommand]
    public init(background: PackedPixel, commands: [DrawCommand] = []) {
        self.background = background; self.commands = commands
    }
}

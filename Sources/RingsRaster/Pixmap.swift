/// Shared pixel memory behind one or more `Pixmap` views; freed when the last view goes away, unless
/// it belongs to someone else (a window surface).
public final class PixelStorage: @unchecked Sendable {
    public let base: UnsafeMutablePointer<UInt32>
    public let count: Int
    private let owned: Bool

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: 0, count: max(count, 1))
        owned = true
    }

    init(borrowing base: UnsafeMutablePointer<UInt32>, count: Int) {
        self.base = base; self.count = count; owned = false
    }

    deinit { if owned { base.deallocate() } }
}

/// A rectangle of premultiplied RGBA8 pixels (R in the lowest byte) with a row stride; a window
/// surface's borrowed pixels are BGRX (B in the lowest byte), drawn by paints with red and blue
/// exchanged (`DrawCommand.swappingRedAndBlue`).
///
/// A `Pixmap` is a view: copies and sub-views share the same pixels, like a canvas in olive.c.
///
///     let frame = Pixmap(width: 200, height: 100)
///     frame.fill(.opaqueBlack)
///     let right = frame.subview(IntRect(x: 100, y: 0, width: 100, height: 100))
public struct Pixmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Pixels from one row to the next.
    public let stride: Int
    let storage: PixelStorage
    let offset: Int

    /// A new pixmap, every pixel transparent black.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative pixmap size")
        self.width = width
        self.height = height
        stride = width
        storage = PixelStorage(count: width * height)
        offset = 0
    }

    /// A view of pixels someone else owns and keeps alive while the view is used (a window surface's):
    /// `stride` pixels from one row to the next.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "bad pixmap size")
        self.init(storage: PixelStorage(borrowing: pixels, count: stride * height), offset: 0, width: width, height: height, stride: stride)
    }

    init(storage: PixelStorage, offset: Int, width: Int, height: Int, stride: Int) {
        self.storage = storage
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The first pixel of row `y`.
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        baseAddress + y * stride
    }

    /// The first pixel of the view.
    public var baseAddress: UnsafeMutablePointer<UInt32> { storage.base + offset }

    /// A view of the part of this pixmap inside `rect` (clipped to the bounds); coordinates restart at 0.
    public func subview(_ rect: IntRect) -> Pixmap {
        let r = rect.intersection(bounds)
        return Pixmap(storage: storage, offset: offset + r.y * stride + r.x,
                      width: r.width, height: r.height, stride: stride)
    }

    public subscript(x: Int, y: Int) -> PackedPixel {
        get {
            precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(width)x\(height)")
            return PackedPixel(bits: row(y)[x])
        }
        nonmutating set {
            precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(width)x\(height)")
            row(y)[x] = newValue.bits
        }
    }

    /// Sets every pixel of the view to `pixel`.
    public func fill(_ pixel: PackedPixel) {
        for y in 0..<height { row(y).update(repeating: pixel.bits, count: width) }
    }
}

import CSDL2
import RingsRaster

/// SDL's window surface as a pixmap, when its pixels are four bytes with red and blue where ours are
/// (RGBX) or exchanged (BGRX, X11's usual order): frames are drawn straight into it in its own order
/// (`redAndBlueSwapped`), or copied into it. The pixels are SDL's, valid until the window's size changes.
public struct WindowSurface: @unchecked Sendable {
    /// The surface's pixels.
    public let pixels: Pixmap
    /// Whether they are stored B, G, R, X: drawn with `DisplayList.swappingRedAndBlue`.
    public let redAndBlueSwapped: Bool

    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = surface.pointee.format.pointee.format
        // A surface that must be locked (RLE) is left to SDL's blit.
        guard surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let base = surface.pointee.pixels,
              surface.pointee.pitch % 4 == 0 else { return nil }
        if format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue {
            redAndBlueSwapped = true
        } else if format == SDL_PIXELFORMAT_ABGR8888.rawValue || format == SDL_PIXELFORMAT_BGR888.rawValue {
            redAndBlueSwapped = false
        } else {
            return nil
        }
        pixels = Pixmap(borrowing: base.assumingMemoryBound(to: UInt32.self), width: Int(surface.pointee.w),
                        height: Int(surface.pointee.h), stride: Int(surface.pointee.pitch) / 4)
    }

    /// Copies `part` of `frame` (our order; clipped to both) to the same place in the surface.
    func copy(_ frame: Pixmap, _ part: IntRect) {
        let part = part.intersection(pixels.bounds).intersection(frame.bounds)
        guard !part.isEmpty else { return }
        for y in part.minY..<part.maxY {
            let source = frame.row(y) + part.x, destination = pixels.row(y) + part.x
            if redAndBlueSwapped {
                for i in 0..<part.width { destination[i] = PackedPixel.swappingRedAndBlue(source[i]) }
            } else {
                destination.update(from: source, count: part.width)
            }
        }
    }
}

extension WindowSurface {
    /// Pixels that something other than SDL shows (a console's dumb buffer).
    init(pixels: Pixmap, redAndBlueSwapped: Bool) {
        self.pixels = pixels
        self.redAndBlueSwapped = redAndBlueSwapped
    }
}

import CSDL2
import RingsRaster

/// Copies parts of a frame into a BGRX or RGBX window surface (swapping red and blue when it is
/// BGRX): a plain loop the compiler vectorises. Parts that do not overlap may be copied from
/// different threads at once.
public struct SurfaceCopier: @unchecked Sendable {
    private let pixels: UnsafeMutableRawPointer
    private let pitch: Int
    private let bounds: IntRect
    private let swapRedAndBlue: Bool

    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = surface.pointee.format.pointee.format
        // A surface that must be locked (RLE) is left to SDL's blit.
        guard surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels else { return nil }
        if format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue {
            swapRedAndBlue = true
        } else if format == SDL_PIXELFORMAT_ABGR8888.rawValue || format == SDL_PIXELFORMAT_BGR888.rawValue {
            swapRedAndBlue = false
        } else {
            return nil
        }
        self.pixels = pixels
        pitch = Int(surface.pointee.pitch)
        bounds = IntRect(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
    }

    /// Copies `part` of `frame` (clipped to both) to the same place in the surface.
    public func copy(_ frame: Pixmap, _ part: IntRect) {
        let part = part.intersection(bounds).intersection(frame.bounds)
        guard !part.isEmpty else { return }
        for y in part.minY..<part.maxY {
            let source = frame.row(y) + part.x
            let destination = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self) + part.x
            if swapRedAndBlue {
                for i in 0..<part.width {
                    let p = source[i]
                    destination[i] = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
                }
            } else {
                destination.update(from: source, count: part.width)
            }
        }
    }
}

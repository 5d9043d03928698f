import CSDL2
import Foundation
import RingsRaster

/// PNG files through SDL_image, with our premultiplied pixels converted to PNG's straight alpha.
public enum PNGFile {
    /// Writes `pixmap` to `path` atomically: to a temporary file beside it, then renamed, so a failed
    /// write leaves no partial file behind.
    public static func write(_ pixmap: Pixmap, to path: String) throws(SDLError) {
        guard pixmap.width > 0, pixmap.height > 0 else { throw SDLError("cannot write an empty image") }
        var straight = [UInt32](repeating: 0, count: pixmap.width * pixmap.height)
        for y in 0..<pixmap.height {
            let row = pixmap.row(y)
            for x in 0..<pixmap.width { straight[y * pixmap.width + x] = unpremultiply(row[x]) }
        }
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let saved: Int32 = straight.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(pixmap.width), Int32(pixmap.height), 32, Int32(pixmap.width * 4),
                SDL_PIXELFORMAT_RGBA32.rawValue) else { return -2 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, temporary)
        }
        guard saved == 0 else {
            let error = saved == -2 ? SDLError.last("cannot create an image surface") : SDLError.last("cannot write \(path)")
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SDLError("cannot write \(path): \(reason)")
        }
    }

    /// Reads a PNG (or any format SDL_image knows) into a premultiplied pixmap.
    public static func read(_ path: String) throws(SDLError) -> Pixmap {
        guard let loaded = IMG_Load(path) else { throw SDLError.last("cannot read \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw SDLError.last("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(rgba) }
        let width = Int(rgba.pointee.w), height = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        let image = Pixmap(width: width, height: height)
        SDL_LockSurface(rgba)
        defer { SDL_UnlockSurface(rgba) }
        guard let pixels = rgba.pointee.pixels else { throw SDLError("cannot read \(path): no pixels") }
        for y in 0..<height {
            let source = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            let row = image.row(y)
            for x in 0..<width { row[x] = premultiply(source[x]) }
        }
        return image
    }

    static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 || a == 0 { return a == 0 ? 0 : p }
        var out = a << 24
        for shift in [0, 8, 16] as [UInt32] {
            let c = (p >> shift) & 0xFF
            out |= min(255, (c * 255 + a / 2) / a) << shift
        }
        return out
    }

    static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        var out = a << 24
        for shift in [0, 8, 16] as [UInt32] {
            let c = (p >> shift) & 0xFF
            out |= ((c * a + 127) / 255) << shift
        }
        return out
    }
}

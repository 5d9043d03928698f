import CPNG
import FoundationEssentials
import Glibc
import RingsRaster
import RingsBase

/// A PNG file that could not be read or written, said in one line.
public struct PNGError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// PNG files through libpng, with our premultiplied pixels converted to PNG's straight alpha.
public enum PNGFile {
    /// Writes `pixmap` to `path` safely (see `OutputFile`): the destination is replaced only by a
    /// whole, flushed file.
    public static func write(_ pixmap: Pixmap, to path: String) throws(PNGError) {
        guard pixmap.width > 0, pixmap.height > 0 else { throw PNGError("cannot write an empty image") }
        var straight = [UInt32](repeating: 0, count: pixmap.width * pixmap.height)
        for y in 0..<pixmap.height {
            let row = pixmap.row(y)
            for x in 0..<pixmap.width { straight[y * pixmap.width + x] = PackedPixel(bits: row[x]).straight.bits }
        }
        do {
            try OutputFile.write(path) { file in
                var image = png_image()
                let written = straight.withUnsafeBytes { rings_png_write(&image, file, png_uint_32(pixmap.width), png_uint_32(pixmap.height), $0.baseAddress) }
                guard written == 0 else { return nil }
                // libpng says "Write Error" when the stream failed; errno says why.
                return ferror(file) != 0 ? String(cString: strerror(errno)) : message(image)
            }
        } catch { throw PNGError(error.message) }
    }

    /// Reads a PNG into a premultiplied pixmap.
    public static func read(_ path: String) throws(PNGError) -> Pixmap {
        var image = png_image()
        guard rings_png_begin_read(&image, path) != 0 else { throw PNGError("cannot read \(path): \(message(image))") }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 65_536, height <= 65_536 else {
            png_image_free(&image)
            throw PNGError("cannot read \(path): \(width)x\(height) is not a size this reads")
        }
        var straight = [UInt32](repeating: 0, count: width * height)
        let finished = straight.withUnsafeMutableBytes { rings_png_finish_read(&image, $0.baseAddress) }
        guard finished != 0 else { throw PNGError("cannot read \(path): \(message(image))") }
        let pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            let row = pixmap.row(y)
            for x in 0..<width { row[x] = premultiply(straight[y * width + x]) }
        }
        return pixmap
    }

    /// libpng's own words for what went wrong.
    private static func message(_ image: png_image) -> String {
        var text = image.message
        let message = withUnsafeBytes(of: &text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return message.isEmpty ? "not a PNG file" : message
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

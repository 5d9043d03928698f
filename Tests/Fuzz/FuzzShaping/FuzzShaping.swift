import FuzzSupport
import Rings
import RingsSDL

/// The screen's fonts, through fontconfig and Pango, as the live window sets its words.
nonisolated(unsafe) let glyphs: FontGlyphs = {
    do { return try FontGlyphs() } catch {
        require(false, "no font: \(error)")
        fatalError()
    }
}()

/// A ring's name in any script, any bytes (a config file, a feed line, a broker message name it) as
/// Pango shapes it and the glyph cache keeps it, at a size from the first byte and into a width
/// from the second: a width of 0 or more, a mask as large as its pixels, and a cut that is the
/// name whole where it fits, else with "…" and no wider than the room (or the "…" alone).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShaping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    guard input.count >= 2 else { return 0 }
    let height = 6 + Int(input[0]) % 90, room = Int(input[1]) * 3
    let name = String(decoding: input.dropFirst(2).prefix(400), as: UTF8.self)
    let width = glyphs.width(of: name, pixelHeight: height)
    require(width >= 0, "width \(width)")
    if let mask = glyphs.mask(for: name, pixelHeight: height) {
        require(mask.width > 0 && mask.height > 0 && mask.alpha.count == mask.width * mask.height,
                "a mask of \(mask.width)x\(mask.height) with \(mask.alpha.count) pixels")
    }
    let cut = glyphs.fitted(name, width: room, pixelHeight: height)
    if width <= room {
        require(cut == name, "'\(name)' fits \(room) but was cut")
    } else {
        let ellipsis = glyphs.width(of: "…", pixelHeight: height)
        let cutWidth = glyphs.width(of: cut, pixelHeight: height)
        require(cut.contains("…"), "'\(name)' is wider than \(room) but whole")
        require(cutWidth <= max(room, ellipsis) + 1, "'\(cut)' is \(cutWidth) wide in \(room)")
    }
    return 0
}

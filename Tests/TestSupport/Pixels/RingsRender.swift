import Foundation
import RingsRaster
import RingsPNG

/// What `rings render` draws in a theme (flat unless told) for this size and these values (no chrome unless asked).
public func ringsRender(_ size: String, _ progress: String, chrome: String = "none", theme: String = "flat") throws -> Pixmap {
    let out = NSTemporaryDirectory() + "rings-expected-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
    defer { unlink(out) }
    let result = try runProgram(ringsBinary, ["render", "--theme", theme, "--size", size, "--progress", progress,
                                              "--chrome", chrome, "--out", out])
    guard result.status == 0 else { throw TestFailure("rings render \(size) \(progress): \(result.stderr)") }
    return try PNGFile.read(out)
}

extension Pixmap {
    /// The picture turned 90 degrees clockwise, pixel by pixel (written here, apart from the product's
    /// own `Rotation`): a portrait frame as a screen turned on its side shows it.
    public func turnedClockwise() -> Pixmap {
        let turned = Pixmap(width: height, height: width)
        for y in 0..<height { for x in 0..<width { turned[height - 1 - y, x] = self[x, y] } }
        return turned
    }
}

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

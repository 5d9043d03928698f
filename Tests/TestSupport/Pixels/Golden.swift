import Foundation
import RingsRaster
import RingsPNG

/// Golden-image checks: compare with a stored PNG within a tolerance; on failure write the actual
/// image and an amplified diff next to each other and say how to re-record.
public enum Golden {
    /// nil when `image` matches `directory/name.png` (every channel within `tolerance` levels), else why.
    /// With RECORD_GOLDENS=1 in the environment the golden is (re)written instead.
    public static func mismatch(_ image: Pixmap, name: String, directory: String, tolerance: Int = 2) -> String? {
        let path = "\(directory)/\(name).png"
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            do { try PNGFile.write(image, to: path); return nil } catch { return "cannot record \(path): \(error)" }
        }
        let golden: Pixmap
        do { golden = try PNGFile.read(path) } catch {
            return "no golden at \(path) (\(error)); record it with RECORD_GOLDENS=1 swift test --filter \(name)"
        }
        guard golden.width == image.width, golden.height == image.height else {
            return "\(name): size \(image.width)x\(image.height) differs from the golden's \(golden.width)x\(golden.height)"
        }
        var worst = 0, over = 0
        let diff = Pixmap(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image[x, y], b = golden[x, y]
                let d = [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a)].map(abs).max()!
                worst = max(worst, d)
                if d > tolerance { over += 1 }
                let shade = UInt8(min(255, d * 16))
                diff[x, y] = PackedPixel(r: shade, g: shade, b: shade, a: 255)
            }
        }
        guard over > 0 else { return nil }
        let out = NSTemporaryDirectory() + "rings-goldens"
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try? PNGFile.write(image, to: "\(out)/\(name).actual.png")
        try? PNGFile.write(diff, to: "\(out)/\(name).diff.png")
        return "\(name): \(over) pixels differ by more than \(tolerance) (worst \(worst)); see \(out)/\(name).actual.png and "
            + ".diff.png; if the change is intended: RECORD_GOLDENS=1 swift test --filter \(name)"
    }
}

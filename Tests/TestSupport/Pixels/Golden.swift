import Foundation
import RingsRaster
import RingsPNG

/// Golden-image checks: compare with a stored PNG within a tolerance; on failure write the actual
/// image and an amplified diff next to each other and say how to re-record.
///
/// Recording is honest: with RECORD_GOLDENS=1 a picture is written only when it passes a check that
/// does not look at the golden (its `witness`: the supersampled reference, or for text the shaping
/// checks), and the answer is still a failure, so that no run which records can pass.
public enum Golden {
    /// Whether this run records goldens (RECORD_GOLDENS=1 in the environment).
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// nil when `image` matches `directory/name.png` (every channel within `tolerance` levels), else why.
    ///
    /// `filter` is a `swift test --filter` pattern that selects the test, matched against its
    /// identifier (`RingsTests.SceneTests/goldenImage(theme:)`): its suite's type name and function
    /// name, "SceneTests/goldenImage", with no parentheses (they are the pattern's own). `witness`,
    /// asked only when recording, is nil when the picture passes its independent check, else why not.
    public static func mismatch(_ image: Pixmap, name: String, directory: String, tolerance: Int = 2,
                                filter: String, witness: () -> String?) -> String? {
        let path = "\(directory)/\(name).png"
        let rerecord = "RECORD_GOLDENS=1 swift test --filter '\(filter)'"
        if recording {
            if let problem = witness() { return "\(name): not recorded, the picture fails its own check: \(problem)" }
            do { try PNGFile.write(image, to: path) } catch { return "cannot record \(path): \(error)" }
            return "recorded \(path); run again without RECORD_GOLDENS=1 (swift test --filter '\(filter)')"
        }
        let golden: Pixmap
        do { golden = try PNGFile.read(path) } catch {
            return "no golden at \(path) (\(error)); record it with \(rerecord)"
        }
        guard golden.width == image.width, golden.height == image.height else {
            return "\(name): size \(image.width)x\(image.height) differs from the golden's \(golden.width)x\(golden.height); "
                + "if the change is intended: \(rerecord)"
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
            + ".diff.png; if the change is intended: \(rerecord)"
    }

    /// How far a picture may be from the supersampled reference and still be recorded (levels per
    /// channel, as `ImageComparison` measures them).
    public struct ReferenceLimits: Sendable {
        public var meanEdge: Double, p99Edge: Double, meanAll: Double, maxInFocus: Int

        public init(meanEdge: Double, p99Edge: Double, meanAll: Double, maxInFocus: Int) {
            self.meanEdge = meanEdge; self.p99Edge = p99Edge; self.meanAll = meanAll; self.maxInFocus = maxInFocus
        }

        /// A ring scene's: SceneTests' `matchesTheSupersampledReference` limits.
        public static let scene = ReferenceLimits(meanEdge: 1.0, p99Edge: 12, meanAll: 0.15, maxInFocus: 8)
        /// A demo board's: as a scene's, but the edge mean of rounded rectangles (the sliders), whose
        /// axis-aligned edges the reference's 16 x 16 grid quantises (FastPathTests' table: 4.5).
        public static let board = ReferenceLimits(meanEdge: 4.5, p99Edge: 12, meanAll: 0.15, maxInFocus: 8)
    }

    /// A witness for `mismatch`: nil when `image` is `list` as the supersampled reference draws it,
    /// within `limits` (`seam`: the boxes held to `maxInFocus`), and no shape of `list` covers a pixel
    /// outside its declared bounds; else the figures that fail. Slow (a reference render): run it only
    /// when recording.
    public static func reference(_ image: Pixmap, of list: DisplayList, seam: [IntRect] = [], limits: ReferenceLimits = .scene) -> String? {
        let result = compareWithReference(image, of: list, seam: seam)
        var failures: [String] = []
        if result.meanEdge > limits.meanEdge { failures.append("edge mean \(result.meanEdge) > \(limits.meanEdge)") }
        if result.p99Edge > limits.p99Edge { failures.append("edge p99 \(result.p99Edge) > \(limits.p99Edge)") }
        if result.meanAll > limits.meanAll { failures.append("mean \(result.meanAll) > \(limits.meanAll)") }
        if result.maxInFocus > limits.maxInFocus { failures.append("seam max \(result.maxInFocus) > \(limits.maxInFocus)") }
        if !result.outsideBounds.isEmpty { failures.append("\(result.outsideBounds.count) pixels covered outside a shape's bounds") }
        return failures.isEmpty ? nil : "against the supersampled reference: " + failures.joined(separator: ", ") + " (\(result))"
    }
}

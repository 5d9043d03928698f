import Foundation
import RingsRaster
import RingsAnimation
import RingsPNG
import Testing
import TestSupport

/// `rings render --time` and `rings record`, run as a user would.
@Suite struct AnimationCommandTests {
    let scratch = ScratchDirectory("rings-anim")
    var directory: String { scratch.path }

    func render(_ arguments: [String], to name: String) throws -> Pixmap {
        let out = "\(directory)/\(name).png"
        let result = try runProgram(ringsBinary, ["render", "--theme", "flat", "--size", "240x180", "--out", out] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try PNGFile.read(out)
    }

    func samePixels(_ a: Pixmap, _ b: Pixmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return (0..<a.height).allSatisfy { y in (0..<a.width).allSatisfy { a[$0, y] == b[$0, y] } }
    }

    @Test(arguments: [("easeInEaseOut", 0.25), ("cubic-bezier(0.3,0.1,0.2,1)", 0.8), ("linear", 1.5)])
    func aMomentEqualsTheStillFrameOfItsValues(curve: String, time: Double) throws {
        let from = [0.0, 0.2, 1.0], to = [0.72, 1.35, 0.48]
        let moment = try render(["--from", "0,0.2,1", "--progress", "0.72,1.35,0.48", "--duration", "1", "--curve", curve,
                                 "--time", "\(time)"], to: "moment-\(time)")
        let eased = try TimingCurve.named(curve).value(at: min(1, time))
        let values = zip(from, to).map { $0 + ($1 - $0) * eased }
        let still = try render(["--progress", values.map { "\($0)" }.joined(separator: ",")], to: "still-\(time)")
        #expect(samePixels(moment, still))
    }

    @Test func twoPhaseKeyframesReachNinetyPercentAfterOneSecond() throws {
        let moment = try render(["--from", "0", "--progress", "0.8", "--keyframes", "two-phase", "--time", "1"], to: "two-phase")
        let still = try render(["--progress", "\(0.8 * 0.9)"], to: "two-phase-still")
        #expect(samePixels(moment, still))
    }

    @Test func recordWritesEveryFrame() throws {
        let out = directory + "/frames"
        let result = try runProgram(ringsBinary, ["record", "--theme", "flat", "--size", "64x64", "--from", "0", "--progress", "1",
                                                  "--duration", "0.5", "--fps", "20", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.count == 11 && files.first == "frame-0000.png" && files.last == "frame-0010.png")
        let last = try PNGFile.read(out + "/frame-0010.png")
        let full = try render(["--size", "64x64", "--progress", "1"], to: "full")
        #expect(samePixels(last, full))
    }

    @Test(arguments: [
        (["render", "--time", "0.5"], "needs --from"), (["render", "--from", "0,0", "--progress", "1,1,1"], "--from has 2 values"),
        (["render", "--from", "0", "--progress", "1", "--curve", "bouncy"], "unknown curve"),
        (["render", "--from", "0", "--progress", "1", "--curve", "cubic-bezier(2,0,0.5,1)"], "within 0...1"),
        (["render", "--from", "0", "--progress", "1", "--keyframes", "three-phase"], "unknown keyframes"),
        (["render", "--from", "0", "--progress", "1", "--duration", "-1"], "--duration"),
        (["record", "--progress", "1"], "needs --from"), (["record", "--from", "0", "--progress", "1", "--fps", "0"], "--fps"),
        // What only shapes an animation is refused without one, never ignored.
        (["render", "--curve", "nonsense"], "--curve needs --from"), (["render", "--duration", "2"], "--duration needs --from"),
        (["render", "--keyframes", "two-phase"], "--keyframes needs --from"),
    ])
    func badAnimationOptionsGiveOneLine(arguments: [String], message: String) throws {
        let out = "\(directory)/bad-\(abs(arguments.joined().hashValue))"
        let result = try runProgram(ringsBinary, arguments + ["--out", out])
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

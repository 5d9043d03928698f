import ArgumentParser
import Foundation
import Rings
import RingsAnimation

/// `rings bench`: the cost of a full frame (clear and every ring), on one thread.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time full frames (clear + every ring) on one thread; the last line is median_ms=N.")

    @OptionGroup var scene: SceneOptions

    @Option(help: "Frames to time, after 5 warm-up frames.")
    var frames = 200

    func run() throws {
        guard (1...100_000).contains(frames) else { throw UserError("--frames must be 1 to 100000, not \(frames)") }
        let still = try scene.scene(defaultSize: (1920, 1080))
        let clock = MonotonicClock()
        var renderer = SceneRenderer()
        let frame = renderer.render(still)
        for _ in 0..<5 { renderer.render(still, into: frame) }
        var times: [Double] = []
        times.reserveCapacity(frames)
        for _ in 0..<frames {
            let start = clock.now()
            renderer.render(still, into: frame)
            times.append((clock.now() - start) * 1000)
        }
        times.sort()
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        let megapixels = Double(still.width * still.height) / 1e6
        #if DEBUG
        print("warning: this is a debug build; figures are only meaningful from a release build (make bench)")
        #endif
        print("theme \(still.theme.name), \(still.width)x\(still.height), \(still.progress.count) rings, \(frames) frames, 1 thread")
        print(String(format: "median %.3f ms  min %.3f ms  max %.3f ms  %.1f Mpx/s",
                     median, times.first!, times.last!, megapixels / (median / 1000)))
        print(String(format: "median_ms=%.3f", median))
    }
}

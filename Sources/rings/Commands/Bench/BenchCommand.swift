import RingsBase
import ArgumentParser
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsSDL

/// `rings bench`: the cost of a full frame (clear and every ring), on one thread.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time full frames (clear + every ring) on one thread, or with --animated live animation frames; the last line is median_ms=N. --soak measures memory over a long run instead.")

    @OptionGroup var scene: SceneOptions

    @Option(help: "Frames to time, after 5 warm-up frames.")
    var frames = 200

    @Flag(help: "Time animation frames in a real window instead: every ring animating from 0, redrawing and uploading what changed (needs a display).")
    var animated = false

    @Option(help: "With --animated: animate only this ring (1 is the outermost); default every ring.")
    var ring: Int?

    @Option(help: ArgumentHelp("With --animated: how frames reach the screen (as `rings window --present`). Default: auto.", valueName: "auto|vsync|surface"))
    var present: PresentMode = .auto

    @Option(help: "With --animated: milliseconds to sleep before each frame, 0 to 1000, as the live window waits between frames (about 15 at 60 Hz): frames then start with what they use no longer in the caches, as the window's do. Default: 0 (back to back).")
    var pause = 0.0

    @Option(help: "With --animated: threads that share each redraw, 1 to 8. Default: as the live window (one, or 2 where the machine has them for a redraw one thread would take over 4 ms to draw).")
    var threads: Int?

    @Flag(help: "Run the live window's parts, frame statistics included, for --frames frames (try 300000; at most 1000000) with a feed update every fifth; print resident memory growth, last line rss_growth_kb=N (needs a display, or SDL_VIDEODRIVER=dummy).")
    var soak = false

    @Flag(help: "Time the chrome of a legend of eight names in five scripts instead: laid out and set in masks by Pango, first with names never drawn before, then cached.")
    var legend = false

    @Option(help: "With --soak: read the --config file again this many times over the run, as a reload does (at most one a frame).")
    var reloads = 0

    func run() throws {
        let most = soak ? 1_000_000 : 100_000
        guard (1...most).contains(frames) else { throw UserError("--frames must be 1 to \(most)\(soak ? " with --soak" : ""), not \(frames)") }
        let still = try scene.scene(defaultSize: (1920, 1080))
        guard (0...frames).contains(reloads), reloads == 0 || soak else { throw UserError("--reloads goes with --soak, 0 to --frames (\(frames)), not \(reloads)") }
        if soak {
            var reloader: (@Sendable () -> LiveScreen.Options?)?
            if reloads > 0 {
                guard let path = scene.configPath(lookup: false) else { throw UserError("--reloads needs --config: the file to read again") }
                reloader = try WindowCommand.parse(["--config", path]).reloader(path)
            }
            let result: Soak.Result
            do { result = try Soak.run(scene: still, frames: frames, reloads: reloads, reloader: reloader) } catch { throw UserError(error) }
            print("theme \(still.theme.name), \(still.width)x\(still.height), \(still.values.count) rings: \(result.frames) frames, \(result.drawn) drawn, \(result.updates) feed updates, \(result.reloads) reloads")
            print("frame statistics: \(result.stats)")
            print("resident memory \(result.residentAfterWarmUp / 1024) KB after the first tenth, \(result.residentAtEnd / 1024) KB at the end")
            print("rss_growth_kb=\(result.growth / 1024)")
            return
        }
        if animated {
            let times: [Double], presenter: String
            if let ring, !(1...still.values.count).contains(ring) { throw UserError("--ring must be 1 to \(still.values.count), not \(ring)") }
            if let threads, !(1...8).contains(threads) { throw UserError("--threads must be 1 to 8, not \(threads)") }
            guard (0...1000).contains(pause) else { throw UserError("--pause must be 0 to 1000 milliseconds, not \(pause)") }
            do {
                (times, presenter) = try AnimatedBench.run(scene: still, frames: frames, ring: ring.map { $0 - 1 }, present: present, threads: threads,
                                                           pause: pause / 1000)
            } catch {
                throw UserError(error)
            }
            let paused = pause == pause.rounded() ? "\(Int(pause))" : "\(pause)"
            let what = (ring.map { "ring \($0) moving" } ?? "every ring moving") + (pause > 0 ? ", \(paused) ms before each frame" : "")
            report(times, title: "animation frames, \(what) (redraw of what changed + upload), presenter \(presenter)", pixels: still.width * still.height, still: still,
                   threads: threads.map { "\($0) thread\($0 == 1 ? "" : "s")" } ?? "threads as the live window")
            return
        }
        if legend {
            let times: (first: [Double], cached: [Double])
            do { times = try LegendBench.run(size: (still.width, still.height), frames: frames) } catch { throw UserError(error) }
            var named = still
            named.values = LegendBench.names.map { _ in 0.5 }
            report(times.first, title: "chromes with a legend of 8 names set for the first time (layout, shaping, masks)", pixels: still.width * still.height, still: named)
            report(times.cached, title: "chromes with the same 8 names again (cached)", pixels: still.width * still.height, still: named)
            return
        }
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
        report(times, title: "full frames (clear + every ring)", pixels: still.width * still.height, still: still)
    }

    private func report(_ unsorted: [Double], title: String, pixels: Int, still: RingScene, threads: String = "1 thread") {
        let times = unsorted.sorted()
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        #if DEBUG
        print("warning: this is a debug build; figures are only meaningful from a release build (make bench)")
        #endif
        print("theme \(still.theme.name), \(still.width)x\(still.height), \(still.values.count) rings, \(times.count) \(title), \(threads)")
        print(String(cFormat: "median %.3f ms  min %.3f ms  max %.3f ms  %.1f Mpx/s",
                     median, times.first!, times.last!, Double(pixels) / 1e6 / (median / 1000)))
        print(String(cFormat: "median_ms=%.3f", median))
    }
}

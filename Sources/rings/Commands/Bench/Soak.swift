import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL

/// Days of a kiosk in a minute: `frames` frames of the live window's own parts (feed lines parsed and
/// applied to the model, the animator, the scene with its label and legend, the updater redrawing
/// what changed into the window, the frame statistics the window keeps), a new value every fifth
/// frame and a bad line every 500th, and `reloads` readings of the config spread over the run (as a
/// reload reads it, through `reloader`), on a clock that moves a 60th of a second a frame. Measures
/// resident memory after the first tenth (caches filled) and at the end.
enum Soak {
    /// What a soak did and what it cost in memory.
    struct Result: Sendable {
        public var frames = 0, updates = 0, drawn = 0, reloads = 0
        /// Resident bytes after the warm-up tenth and at the end.
        public var residentAfterWarmUp = 0, residentAtEnd = 0
        public var growth: Int { residentAtEnd - residentAfterWarmUp }
        /// The frame statistics as `--stats` says them.
        public var stats = ""
    }

    static func run(scene still: RingScene, frames: Int, reloads: Int = 0,
                           reloader: (@Sendable () -> LiveScreen.Options?)? = nil) throws(SDLError) -> Result {
        let window = try RingsWindow(title: "rings soak", width: still.width, height: still.height)
        let updater = FrameUpdater(window: window)
        let glyphs = try FontGlyphs(name: nil, for: still.theme)
        let names = still.values.indices.map { still.theme.style(ofRing: $0).name }
        // The live window's own screen, its frames at simulated times.
        let screen = LiveScreen(options: .init(theme: still.theme, values: still.values, spec: .tween(duration: 0.25, curve: .easeInEaseOut)),
                                glyphs: glyphs)
        let stats = FrameStats()
        var random = SystemRandomNumberGenerator()
        var result = Result()
        let warmUp = max(1, frames / 10)
        while result.frames < frames {
            let now = Double(result.frames) / 60
            let ring = Int.random(in: 0..<names.count, using: &random)
            var line: String?
            if result.frames % 5 == 0 { line = "\(names[ring])=\(Double.random(in: 0...2.5, using: &random))" }
            if result.frames % 500 == 1 { line = "\(names[ring])=nan" }   // refused; changes nothing
            if let line, case let .success(changes) = FeedLine.parse(Array(line.utf8), names: names) {
                stats.lineArrived(at: now)
                for change in changes { screen.model.apply(.set(ring: change.ring, value: change.value), at: now) }
                result.updates += 1
            }
            if let reloader, reloads > 0, result.frames % (frames / reloads) == 0, result.reloads < reloads {
                if let fresh = reloader() { screen.reload(fresh, at: now) }
                result.reloads += 1
            }
            let animating = screen.wantsFrames
            if try updater.update(screen.frame(width: window.pixelSize.width, height: window.pixelSize.height, at: now)) {
                result.drawn += 1
                stats.presented(at: now, continuing: animating)
            }
            result.frames += 1
            if result.frames == warmUp { result.residentAfterWarmUp = residentBytes() }
        }
        result.residentAtEnd = residentBytes()
        result.stats = stats.summary(cpuSeconds: ProcessUsage.cpuSeconds)
        return result
    }

    /// Resident memory of this process in bytes (/proc/self/statm).
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * sysconf(Int32(_SC_PAGESIZE))
    }
}

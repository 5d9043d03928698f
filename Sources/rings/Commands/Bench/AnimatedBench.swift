import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL

/// The cost of animation frames in the live window: the rings animating from 0 to their values over
/// `frames` frames at 60 Hz (times simulated, so the figures measure work, not waiting), each frame
/// redrawing and uploading what changed, label and legend included. Needs a display.
enum AnimatedBench {
    /// Milliseconds per frame, the first (whole) frame left out, and the presenter that showed them;
    /// `ring` animates only that ring (0 is the outermost), nil every ring. The wait for the display's vblank
    /// (vsync presenter) is left out; `threads` share each redraw (nil: as in the live window); `pause`
    /// seconds are slept before each frame (as the window waits for its next one).
    static func run(scene still: RingScene, frames: Int, ring: Int? = nil, present: PresentMode = .auto,
                           threads: Int? = nil, pause: Double = 0) throws(SDLError) -> (times: [Double], presenter: String) {
        let window = try RingsWindow(title: "rings bench", width: still.width, height: still.height, present: present)
        let glyphs = try FontGlyphs(name: nil, for: still.theme)
        let updater = FrameUpdater(window: window, threads: threads)
        let moving = ring.map { [$0] } ?? Array(still.values.indices)
        let start = still.values.enumerated().map { moving.contains($0.offset) ? 0 : $0.element }
        // The live window's own screen, its frames at simulated times.
        let screen = LiveScreen(options: .init(theme: still.theme, values: start, spec: .tween(duration: Double(frames) / 60, curve: .easeInEaseOut)),
                                glyphs: glyphs)
        let clock = MonotonicClock()
        func frame(at time: Double) -> ScreenFrame { screen.frame(width: window.pixelSize.width, height: window.pixelSize.height, at: time) }
        _ = try updater.update(frame(at: 0))
        for i in moving { screen.model.apply(.set(ring: i, value: still.values[i]), at: 0) }
        var times: [Double] = []
        for n in 1...frames {
            if pause > 0 { Threads.sleep(seconds: pause) }
            let begin = clock.now()
            _ = try updater.update(frame(at: Double(n) / 60))
            // The work, not the wait: with vsync the present blocks until the display's vblank.
            times.append((clock.now() - begin - window.lastPresentWait) * 1000)
        }
        return (times, window.presenterName)
    }
}

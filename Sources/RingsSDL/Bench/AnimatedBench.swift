import Rings
import RingsAnimation
import RingsRaster

/// The cost of animation frames in the live window: the rings animating from 0 to their values over
/// `frames` frames at 60 Hz (times simulated, so the figures measure work, not waiting), each frame
/// redrawing and uploading what changed, label and legend included. Needs a display.
public enum AnimatedBench {
    /// Milliseconds per frame, the first (whole) frame left out, and the presenter that showed them;
    /// `ring` animates only that ring (0 is the outermost), nil every ring. The wait for the display's vblank
    /// (vsync presenter) is left out.
    public static func run(scene still: RingScene, frames: Int, ring: Int? = nil, present: PresentMode = .auto) throws(SDLError) -> (times: [Double], presenter: String) {
        let window = try RingsWindow(title: "rings bench", width: still.width, height: still.height, present: present)
        let glyphs = try FontGlyphs(name: nil, for: still.theme)
        let painter = FramePainter(window: window)
        let moving = ring.map { [$0] } ?? Array(still.progress.indices)
        let start = still.progress.enumerated().map { moving.contains($0.offset) ? 0 : $0.element }
        let model = RingsModel(values: start, spec: .tween(duration: Double(frames) / 60, curve: .easeInEaseOut))
        let clock = MonotonicClock()
        func scene() -> RingScene {
            let (width, height) = window.pixelSize
            var s = RingScene(theme: still.theme, width: width, height: height, progress: model.presented)
            s.chrome = Chrome.standard(theme: still.theme, values: model.presented, selection: nil, glyphs: glyphs)
            return s
        }
        try painter.paint(scene(), whole: true)
        for i in moving { model.apply(.set(ring: i, value: still.progress[i]), at: 0) }
        var times: [Double] = []
        for n in 1...frames {
            model.update(at: Double(n) / 60)
            let begin = clock.now()
            try painter.paint(scene())
            // The work, not the wait: with vsync the present blocks until the display's vblank.
            times.append((clock.now() - begin - window.lastPresentWait) * 1000)
        }
        return (times, window.presenterName)
    }
}

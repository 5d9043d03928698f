import RingsAnimation
import RingsRaster

/// What a window shows and does, without SDL: the live rings (`LiveScreen`) or a demo board
/// (`BoardScreen`). The SDL shell runs one: it passes input in, ticks it from the display link, and
/// presents the frames it describes.
public protocol Screen: AnyObject {
    /// The window's title.
    var title: String { get }
    /// Whether the display link should tick: something animates, or a change is not drawn yet.
    var wantsFrames: Bool { get }
    /// Starts what runs by itself (feeds, sources, scripts, burn-in shifts) on `loop`, the window's
    /// loop; `wake` wakes that loop from another thread.
    func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void)
    /// Takes in, at `now`, what other threads handed over since `wake` was called.
    func wake(at now: Double)
    /// Stops what `start` started.
    func stop()
    /// Applies input at `now` on a canvas of `width` x `height` pixels.
    func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest?
    /// The frame for a canvas, at the moment `time` it will be shown.
    func frame(width: Int, height: Int, at time: Double) -> ScreenFrame
    /// How the screen's sources stand, in one line for a service manager ("" when there is nothing to say).
    var status: String { get }
    /// The display should be off (a night schedule's step): the shell switches its power where it can.
    var displayOff: Bool { get }
    /// The output's pixels to a logical pixel (2 at a desktop's scale 2): the chrome's smallest text
    /// and boxes are logical sizes. The shell sets it before each input and frame.
    var density: Double { get set }
}

extension Screen {
    public var status: String { "" }
    public var displayOff: Bool { false }
}

/// A frame as a screen describes it.
public enum ScreenFrame {
    /// Rings with their chrome: the painter redraws only what changed since the last one, or all of
    /// it when `whole`.
    case rings(RingScene, whole: Bool)
    /// Anything else, drawn whole.
    case whole(DisplayList)
}

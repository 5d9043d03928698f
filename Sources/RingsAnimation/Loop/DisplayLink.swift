/// One frame of a display link, as CADisplayLink reports it.
public struct FrameTick: Equatable, Sendable {
    /// When the frame that is now on screen was shown.
    public var timestamp: Double
    /// When the frame being drawn now will be shown: draw for this instant.
    public var targetTimestamp: Double
    /// The display's refresh interval.
    public var duration: Double
}

/// A source of frames in step with the display, modelled on CADisplayLink, run by a `FrameLoop`:
/// `TimerDisplayLink` keeps the display's nominal rate by the clock (for a presenter without vsync);
/// `PresentDisplayLink` is driven by the display itself, each present returning at a vblank.
public protocol DisplayLink: AnyObject {
    /// Frames per second wanted; 0 means every refresh. 30 on a 60 Hz display ticks every other frame.
    var preferredFramesPerSecond: Int { get set }
    /// A paused link does not tick.
    var isPaused: Bool { get set }
    /// Asked before each tick: false when nothing animates, and the link sleeps (no CPU).
    var isActive: () -> Bool { get set }
    /// Frames missed because the loop came too late to draw them.
    var droppedFrames: Int { get }
    /// The display's refresh interval as the link knows it now.
    var refreshInterval: Double { get }
    /// When it next wants to tick, or nil while paused or idle.
    var nextDeadline: Double? { get }
    /// Called by the loop at `now`: ticks if a frame is due.
    func fire(now: Double)
}

extension DisplayLink {
    /// Display frames per tick for the preferred rate.
    public var frameStep: Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(1, Int((1 / refreshInterval / Double(preferredFramesPerSecond)).rounded()))
    }
}

/// A display link kept by a timer: frame n of the display is at `origin + n * refreshInterval`,
/// computed from n (never by adding intervals up), so a million frames later it has not drifted.
/// It ticks only while `isActive` says something animates, and wakes on the frame that has begun
/// when something does again.
public final class TimerDisplayLink: DisplayLink {
    public let refreshInterval: Double
    public var preferredFramesPerSecond: Int = 0
    public var isPaused = false
    public private(set) var droppedFrames = 0
    /// Frames ticked so far.
    public private(set) var tickCount = 0
    /// Asked before each tick: false when nothing animates, and the link sleeps.
    public var isActive: () -> Bool = { true }
    let callback: (FrameTick) -> Void
    private let origin: Double
    /// The display frame index of the next tick.
    private var nextFrame: Int
    /// Set while nothing animated: the frames slept through are not dropped ones.
    private var idle = false

    /// A link for a display refreshing every `refreshInterval` seconds from `origin`.
    public init(refreshInterval: Double = 1.0 / 60, origin: Double, callback: @escaping (FrameTick) -> Void) {
        precondition(refreshInterval > 0, "a display refreshes at a positive interval")
        self.refreshInterval = refreshInterval
        self.origin = origin
        self.callback = callback
        nextFrame = 1
    }

    /// The time of display frame n.
    public func time(ofFrame n: Int) -> Double { origin + Double(n) * refreshInterval }

    /// When it next wants to tick, or nil while paused or idle. After idling the deadline is already
    /// past, so the loop runs at once and the tick lands on the frame that has begun.
    public var nextDeadline: Double? {
        guard !isPaused, isActive() else {
            idle = true
            return nil
        }
        return time(ofFrame: nextFrame)
    }

    /// Called by the loop at `now`: ticks if the next frame is due, counting the frames it is too
    /// late for as dropped.
    public func fire(now: Double) {
        guard let due = nextDeadline, now >= due else { return }
        let step = frameStep
        // The latest frame on our grid that has begun.
        let reached = Int(((now - origin) / refreshInterval).rounded(.down))
        var frame = nextFrame
        if idle {
            frame = max(frame, reached)
            idle = false
        } else if reached >= frame + step {
            let behind = (reached - frame) / step
            droppedFrames += behind
            frame += behind * step
        }
        let timestamp = time(ofFrame: frame)
        nextFrame = frame + step
        tickCount += 1
        callback(FrameTick(timestamp: timestamp, targetTimestamp: time(ofFrame: nextFrame), duration: refreshInterval))
    }
}

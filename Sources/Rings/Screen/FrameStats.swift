import RingsBase
import FoundationEssentials
import Glibc

/// What a window measured: frames presented and dropped, intervals between presented frames while
/// animating, the presenter and the refresh interval its display link measured, and the CPU time
/// the process used. Shared by the shell (presents) and the screen (feed lines arriving). Its memory
/// is fixed however long the window runs: durations go into histograms, and only the last
/// `FrameGraph.bars` intervals are kept as they were, for the frame graph.
public final class FrameStats {
    public private(set) var presented = 0
    public var dropped = 0
    /// Intervals between presented frames of one run of animation, in seconds.
    public private(set) var intervals = Histogram()
    /// The latest intervals, oldest first.
    public private(set) var recentIntervals: [Double] = []
    private var lastPresent: Double?
    /// Seconds from a feed line's arrival to the first frame that shows it.
    public private(set) var feedLatencies = Histogram()
    private var waitingSince: Double?

    /// A feed line arrived at `time` (the first of a burst counts until a frame shows it).
    public func lineArrived(at time: Double) {
        if waitingSince == nil { waitingSince = time }
    }

    /// A line on the live sources (the MQTT connection), if any.
    public var sourceSummary: (() -> String?)?

    /// What presented the frames ("surface", "vsync (...)") and the refresh interval in seconds.
    public var presenter = "", refreshInterval = 0.0
    /// SDL's video driver the window runs on (x11, wayland, kmsdrm, ...).
    public var videoDriver = ""
    /// What switches the display's power ("hdmi-cec (/dev/cec0, vc4-hdmi-0)", "dpms (x11)", "none (black)").
    public var power = ""
    /// Touches taken (fingers down that pressed), to tell a touch screen's fingers from a mouse.
    public var touches = 0

    public init() {}

    /// Records a frame shown at `time`; `continuing` tells whether the previous frame belongs to the
    /// same run of animation (an interval across an idle pause says nothing about pacing).
    public func presented(at time: Double, continuing: Bool) {
        presented += 1
        if let since = waitingSince {
            feedLatencies.add(time - since)
            waitingSince = nil
        }
        if continuing, let last = lastPresent {
            intervals.add(time - last)
            if recentIntervals.count == FrameGraph.bars { recentIntervals.removeFirst() }
            recentIntervals.append(time - last)
        }
        lastPresent = time
    }

    /// The figures in one line, with the CPU seconds the process has used (`ProcessUsage`).
    public func summary(cpuSeconds: Double) -> String {
        var text = "presenter \(presenter)" + (videoDriver.isEmpty ? ", " : " on \(videoDriver), ") + String(cFormat: "refresh %.2f ms; ", refreshInterval * 1000)
        text += String(cFormat: "frames presented %d, dropped %d; frame interval median %.2f ms, p99 %.2f ms; CPU %.2f s",
                          presented, dropped, intervals.quantile(0.5) * 1000, intervals.quantile(0.99) * 1000, cpuSeconds)
        if feedLatencies.count > 0 {
            text += String(cFormat: "; feed line to frame median %.2f ms, max %.2f ms (%d lines)",
                           feedLatencies.quantile(0.5) * 1000, feedLatencies.longest * 1000, feedLatencies.count)
        }
        if !power.isEmpty { text += "; power " + power }
        if touches > 0 { text += "; touches \(touches)" }
        if let sources = sourceSummary?() { text += "; " + sources }
        return text
    }
}

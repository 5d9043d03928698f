/// A display link driven by the display: the presenter shows each frame with vsync, so a present
/// returns at the vblank that shows it, and the next tick follows at once. `timestamp` is that
/// vblank, `targetTimestamp` the one after (a measured refresh interval later), `duration` the
/// interval, as CADisplayLink reports them. The interval is the median of recent present-to-present
/// gaps, the display mode's nominal one until there are enough. While nothing animates it does not
/// tick and nothing is presented.
///
///     let link = PresentDisplayLink(nominalInterval: 1.0 / 60) { tick in draw(for: tick.targetTimestamp) }
///     loop.add(link)
///     // after each present returns:
///     link.presented(at: clock.now())
public final class PresentDisplayLink: DisplayLink {
    public var preferredFramesPerSecond: Int = 0
    public var isPaused = false
    public var isActive: () -> Bool = { true }
    public private(set) var droppedFrames = 0
    public private(set) var tickCount = 0
    /// The display's nominal refresh interval (its mode's rate).
    public let nominalInterval: Double
    let callback: (FrameTick) -> Void
    /// Recent gaps between consecutive presents while animating, oldest first.
    private var gaps: [Double] = []
    /// Gaps kept for the median, and how many it takes before they replace the nominal interval.
    static let kept = 60, enough = 8
    /// When the last present returned, while presents follow one another.
    private var lastPresent: Double?
    /// After a tick that showed nothing: no vblank to follow, so wait a refresh.
    private var resumeAt: Double?
    /// When the last tick came, until `presented` or `skipped` says what became of its frame.
    private var tickedAt: Double?

    public init(nominalInterval: Double = 1.0 / 60, callback: @escaping (FrameTick) -> Void) {
        precondition(nominalInterval > 0, "a display refreshes at a positive interval")
        self.nominalInterval = nominalInterval
        refreshInterval = nominalInterval
        self.callback = callback
    }

    /// The refresh interval measured from recent presents, or the nominal one.
    public private(set) var refreshInterval: Double

    public var nextDeadline: Double? {
        guard !isPaused, isActive() else {
            lastPresent = nil
            return nil
        }
        if let resumeAt { return resumeAt }
        // Ticked, and not told of a present yet: as a timer would, a refresh after the tick.
        if let tickedAt { return tickedAt + refreshInterval }
        // At once after a vblank; at a lower preferred rate, shortly before the vblank wanted.
        guard let last = lastPresent else { return -Double.infinity }
        return last + Double(frameStep - 1) * refreshInterval - refreshInterval / 2
    }

    public func fire(now: Double) {
        guard let due = nextDeadline, now >= due else { return }
        let timestamp = lastPresent ?? now
        resumeAt = nil
        tickedAt = now
        tickCount += 1
        callback(FrameTick(timestamp: timestamp, targetTimestamp: timestamp + Double(frameStep) * refreshInterval,
                           duration: refreshInterval))
    }

    /// The frame of the last tick was presented; the present returned at `time` (its vblank).
    public func presented(at time: Double) {
        tickedAt = nil
        if let last = lastPresent, time > last {
            let gap = time - last
            let expected = Double(frameStep) * refreshInterval
            droppedFrames += max(0, Int((gap / expected).rounded()) - 1)
            gaps.append(gap / Double(frameStep))
            if gaps.count > Self.kept { gaps.removeFirst(gaps.count - Self.kept) }
            refreshInterval = measured
        }
        lastPresent = time
    }

    /// The last tick had nothing to show: no present, so no vblank to follow; the next tick comes a
    /// refresh interval after `time`.
    public func skipped(at time: Double) {
        tickedAt = nil
        lastPresent = nil
        resumeAt = time + refreshInterval
    }

    private var measured: Double {
        guard gaps.count >= Self.enough else { return nominalInterval }
        let sorted = gaps.sorted()
        return sorted[sorted.count / 2]
    }
}

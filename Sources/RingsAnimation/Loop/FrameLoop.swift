/// The one loop that display links and timers share, on one clock: it says when it next needs to
/// run (nil: nothing to do, sleep until an event) and runs what is due. A real program sleeps until
/// `nextDeadline` or an event; tests advance a `ManualClock` and call `runDue`.
///
///     let loop = FrameLoop(clock: clock)
///     let link = loop.addDisplayLink { tick in draw(for: tick.targetTimestamp) }
///     clock.advance(by: 1.0 / 60); loop.runDue()
public final class FrameLoop {
    public let clock: any Clock
    private var links: [any DisplayLink] = []
    private var timers: [TimerID: RepeatingTimer] = [:]
    private var nextTimerID = 0

    /// Names a timer so that it can be removed.
    public struct TimerID: Hashable, Sendable { let raw: Int }

    /// Fires every `interval` seconds, at start + n * interval (no drift); late firings are not
    /// repeated to catch up.
    struct RepeatingTimer {
        let interval: Double, start: Double
        var next: Int
        let action: (Double) -> Void
        var deadline: Double { start + Double(next) * interval }
    }

    public init(clock: any Clock) { self.clock = clock }

    /// A display link on this loop, refreshing every `refreshInterval` from now.
    @discardableResult
    public func addDisplayLink(refreshInterval: Double = 1.0 / 60, callback: @escaping (FrameTick) -> Void) -> TimerDisplayLink {
        let link = TimerDisplayLink(refreshInterval: refreshInterval, origin: clock.now(), callback: callback)
        links.append(link)
        return link
    }

    /// Adds a display link made elsewhere (a `PresentDisplayLink`, driven by presents).
    public func add(_ link: any DisplayLink) { links.append(link) }

    /// A repeating timer; `action` gets the time it was due.
    @discardableResult
    public func addTimer(interval: Double, action: @escaping (Double) -> Void) -> TimerID {
        precondition(interval > 0, "a timer repeats at a positive interval")
        let id = TimerID(raw: nextTimerID)
        nextTimerID += 1
        timers[id] = RepeatingTimer(interval: interval, start: clock.now(), next: 1, action: action)
        return id
    }

    public func removeTimer(_ id: TimerID) { timers[id] = nil }

    /// The earliest time something is due, or nil when nothing is (the loop may block on events).
    public var nextDeadline: Double? {
        (links.compactMap(\.nextDeadline) + timers.values.map(\.deadline)).min()
    }

    /// Runs everything due by now, earliest first.
    public func runDue() {
        let now = clock.now()
        while let due = nextDeadline, due <= now {
            if let (id, timer) = timers.first(where: { $0.value.deadline == due }) {
                var t = timer
                // Skip to the latest missed firing and fire once.
                let missed = Int(((now - t.start) / t.interval).rounded(.down))
                t.next = max(t.next, missed) + 1
                timers[id] = t
                timer.action(due)
            } else if let link = links.first(where: { $0.nextDeadline.map { $0 <= due } ?? false }) {
                link.fire(now: now)
            } else {
                break
            }
        }
    }
}

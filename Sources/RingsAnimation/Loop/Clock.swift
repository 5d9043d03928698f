import FoundationEssentials
import Glibc
import RingsBase

/// A source of monotonic time in seconds; injected so that tests can drive time by hand.
public protocol Clock: Sendable {
    /// Seconds since an arbitrary fixed origin; never decreases.
    func now() -> Double
}

/// The system's monotonic clock (CLOCK_MONOTONIC), unaffected by changes of the wall-clock time.
public struct MonotonicClock: Clock {
    public init() {}

    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// A clock that only moves when told to: tests drive time with it and never sleep.
///
///     let clock = ManualClock()
///     clock.advance(by: 1.0 / 60)
public final class ManualClock: Clock, @unchecked Sendable {
    private let current: Mutex<Double>

    public init(start: Double = 0) { current = Mutex(start) }

    public func now() -> Double { current.withLock { $0 } }

    /// Moves time forward by `seconds` (never backward).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock does not go back")
        current.withLock { $0 += seconds }
    }

    /// Moves time forward to `time`, if it is later than now.
    public func advance(to time: Double) {
        current.withLock { $0 = max($0, time) }
    }
}

import Foundation

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

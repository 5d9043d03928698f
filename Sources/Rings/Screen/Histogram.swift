/// Durations counted in fixed bins (0.05 ms wide up to 250 ms; longer ones in the last bin, with the
/// longest kept exactly): quantiles over a whole run in a fixed 40 KB, however long the run.
public struct Histogram: Sendable {
    static let binWidth = 0.000_05, bins = 5000
    private var counts = [Int](repeating: 0, count: Histogram.bins)
    public private(set) var count = 0
    /// The longest duration counted, in seconds.
    public private(set) var longest = 0.0

    public init() {}

    public mutating func add(_ seconds: Double) {
        guard seconds.isFinite else { return }
        let bin = min(Histogram.bins - 1, max(0, Int(seconds / Histogram.binWidth)))
        counts[bin] += 1
        count += 1
        longest = max(longest, seconds)
    }

    /// The q-quantile in seconds (the middle of its bin, or the longest for the last bin); 0 when empty.
    public func quantile(_ q: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = min(count - 1, Int((Double(count - 1) * q).rounded()))
        var seen = 0
        for (bin, n) in counts.enumerated() where n > 0 {
            seen += n
            if seen > rank { return bin == Histogram.bins - 1 ? longest : min(longest, (Double(bin) + 0.5) * Histogram.binWidth) }
        }
        return longest
    }
}

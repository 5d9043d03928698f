import Rings
import Testing

/// Frame statistics in fixed memory: histograms whose quantiles stay within a bin of the exact ones.
@Suite struct FrameStatsTests {
    @Test func quantilesComeFromAHistogramWithinABin() {
        var histogram = Histogram()
        #expect(histogram.quantile(0.5) == 0)
        var all: [Double] = []
        var random = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let seconds = Double.random(in: 0.010...0.030, using: &random)
            histogram.add(seconds)
            all.append(seconds)
        }
        histogram.add(3)  // one very long pause: the last bin, and the longest exactly
        histogram.add(.nan)
        all.append(3)
        all.sort()
        for q in [0.0, 0.5, 0.9, 0.99] {
            let exact = all[Int((Double(all.count - 1) * q).rounded())]
            #expect(abs(histogram.quantile(q) - exact) <= 0.000_05, "q \(q): \(histogram.quantile(q)) vs \(exact)")
        }
        #expect(histogram.quantile(1) == 3 && histogram.longest == 3 && histogram.count == 100_001)
    }

    @Test func theFrameGraphKeepsOnlyTheLatestIntervals() {
        let stats = FrameStats()
        for frame in 0..<10_000 { stats.presented(at: Double(frame) / 60, continuing: true) }
        #expect(stats.presented == 10_000 && stats.intervals.count == 9_999)
        #expect(stats.recentIntervals.count == 90 && abs(stats.intervals.quantile(0.5) - 1.0 / 60) < 0.000_05)
        let summary = stats.summary(cpuSeconds: 1.5)
        #expect(summary.contains("frame interval median 16.6") && summary.contains("CPU 1.50 s"), "\(summary)")
    }
}

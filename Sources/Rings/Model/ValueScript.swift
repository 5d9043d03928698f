/// Values set at given times after a start: a demo's simulated data.
public struct ValueScript: Sendable, Equatable {
    /// One value for one ring, `at` seconds after the start.
    public struct Step: Sendable, Equatable {
        public var at: Double
        public var ring: Int
        public var value: Double
    }
    public var steps: [Step]

    /// The simulated download of the skeuomorphic-control tutorial: a 1.5 s wait, then 1 % every 0.03 s to 40 %, every 0.1 s
    /// to 60 %, every 0.01 s to the end, each set on ring 0 after its wait.
    public static var download: ValueScript {
        var t = 0.0
        return ValueScript(steps: (0...100).map { i in
            t += i == 0 ? 1.5 : i < 40 ? 0.03 : i < 60 ? 0.1 : 0.01
            return Step(at: t, ring: 0, value: Double(i) / 100)
        })
    }

    /// The steps that fall in (after, upTo], in order.
    public func steps(after: Double, upTo: Double) -> ArraySlice<Step> {
        let first = steps.firstIndex { $0.at > after } ?? steps.endIndex
        let end = steps.firstIndex { $0.at > upTo } ?? steps.endIndex
        return steps[first..<max(first, end)]
    }

    /// When the last step falls.
    public var duration: Double { steps.last?.at ?? 0 }
}

/// Intervals written as 2s, 500ms, 1m or plain seconds.
enum Interval {
    static func parse(_ text: String) throws(UserError) -> Double {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let (number, scale) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        guard let value = Double(number), value.isFinite, value * scale >= 0.05, value * scale <= 86_400 else {
            throw UserError("interval '\(text)' is not a time from 50ms to 24h (for example 2s, 500ms, 1m)")
        }
        return value * scale
    }

    /// `stale-after`: an interval, or `off` (nil).
    static func staleAfter(_ text: String) throws(UserError) -> Double? {
        text == "off" ? nil : try parse(text)
    }
}

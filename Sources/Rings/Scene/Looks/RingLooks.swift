import FoundationEssentials
import Glibc
import RingsRaster

/// How a ring looks when its value is old (faded) or past its alert (pulsing), on top of its theme.
extension RingStyle {
    /// This ring's look when its value is old, `amount` of the way (0 as it is, 1 fully stale):
    /// colours three quarters of the way to their grey, at 55 % of their brightness.
    public func faded(_ amount: Double) -> RingStyle {
        guard amount > 0 else { return self }
        func fade(_ c: RGB8) -> RGB8 {
            let grey = 0.3 * Double(c.r) + 0.59 * Double(c.g) + 0.11 * Double(c.b)
            let dim = 1 - 0.45 * amount
            func channel(_ v: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(v) + (grey - Double(v)) * 0.75 * amount) * dim)).rounded()) }
            return RGB8(channel(c.r), channel(c.g), channel(c.b))
        }
        var style = self
        style.start = fade(start); style.end = fade(end)
        return style
    }

    /// This ring's look in an alert's pulse, `amount` of the way to its dimmest (70 % brightness).
    public func pulsed(_ amount: Double) -> RingStyle {
        guard amount > 0 else { return self }
        func dim(_ c: RGB8) -> RGB8 {
            let k = 1 - 0.3 * amount
            return RGB8(UInt8((Double(c.r) * k).rounded()), UInt8((Double(c.g) * k).rounded()), UInt8((Double(c.b) * k).rounded()))
        }
        var style = self
        style.start = dim(start); style.end = dim(end)
        return style
    }

    /// An alert's pulse at `time`: from 0 to 1 and back every 1.5 s.
    public static func pulse(at time: Double) -> Double { 0.5 - 0.5 * cos(2 * Double.pi * time / 1.5) }
}

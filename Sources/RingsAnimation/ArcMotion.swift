import Foundation

/// A point moving along a circular arc at constant speed (Core Animation's paced keyframe animation
/// along a path), through phases: phase i runs from `angles[i]` to `angles[i + 1]` between key times
/// `keyTimes[i]` and `keyTimes[i + 1]`, so the two-phase timing moves the dot exactly as the ring's
/// end moves, at constant speed within each phase.
///
///     let dot = try ArcMotion(center: c, radius: 200, angles: [0, 0.9 * 4.5, 4.5], keyTimes: [0, 0.5, 1], duration: 2)
///     dot.value(at: 1)   // on the circle at angle 4.05
public struct ArcMotion: Animation {
    public let center: AnimatablePoint
    public let radius: Double
    private let angle: Keyframes<Double>

    public init(center: AnimatablePoint, radius: Double, angles: [Double], keyTimes: [Double]? = nil,
                duration: Double, delay: Double = 0) throws(KeyframeError) {
        self.center = center
        self.radius = radius
        angle = try Keyframes(values: angles, keyTimes: keyTimes, curves: [.linear], duration: duration, delay: delay)
    }

    /// The angle (clockwise from 12 o'clock) at `elapsed`.
    public func angle(at elapsed: Double) -> Double { angle.value(at: elapsed) }

    /// The point at `angle` (clockwise from 12 o'clock, y down) on the circle itself, never on a chord.
    public func point(atAngle angle: Double) -> AnimatablePoint {
        AnimatablePoint(x: center.x + radius * sin(angle), y: center.y - radius * cos(angle))
    }

    public func value(at elapsed: Double) -> AnimatablePoint { point(atAngle: angle.value(at: elapsed)) }

    public var endTime: Double { angle.endTime }
    public var finalValue: AnimatablePoint { value(at: endTime) }
}

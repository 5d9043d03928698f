import RingsAnimation
import RingsRaster

/// Where a ring's dot is while its value animates by keyframes (the gold tutorial's two phases):
/// Core Animation's paced keyframe tween along the ring's circle. The dot's angle runs linearly
/// through the angles of the keyframes' values at their key times, so it moves at constant speed
/// within each phase, on the circle itself (never on a chord), exactly where the arc ends. Other
/// animations leave the dot at the arc's end.
public enum TipDot {
    /// The dot's centre `now`, for a ring with `geometry` whose value runs `animation` since `start`;
    /// nil when the animation is not keyframes.
    public static func position(of animation: any Animation<Double>, since start: Double, at now: Double,
                                geometry: RingGeometry, clockwise: Bool) -> Point? {
        guard let keyframes = animation as? Keyframes<Double> else { return nil }
        let turn = (clockwise ? 1.0 : -1.0) * 2 * Double.pi
        guard let angle = try? Keyframes(values: keyframes.values.map { $0 * turn }, keyTimes: keyframes.keyTimes,
                                         curves: [.linear], duration: keyframes.duration, delay: keyframes.delay) else { return nil }
        return .onCircle(center: geometry.center, radius: geometry.radius, angle: angle.value(at: now - start))
    }
}

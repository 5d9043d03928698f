import RingsAnimation
import RingsRaster

/// Where a ring's dot is while its value animates by keyframes (the gold tutorial's two phases):
/// Core Animation's paced keyframe tween along the ring's circle, an `ArcMotion` through the angles
/// of the keyframes' values, at their key times. Other animations leave the dot at the arc's end.
public enum TipDot {
    /// The dot's centre `now`, for a ring with `geometry` whose value runs `animation` since `start`;
    /// nil when the animation is not keyframes.
    public static func position(of animation: any Animation<Double>, since start: Double, at now: Double,
                                geometry: RingGeometry, clockwise: Bool) -> Point? {
        guard let keyframes = animation as? Keyframes<Double> else { return nil }
        let turn = (clockwise ? 1.0 : -1.0) * 2 * Double.pi
        guard let motion = try? ArcMotion(center: AnimatablePoint(x: geometry.center.x, y: geometry.center.y), radius: geometry.radius,
                                          angles: keyframes.values.map { $0 * turn }, keyTimes: keyframes.keyTimes,
                                          duration: keyframes.duration, delay: keyframes.delay) else { return nil }
        let p = motion.value(at: now - start)
        return Point(x: p.x, y: p.y)
    }
}

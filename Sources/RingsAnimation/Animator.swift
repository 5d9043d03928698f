/// How an animated value should move to a new target.
public enum AnimationSpec: Equatable, Sendable {
    /// Jump at once.
    case immediate
    /// A tween with a timing curve.
    case tween(duration: Double, curve: TimingCurve, delay: Double = 0)
    /// 90 % of the change in the first `phase` seconds, the rest in the next (see `Keyframes.twoPhase`).
    case twoPhase(phase: Double = 1)
    /// A damped spring; it starts with the velocity the value has on screen.
    case spring(mass: Double = 1, stiffness: Double = 170, damping: Double = 26)

    /// The standard animation of a new value: ease in and out over one second.
    public static let standard = AnimationSpec.tween(duration: 1, curve: .easeInEaseOut)

    /// The animation this makes from one value to another, or nil when it jumps.
    public func animation<Value: VectorArithmetic>(from: Value, to: Value, initialVelocity: Value = .zero) -> (any Animation<Value>)? {
        switch self {
        case .immediate:
            return nil
        case let .tween(duration, curve, delay):
            return Tween(from: from, to: to, duration: duration, delay: delay, curve: curve)
        case let .twoPhase(phase):
            return try? Keyframes.twoPhase(from: from, to: to, phase: phase)
        case let .spring(mass, stiffness, damping):
            return Spring(from: from, to: to, mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        }
    }
}

/// Holds one value as presented on screen and animates it towards new targets, like a layer's
/// presentation value in Core Animation.
///
/// A new target mid-flight starts from the presented value, so the value never jumps; a spring also
/// keeps the velocity.
///
///     let ring = Animator(0.0)
///     ring.animate(to: 0.72, with: .standard, at: clock.now())
///     ring.update(at: clock.now())   // each frame
///     ring.presented
public final class Animator<Value: VectorArithmetic> {
    public private(set) var presented: Value
    public private(set) var target: Value
    private var running: (animation: any Animation<Value>, start: Double)?

    public init(_ value: Value) { presented = value; target = value }

    /// Whether an animation is running.
    public var isAnimating: Bool { running != nil }

    /// The running animation and when it started, for looking ahead (the tip dot follows it).
    public var current: (animation: any Animation<Value>, start: Double)? { running }

    /// Starts moving from what is presented at `now` to `target`.
    public func animate(to target: Value, with spec: AnimationSpec, at now: Double) {
        update(at: now)
        let velocity = running.map { $0.animation.velocity(at: now - $0.start) } ?? .zero
        running = nil
        self.target = target
        guard let animation = spec.animation(from: presented, to: target, initialVelocity: velocity) else {
            presented = target
            return
        }
        running = (animation, now)
    }

    /// Moves the presented value to where the animation is at `now`; finishes it when it is done.
    public func update(at now: Double) {
        guard let run = running else { return }
        let elapsed = now - run.start
        presented = run.animation.value(at: elapsed)
        if run.animation.isFinished(at: elapsed) {
            presented = run.animation.finalValue
            running = nil
        }
    }
}

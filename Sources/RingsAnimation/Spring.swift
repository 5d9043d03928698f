/// A damped spring towards a target, integrated in fixed steps (semi-implicit Euler, 1/2000 s), so that
/// the same parameters give the same motion at any frame rate. It reports when it has settled.
///
///     let spring = Spring(from: 0.0, to: 1.0, stiffness: 170, damping: 26)
///     spring.value(at: 0.3)
public struct Spring<Value: VectorArithmetic>: Animation {
    public let from: Value, target: Value
    public let mass: Double, stiffness: Double, damping: Double
    public let initialVelocity: Value
    /// Settled when both the distance to the target and the speed are below these.
    public let restDistance: Double, restSpeed: Double
    public static var step: Double { 1.0 / 2000 }

    /// The time it settles and the states every `step` up to then, worked out once.
    private let trajectory: [(value: Value, velocity: Value)]

    public init(from: Value, to target: Value, mass: Double = 1, stiffness: Double = 170, damping: Double = 26,
                initialVelocity: Value = .zero, restDistance: Double = 1e-4, restSpeed: Double = 1e-3, maximumDuration: Double = 30) {
        self.from = from; self.target = target
        self.mass = max(mass, 1e-6); self.stiffness = max(stiffness, 0); self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
        self.restDistance = restDistance; self.restSpeed = restSpeed
        var x = from, v = initialVelocity
        var states = [(x, v)]
        let dt = Spring.step, limit = Int(maximumDuration / dt)
        while states.count < limit {
            let displacement = x - target
            if displacement.magnitude < restDistance && v.magnitude < restSpeed { break }
            let force = displacement.scaled(by: -self.stiffness) - v.scaled(by: self.damping)
            v = v + force.scaled(by: dt / self.mass)
            x = x + v.scaled(by: dt)
            states.append((x, v))
        }
        trajectory = states
    }

    /// Seconds until it settles.
    public var settlingTime: Double { Double(trajectory.count - 1) * Spring.step }

    public var endTime: Double { settlingTime }

    public func value(at elapsed: Double) -> Value {
        guard elapsed > 0 else { return from }
        if isFinished(at: elapsed) { return target }
        let f = elapsed / Spring.step, i = Int(f)
        return trajectory[i].value.interpolated(to: trajectory[i + 1].value, amount: f - Double(i))
    }

    /// The integrator's own velocity (not a difference quotient), so that a retarget keeps it exactly.
    public func velocity(at elapsed: Double) -> Value {
        guard elapsed > 0 else { return initialVelocity }
        if isFinished(at: elapsed) { return .zero }
        let f = elapsed / Spring.step, i = Int(f)
        return trajectory[i].velocity.interpolated(to: trajectory[i + 1].velocity, amount: f - Double(i))
    }

    public var finalValue: Value { target }
}

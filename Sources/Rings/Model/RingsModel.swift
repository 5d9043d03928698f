import RingsAnimation

/// The live app's state: each ring's target value, the selection, a drag in progress, and an
/// Animator per ring that moves what is on screen towards the targets. No SDL, no pixels: intents in,
/// presented values out.
///
///     let model = RingsModel(values: [0.72, 1.35, 0.48], spec: .standard)
///     model.apply(.setSelected(0.5), at: clock.now())
///     model.update(at: clock.now()); model.presented
public final class RingsModel {
    public private(set) var targets: [Double]
    public private(set) var selection: Int?
    public let spec: AnimationSpec
    private let motion: [Animator<Double>]
    private var drag: (ring: Int, angle: Double, value: Double)?
    private var random: any RandomNumberGenerator

    public init(values: [Double], spec: AnimationSpec = .standard, random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        targets = values
        self.spec = spec
        motion = values.map { Animator($0) }
        self.random = random
    }

    public var count: Int { targets.count }
    /// Values as on screen now (after the last `update`).
    public var presented: [Double] { motion.map(\.presented) }
    public var isAnimating: Bool { motion.contains { $0.isAnimating } }
    public var isDragging: Bool { drag != nil }

    /// Ring `index`'s running animation and when it started (the tip dot follows it).
    public func running(ring index: Int) -> (animation: any Animation<Double>, start: Double)? { motion[index].current }

    /// Moves every ring's presented value to `now`.
    public func update(at now: Double) { motion.forEach { $0.update(at: now) } }

    /// The rings an intent for "the selection" means: the selected one, or all of them.
    private var chosen: [Int] { selection.map { [$0] } ?? Array(0..<count) }

    private static func clamp(_ v: Double) -> Double { min(RingValues.maximumProgress, max(0, v.isFinite ? v : 0)) }

    /// Sends ring `ring` to `value`; a value it is already going to changes nothing (a running
    /// animation keeps its course), so that a source that repeats itself leaves the screen still.
    private func move(_ ring: Int, to value: Double, at now: Double, with spec: AnimationSpec? = nil) {
        guard targets.indices.contains(ring), Self.clamp(value) != targets[ring] else { return }
        targets[ring] = Self.clamp(value)
        motion[ring].animate(to: targets[ring], with: spec ?? self.spec, at: now)
    }

    /// Applies an intent at time `now`; intents about the window (fullscreen, help, quit) are the
    /// caller's and are ignored here.
    public func apply(_ intent: Intent, at now: Double) {
        switch intent {
        case let .setSelected(value):
            for i in chosen { move(i, to: value, at: now) }
        case let .set(ring, value):
            move(ring, to: value, at: now)
        case let .nudgeSelected(change):
            for i in chosen { move(i, to: targets[i] + change, at: now) }
        case let .nudge(ring, change):
            if targets.indices.contains(ring) { move(ring, to: targets[ring] + change, at: now) }
        case .selectNext:
            selection = selection.map { $0 + 1 < count ? $0 + 1 : nil } ?? (count > 0 ? 0 : nil)
        case .selectPrevious:
            selection = selection.map { $0 > 0 ? $0 - 1 : nil } ?? (count > 0 ? count - 1 : nil)
        case let .select(ring):
            selection = ring.flatMap { targets.indices.contains($0) ? $0 : nil }
        case let .beginDrag(ring, angle):
            // An angle that is not a number is no place on the ring: nothing is grabbed.
            guard targets.indices.contains(ring), angle.isFinite else { return }
            selection = ring
            // Keep the laps the ring has; the pointer's angle sets the part of a lap.
            let laps = targets[ring].rounded(.down)
            let value = Self.clamp(laps + angle / (2 * Double.pi))
            drag = (ring, angle, value)
            move(ring, to: value, at: now, with: .immediate)
        case let .drag(angle):
            guard var d = drag, angle.isFinite else { return }
            // The shortest way round from the last angle: past 12 o'clock clockwise adds a lap.
            var change = angle - d.angle
            change -= 2 * Double.pi * (change / (2 * Double.pi)).rounded()
            d.value = Self.clamp(d.value + change / (2 * Double.pi))
            d.angle = angle
            drag = d
            move(d.ring, to: d.value, at: now, with: .immediate)
        case .endDrag:
            drag = nil
        case .replay:
            for i in 0..<count {
                motion[i].animate(to: 0, with: .immediate, at: now)
                motion[i].animate(to: targets[i], with: spec, at: now)
            }
        case .randomize:
            for i in 0..<count { move(i, to: Double.random(in: 0.05...1.5, using: &random), at: now) }
        case .toggleFullscreen, .toggleHelp, .toggleFrameGraph, .quit:
            break
        }
    }
}

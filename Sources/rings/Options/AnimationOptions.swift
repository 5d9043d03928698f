import ArgumentParser
import Rings
import RingsLive
import RingsAnimation

/// How long a change of value takes and how it eases.
struct TimingOptions: ParsableArguments {
    @Option(name: Settings.duration.long, help: Settings.duration.help)
    var duration: Double?

    @Option(name: Settings.curve.long, help: Settings.curve.help)
    var curve: String?

    /// The duration, checked, and the curve; what the command line leaves out comes from `file`.
    func checked(file: ConfigFile = ConfigFile()) throws(UserError) -> (duration: Double, curve: TimingCurve) {
        let duration = Settings.duration.resolved(duration, in: file), curve = Settings.curve.resolved(curve, in: file)
        guard duration.isFinite, duration >= 0, duration <= 3600 else {
            throw UserError("--duration must be 0 to 3600 seconds, not \(duration)")
        }
        do { return (duration, try TimingCurve.named(curve)) } catch { throw UserError(error) }
    }
}

/// The options that describe an animation of the rings from `--from` to `--progress`.
struct AnimationOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Animate from these values (one per ring) to --progress.", valueName: "a,b,c"))
    var from: String?

    @OptionGroup var timing: TimingOptions

    @Option(help: ArgumentHelp("Keyframe preset instead of a curve: two-phase (90 % in the first second, the rest in the next).",
                               valueName: "preset"))
    var keyframes: String?

    /// The animation from --from to the scene's values, or nil without --from; what only shapes an
    /// animation (--duration, --curve, --keyframes) is refused without one, never ignored.
    func animation(to scene: RingScene, file: ConfigFile = ConfigFile()) throws(UserError) -> (any Animation<AnimatableVector>)? {
        guard let from else {
            let given = [("--duration", timing.duration != nil), ("--curve", timing.curve != nil), ("--keyframes", keyframes != nil)]
            if let option = given.first(where: { $0.1 })?.0 { throw UserError("\(option) needs --from: the values to animate from") }
            return nil
        }
        let start: [Double]
        do { start = try RingValues.parse(from) } catch { throw UserError(error) }
        guard start.count == scene.values.count else {
            throw UserError("--from has \(start.count) values but there are \(scene.values.count) rings")
        }
        let (duration, curve) = try timing.checked(file: file)
        let a = AnimatableVector(start), b = AnimatableVector(scene.values)
        if let keyframes {
            do { return try Keyframes.preset(keyframes, from: a, to: b) } catch { throw UserError(error) }
        }
        return Tween(from: a, to: b, duration: duration, curve: curve)
    }
}

extension RingScene {
    /// The scene with each ring at its value in `animation` at `time` seconds, clamped to 0 ... 10 laps.
    func at(_ time: Double, of animation: any Animation<AnimatableVector>) -> RingScene {
        var frame = self
        frame.values = animation.value(at: time).values.map { min(RingValues.maximumProgress, max(0, $0)) }
        return frame
    }
}

import FoundationEssentials
import Rings
import RingsAnimation
import RingsRaster

/// The live rings as a screen, the coordinator of their parts: the model, what is known of the
/// values (`LiveData`), the sources that feed them (`LiveSource`), the light (`LiveLight`), the
/// config's reloads (`ConfigReload`), and what the frame shows besides the values (`LiveView`).
/// No SDL: the shell runs it, tests drive it on a manual clock.
public final class LiveScreen: Screen {
    public typealias Options = LiveOptions
    public internal(set) var options: Options
    public var model: RingsModel { values.model }
    /// What is known of the values, and what is said of them.
    let values: LiveValues
    let link: SourceLink
    var sources: [any LiveSource] = []
    var view: LiveView
    let light: LiveLight
    let config = ConfigReload()
    var pending: Pending
    weak var loop: FrameLoop?

    public var title: String { "rings" }
    public var displayOff: Bool { light.faded }
    public var density: Double { get { view.density } set { view.density = newValue } }
    /// Re-reads the config for a reload (`ConfigReload.reloader`).
    public var reloader: (@Sendable () -> Options?)? { get { config.reloader } set { config.reloader = newValue } }

    public init(options: Options, glyphs: GlyphSource?, problems: ProblemLog = .standardError) {
        self.options = options
        values = LiveValues(options, model: RingsModel(values: options.startsEmpty ? options.values.map { _ in 0 } : options.values,
                                                       spec: options.spec))
        link = SourceLink(problems: problems)
        view = LiveView(options: options, glyphs: glyphs)
        light = LiveLight(problems: problems)
        pending = Pending(intro: options.intro)
        light.options = { [unowned self] in self.options }
        light.changed = { [unowned self] in self.pending.changed = true; self.values.report.now() }
        values.changed = { [unowned self] in self.pending.changed = true }
        values.report.state = { [unowned self] in
            self.light.state(values: self.values.stated, updated: self.values.data.lastArrival, power: self.view.stats.power.isEmpty ? nil : self.view.stats.power)
        }
    }

    deinit { stop() }

    public var wantsFrames: Bool {
        if light.dark { return false }
        return pending.changed || pending.moved || pending.fadeOwed || model.isAnimating || fading || alerting || light.lighting.isAnimating
    }

    /// A ring is past its alert and pulses.
    private var alerting: Bool { !options.reducedMotion && options.theme.alerts(at: model.presented) }

    /// A ring is fading to or from its stale look.
    private var fading: Bool { loop.map { values.data.staleness?.isFading(at: $0.clock.now()) ?? false } ?? false }

    public func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void) {
        view.stats = stats
        (self.loop, light.loop, link.wake) = (loop, loop, wake)
        link.name(options)
        sources = LiveSources.make(options)
        for source in sources { source.start(link, on: loop) }
        stats.sourceSummary = { [sources] in sources.lazy.compactMap(\.summary).first }
        values.start(options, sources: sources, names: { [link] in link.naming.withLock { $0.names } }, on: loop)
        config.start(watching: options.configPath, wake: wake)
        if options.schedule != nil { light.followSchedule(at: loop.clock.now()) }
        if let script = options.script { view.script.play(script, on: loop, model: model) }
        if let interval = options.shiftEvery {
            loop.addTimer(interval: interval) { [unowned self] _ in self.view.shifts += 1; self.pending.changed = true }
        }
    }

    public func stop() {
        sources.forEach { $0.stop() }
        sources = []
        config.stop()
    }

    /// Takes in what the sources handed over (the shell calls this when `wake` woke it): a reload,
    /// commands, the values of good lines, animated from what is on screen.
    public func wake(at now: Double) {
        if let fresh = config.take() { reload(fresh, at: now) }
        for order in link.orders.withLock({ orders in defer { orders = [] }; return orders }) { light.obey(order, at: now, reload: config.now) }
        if link.stateWanted.withLock({ wanted in defer { wanted = false }; return wanted }) { values.report.now() }
        values.show(link.health)
        link.takeValues(stats: view.stats) { ring, value in values.take(value, ring: ring, at: now) }
    }

    public func frame(width: Int, height: Int, at time: Double) -> ScreenFrame {
        if pending.intro {
            pending.intro = false
            model.apply(.replay, at: time)
        }
        model.update(at: time)
        light.lighting.update(at: time)
        // A new brightness is drawn whole by the redraw plan, which compares it. A frame drawn in the
        // middle of a fade to or from the stale look owes one more, drawn where the fade has ended:
        // without it the screen could stay a few percent faded, frames having stopped with the fade.
        let fadeDrawn = values.data.staleness?.isFading(at: time) ?? false
        let whole = pending.changed || view.showGraph || fading || pending.fadeOwed || fadeDrawn || alerting
        pending = Pending(changed: false, moved: false, fadeOwed: fadeDrawn, intro: false)
        var frame = view.scene(model: model, data: values.data, options: options, width: width, height: height, at: time)
        frame.brightness = light.lighting.presented
        frame.identity = view.identityCard(light.light, name: options.mqtt?.clientID)
        light.dark = light.faded
        return .rings(frame, whole: whole)
    }

    /// The sources as a service manager's status line.
    public var status: String { link.status(rings: model.targets.count - values.data.waiting.count, of: model.targets.count) }

    /// Takes what a reload read that may change while the screen runs: the theme and the rings'
    /// looks and names, stale-after, reduced motion, the schedule and waking on input; the values
    /// and animations go on. The number of rings and the sources need a restart: a reload that
    /// changes them says so.
    public func reload(_ fresh: Options, at now: Double) {
        guard fresh.values.count == options.values.count else {
            link.problems.note(kind: "reload", "reload: the number of rings changes only on a restart; the running config stays")
            return
        }
        if !LiveSources.same(fresh, options) {
            link.problems.note(kind: "reload sources", "reload: sources change only on a restart; the new looks are taken")
        }
        let (schedule, staleAfter) = (fresh.schedule != options.schedule, fresh.staleAfter != options.staleAfter)
        (options.theme, options.reducedMotion, options.wakeOnInput) = (fresh.theme, fresh.reducedMotion, fresh.wakeOnInput)
        (options.schedule, options.staleAfter) = (fresh.schedule, fresh.staleAfter)
        // Renamed rings: lines name them by their new names, the broker and Home Assistant say them.
        if link.name(options) { sources.forEach { $0.rename(link.naming.withLock { $0.names }) } }
        if schedule { light.followSchedule(at: now) }
        if staleAfter { values.staleAfter(fresh.staleAfter, at: now) }
        pending.changed = true
    }
}

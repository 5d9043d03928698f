import Rings
import Foundation
import RingsAnimation
import RingsRaster

/// The live rings as a screen: the model, its feeds, sources and script, burn-in shifts, and the
/// label, legend and tip dots of each frame; keys and the pointer mean intents (`LiveControls`),
/// and in a kiosk only Ctrl+Alt+Q does anything. No SDL: the shell runs it, tests drive it on a
/// manual clock.
public final class LiveScreen: Screen {
    /// What the live screen shows and where its values come from.
    public struct Options {
        public var theme: Theme
        public var values: [Double]
        public var spec: AnimationSpec
        /// Label, legend and buttons; without them the frame is exactly what `rings render` draws.
        public var chrome: Bool
        /// Live values, one line at a time (see `FeedLine`).
        public var feed: LineFeed.Source?
        /// Built-in sources for the rings, in order, sampled every `every` seconds.
        public var sources: [SystemSource]
        /// A shell command run every `every` seconds whose output lines are feed lines.
        public var exec: String?
        public var every: Double
        /// Unattended: keys and the pointer do nothing, only Ctrl+Alt+Q (or closing) quits.
        public var kiosk: Bool
        /// Every this many seconds the rings move by a few pixels, round a small square (burn-in).
        public var shiftEvery: Double?
        /// Values to set at given times after the screen starts (a demo's simulated data).
        public var script: ValueScript?
        /// The rings grow in from 0 to their values in the first frames.
        public var intro: Bool
        /// An MQTT broker and the topics whose messages are feed lines (or one ring's value).
        public var mqtt: MQTTFeed.Settings?
        /// The rings wait for their first value: drawn empty, labelled "–", until a source gives one
        /// (nothing invented: `values` are not shown).
        public var startsEmpty: Bool
        /// A ring whose value is older than this many seconds is drawn stale (faded, "stale 2 m").
        public var staleAfter: Double?
        /// No pulsing alerts (for people whom motion troubles, and screens that must stay still).
        public var reducedMotion = false
        /// The values a state file kept from the last run: shown, marked stale, until fresh ones come
        /// (only when the rings start empty).
        public var remembered: ValueMemory?
        /// Keeps the values with their times (a state file), called at most once a second when they change.
        public var remember: ((ValueMemory) -> Void)?
        /// The config file the options came from: SIGHUP or a change to it reloads (with `reloader`).
        public var configPath: String?
        public init(theme: Theme, values: [Double], spec: AnimationSpec, chrome: Bool = true, feed: LineFeed.Source? = nil,
                    sources: [SystemSource] = [], exec: String? = nil, every: Double = 2, kiosk: Bool = false,
                    shiftEvery: Double? = nil, script: ValueScript? = nil, intro: Bool = false, mqtt: MQTTFeed.Settings? = nil,
                    startsEmpty: Bool = false, staleAfter: Double? = nil) {
            self.theme = theme; self.values = values; self.spec = spec; self.chrome = chrome; self.feed = feed
            self.sources = sources; self.exec = exec; self.every = every; self.kiosk = kiosk
            self.shiftEvery = shiftEvery; self.script = script; self.intro = intro; self.mqtt = mqtt; self.startsEmpty = startsEmpty
            self.staleAfter = staleAfter
        }

        /// Values come from a feed, a command, built-in sources or a broker.
        public var isLive: Bool { feed != nil || exec != nil || !sources.isEmpty || mqtt != nil }
    }

    public internal(set) var options: Options
    /// Re-reads the config for a reload, on the config watcher's thread: the options it gives now,
    /// or nil when the file is bad (the reloader has said why, and the running options stay).
    public var reloader: (@Sendable () -> Options?)?
    /// The options a reload read, waiting for the frame loop to take them.
    let reloaded = Mutex<Options?>(nil)
    public let model: RingsModel
    public let title = "rings"
    /// Where the label, legend and buttons get their glyphs; nil without chrome.
    let glyphs: GlyphSource?
    let problems: ProblemLog
    let arrivals = FeedQueue()
    var feed: LineFeed?, command: CommandFeed?, broker: MQTTFeed?, watcher: ConfigWatcher?
    /// How the live sources stand (set on their threads), and as the legend shows it.
    let health = SourceHealth()
    var shownHealth: [SourceHealth.Line] = []
    /// Rings that have had no value yet (drawn empty, labelled "–").
    var waiting: Set<Int>
    /// Which rings' values have grown old, and the legend's notes as last drawn.
    var staleness: Staleness?
    var staleNotes: [Int: String] = [:]
    var staleWatched = false
    /// When each ring's value came (wall clock), for the state file; and whether it has changed since last kept.
    var valueTimes: [Date?]
    var unsaved = false
    /// The values last handed to the state file, and when: a value that merely repeats is not written
    /// again until `keptTimesLast` has passed (wear on a Pi's SD card).
    var kept: (values: [Double?], at: Date)?
    var stats = FrameStats()
    private var showHelp = false, showGraph = false
    /// Keys and pointer, with the state a press or a hovered button carries from one input to the next.
    private var controls: LiveControls?
    /// A change not drawn yet that needs the whole frame (selection, help, a shift).
    var changed = true
    /// Values set at once (a drag, a key with an immediate spec) not drawn yet.
    private var moved = false
    /// The loop the script's timer runs on, and that timer while it runs.
    weak var loop: FrameLoop?
    private var scriptTimer: FrameLoop.TimerID?
    /// The grow-in starts with the first frame.
    private lazy var introPending = options.intro
    /// Steps taken round the burn-in square.
    private(set) var shifts = 0

    public init(options: Options, glyphs: GlyphSource?, problems: ProblemLog = .standardError) {
        self.options = options
        self.glyphs = options.chrome ? glyphs : nil
        self.problems = problems
        model = RingsModel(values: options.startsEmpty ? options.values.map { _ in 0 } : options.values, spec: options.spec)
        waiting = options.startsEmpty ? Set(options.values.indices) : []
        staleness = options.staleAfter.map { Staleness(after: $0, rings: options.values.count) }
        valueTimes = options.values.map { _ in nil }
    }

    deinit { stop() }

    public var wantsFrames: Bool { changed || moved || model.isAnimating || fading || alerting }

    /// A ring is past its alert and pulses.
    private var alerting: Bool {
        !options.reducedMotion && model.presented.indices.contains { ring in
            options.theme.style(ofRing: ring).alert.map { model.presented[ring] >= $0 } ?? false
        }
    }

    /// A ring is fading to or from its stale look.
    private var fading: Bool { loop.map { staleness?.isFading(at: $0.clock.now()) ?? false } ?? false }

    public func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void) {
        self.stats = stats
        startFeeds(wake: wake)
        if let path = options.configPath, let reloader {
            let reloaded = reloaded
            watcher = ConfigWatcher(path: path) {
                guard let fresh = reloader() else { return }
                reloaded.withLock { $0 = fresh }
                wake()
            }
            watcher?.start()
        }
        if !options.sources.isEmpty {
            let sampler = SystemSampler()
            let sample = { [unowned self] (now: Double) in
                for (ring, source) in self.options.sources.enumerated() {
                    guard let value = sampler.sample(source), value.isFinite else {
                        self.health.set("\(source)", "cannot read")
                        self.problems.note(kind: "source \(source)", "cannot read \(source); the ring keeps its value")
                        continue
                    }
                    self.health.set("\(source)", nil)
                    self.model.apply(.set(ring: ring, value: value), at: now)
                    self.valueArrived(ring: ring, at: now)
                }
                self.noticeHealth()
            }
            sample(loop.clock.now())
            loop.addTimer(interval: options.every, action: sample)
        }
        self.loop = loop
        recall(at: loop.clock.now())
        if options.remember != nil {
            loop.addTimer(interval: 1) { [unowned self] _ in self.keep() }
        }
        if staleness != nil { watchStaleness() }
        playScript()
        if let interval = options.shiftEvery {
            loop.addTimer(interval: interval) { [unowned self] _ in
                self.shifts += 1
                self.changed = true
            }
        }
    }

    /// Plays the script from its start, each step at its time, by a timer as fast as its closest
    /// steps, stopped after the last; `again` (Space or a click) first puts every ring back to 0.
    private func playScript(again: Bool = false) {
        guard let script = options.script, let loop else { return }
        if let id = scriptTimer { loop.removeTimer(id) }
        let start = loop.clock.now()
        if again { for ring in model.targets.indices { model.apply(.set(ring: ring, value: 0), at: start) } }
        var done = -Double.infinity
        let gaps = zip(script.steps, script.steps.dropFirst()).map { $1.at - $0.at }.filter { $0 > 0 }
        scriptTimer = loop.addTimer(interval: max(0.005, gaps.min() ?? 0.01)) { [unowned self, unowned loop] now in
            let elapsed = now - start
            for step in script.steps(after: done, upTo: elapsed) {
                self.model.apply(.set(ring: step.ring, value: step.value), at: now)
            }
            done = elapsed
            if elapsed >= script.duration, let id = self.scriptTimer { loop.removeTimer(id); self.scriptTimer = nil }
        }
    }

    public func stop() {
        feed?.stop(); command?.stop(); broker?.stop(); watcher?.stop()
        feed = nil; command = nil; broker = nil; watcher = nil
    }

    /// Applies the feed lines that arrived (the shell calls this when `wake` woke it): good ones animate the rings from what is on screen; bad
    /// ones are logged, a kind of problem at most once a minute, and change nothing.
    public func wake(at now: Double) {
        if let fresh = reloaded.withLock({ fresh in defer { fresh = nil }; return fresh }) { reload(fresh, at: now) }
        noticeHealth()
        let (lines, since) = arrivals.takeAll()
        for (origin, result) in lines {
            switch result {
            case let .success(updates):
                if let since { stats.lineArrived(at: since) }
                broker?.noteValue(at: Date())
                for update in updates {
                    model.apply(.set(ring: update.ring, value: update.value), at: now)
                    valueArrived(ring: update.ring, at: now)
                }
            case let .failure(rejection) where rejection.kind != .empty:
                problems.note(kind: rejection.kind.rawValue, "\(origin): \(rejection.reason) (ignored; the rings keep their values)")
            case .failure:
                break
            }
        }
    }

    public func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest? {
        if input == .exposed { return .redrawAll }
        if !options.kiosk, case let .key(key, _) = input {
            // Esc closes the help first; then it is the window's (leave fullscreen, else quit).
            if key == .escape && showHelp { showHelp = false; changed = true; return nil }
            if let request = key.windowRequest { return request }
        }
        // A scripted screen (the download demo) plays again on Space or a click.
        if options.script != nil && !options.kiosk {
            switch input {
            case .key(.space, _), .press: playScript(again: true); changed = true; return nil
            default: break
            }
        }
        // The rings and buttons where the frame puts them (the chrome takes its room first).
        let shown = scene(width: width, height: height, at: now)
        var controls = self.controls ?? LiveControls(layout: shown.layout)
        controls.layout = shown.layout
        controls.clockwise = options.theme.clockwise
        controls.buttons = shown.chrome?.layout(width: width, height: height).buttons ?? []
        let states = (controls.hovered, controls.pressed)
        let intent = options.kiosk ? LiveControls.kiosk(input) : controls.intent(for: input)
        if states != (controls.hovered, controls.pressed) { changed = true }
        self.controls = controls
        switch intent {
        case nil: return nil
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .toggleHelp: showHelp.toggle(); changed = true
        case .toggleFrameGraph: showGraph.toggle(); changed = true
        case let intent?:
            let selected = model.selection, targets = model.targets
            model.apply(intent, at: now)
            if model.selection != selected { changed = true }
            for ring in targets.indices where model.targets[ring] != targets[ring] { valueArrived(ring: ring, at: now) }
            moved = true
        }
        return nil
    }

    /// Where the burn-in protection has moved the rings: round a square of a few pixels, one step
    /// per `--shift-every`.
    func offset(width: Int, height: Int) -> (x: Int, y: Int) {
        guard options.shiftEvery != nil else { return (0, 0) }
        let step = max(1, min(width, height) / 400)
        let square = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        let (x, y) = square[shifts % square.count]
        return (x * step, y * step)
    }

    public func frame(width: Int, height: Int, at time: Double) -> ScreenFrame {
        if introPending {
            introPending = false
            model.apply(.replay, at: time)
        }
        model.update(at: time)
        let whole = changed || showGraph || fading || alerting
        changed = false
        moved = false
        return .rings(scene(width: width, height: height, at: time), whole: whole)
    }

    /// The frame as it should look at `time`: the rings at their presented values and, with chrome,
    /// the label (the selected ring's value, or the average of all), the legend and the buttons.
    func scene(width: Int, height: Int, at time: Double) -> RingScene {
        let values = model.presented
        var theme = options.theme
        if staleness != nil || theme.rings.contains(where: { $0.alert != nil }) {
            // Thresholds first, so that a stale or pulsing ring fades its threshold's colour too.
            theme.rings = values.indices.map { ring in
                var style = theme.style(ofRing: ring).at(value: values[ring])
                style.thresholds = []
                style = style.faded(staleness?.amount(ring: ring, at: time) ?? 0)
                if let alert = style.alert, values[ring] >= alert, !options.reducedMotion { style = style.pulsed(RingStyle.pulse(at: time)) }
                return style
            }
        }
        var scene = RingScene(theme: theme, width: width, height: height, values: values)
        scene.offset = offset(width: width, height: height)
        if options.theme.dot != nil {
            let layout = scene.layout
            scene.dots = values.indices.map { i in
                model.running(ring: i).flatMap { TipDot.position(of: $0.animation, since: $0.start, at: time, geometry: layout.ring(i),
                                                                 clockwise: options.theme.clockwise) }
            }
        }
        guard let glyphs else { return scene }
        // In two phases the label counts as the gold tutorial's does, by a timer stepping every 0.02 s.
        let counted = options.theme.motion != .twoPhase ? values : values.indices.map { i in
            model.running(ring: i).map { TimerCountingLabel.value(of: $0.animation, since: $0.start, at: time) } ?? values[i]
        }
        var chrome = Chrome.standard(theme: options.theme, values: counted, selection: model.selection, glyphs: glyphs, unknown: waiting,
                                     notes: staleNotes, widestNote: staleness == nil ? nil : Staleness.widestNote)
        chrome.showHelp = showHelp
        // The sources' lines: with a legend, all of them; without one, their problems alone.
        for line in shownHealth where line.problem || options.theme.legend {
            chrome.legend.append(LegendEntry(name: line.name, value: line.text, widest: line.name == "MQTT" ? MQTTFeed.State.widest : SourceHealth.widest,
                                             color: line.problem ? RGB8(255, 170, 60) : RGB8(150, 156, 168)))
        }
        chrome.hoveredButton = controls?.hovered
        chrome.pressedButton = controls?.pressed
        if showGraph {
            chrome.frameGraph = FrameGraph(times: stats.recentIntervals.map { $0 * 1000 },
                                           caption: "\(stats.presenter), refresh " + String(format: "%.2f ms", stats.refreshInterval * 1000))
        }
        scene.chrome = chrome
        return scene
    }
}

extension ProblemLog {
    /// Problems as lines on standard error, `rings: ` first, each kind at most once a minute.
    public static var standardError: ProblemLog {
        ProblemLog(now: { MonotonicClock().now() }, write: { StandardError.say("rings: \($0)") })
    }
}

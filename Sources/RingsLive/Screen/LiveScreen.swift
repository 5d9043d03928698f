import RingsText
import FoundationEssentials
import Glibc
import Rings
import RingsAnimation
import RingsRaster

/// The live rings as a screen, the coordinator of their parts: the model, what is known of the
/// values (`LiveData`), the sources that feed them (`LiveScreen+Sources`), keys and the pointer
/// (`LiveControls`, `LiveScreen+Input`), and the frame the scene side makes of it all
/// (`RingScene.live`). No SDL: the shell runs it, tests drive it on a manual clock.
public final class LiveScreen: Screen {
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
    /// Where the identity card gets its glyphs (with or without chrome).
    let cardGlyphs: GlyphSource?
    let problems: ProblemLog
    let arrivals = FeedQueue()
    var feed: LineFeed?, command: CommandFeed?, broker: MQTTFeed?, watcher: ConfigWatcher?
    /// How the live sources stand (set on their threads).
    let health = SourceHealth()
    /// What is known of the values: waiting, stale, kept, and the sources' lines as shown.
    var data: LiveData
    var staleWatched = false
    var stats = FrameStats()
    var showHelp = false, showGraph = false
    public var density = 1.0
    /// Keys and pointer, with the state a press or a hovered button carries from one input to the next.
    var controls: LiveControls?
    /// A change not drawn yet that needs the whole frame (selection, help, a shift).
    var changed = true
    /// The last frame was drawn in the middle of a fade: the next shows where it ends.
    var fadeOwed = false
    /// Values set at once (a drag, a key with an immediate spec) not drawn yet.
    var moved = false
    /// The loop the timers run on, and the script's timer while it runs.
    weak var loop: FrameLoop?
    var scriptTimer: FrameLoop.TimerID?
    /// The grow-in starts with the first frame.
    private lazy var introPending = options.intro
    /// The help, in the language chosen at start (made once, not every frame).
    private lazy var panel = options.script == .download ? HelpPanel.download : .live
    /// Steps taken round the burn-in square.
    var shifts = 0
    /// The screen's light; the schedule's step last seen; the frame's brightness easing to the
    /// light's level; the timers that read the schedule and end a wake or an identify.
    var light = ScreenLight()
    var scheduled = Schedule.State()
    let lighting = Animator(1.0)
    var scheduleTimer: FrameLoop.TimerID?, lightTimer: FrameLoop.TimerID?
    /// The light is dark and its black frame is on screen: nothing more is drawn.
    var dark = false
    /// Whether the light was dark when last said (on stderr, once per change).
    var shownDark = false
    /// Commands from the broker waiting for the frame loop; the broker has (re)connected and wants the state said.
    let orders = Mutex<[Result<ScreenCommand, ScreenCommand.Refusal>]>([])
    /// The rings' names and goals, as lines and messages from the sources name them (a reload may rename them).
    let naming = Mutex((names: [String](), goals: [Double?]()))
    let stateWanted = Mutex(false)
    /// The timer that says new values on the state topic, at most once a second; when a value last came.
    var stateTimer: FrameLoop.TimerID?
    var lastValue: Date?

    public var displayOff: Bool { light.dark }

    public init(options: Options, glyphs: GlyphSource?, problems: ProblemLog = .standardError) {
        self.options = options
        self.glyphs = options.chrome ? glyphs : nil
        cardGlyphs = glyphs
        self.problems = problems
        model = RingsModel(values: options.startsEmpty ? options.values.map { _ in 0 } : options.values, spec: options.spec)
        data = LiveData(rings: options.values.count, waiting: options.startsEmpty ? Set(options.values.indices) : options.unknown,
                        staleAfter: options.staleAfter)
    }

    deinit { stop() }

    public var wantsFrames: Bool {
        if dark { return false }
        return changed || moved || model.isAnimating || fading || fadeOwed || alerting || lighting.isAnimating
    }

    /// A ring is past its alert and pulses.
    private var alerting: Bool {
        !options.reducedMotion && model.presented.indices.contains { ring in
            options.theme.style(ofRing: ring).alert.map { model.presented[ring] >= $0 } ?? false
        }
    }

    /// A ring is fading to or from its stale look.
    private var fading: Bool { loop.map { data.staleness?.isFading(at: $0.clock.now()) ?? false } ?? false }

    public func start(on loop: FrameLoop, stats: FrameStats, wake: @escaping @Sendable () -> Void) {
        self.stats = stats
        self.loop = loop
        startFeeds(wake: wake)
        startWatcher(wake: wake)
        startSampling(on: loop)
        recall(at: loop.clock.now())
        if options.remember != nil {
            loop.addTimer(interval: 1) { [unowned self] _ in self.keep() }
        }
        if data.staleness != nil { watchStaleness() }
        if options.schedule != nil { followSchedule(on: loop) }
        playScript()
        if let interval = options.shiftEvery {
            loop.addTimer(interval: interval) { [unowned self] _ in
                self.shifts += 1
                self.changed = true
            }
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
        for order in orders.withLock({ orders in defer { orders = [] }; return orders }) { obey(order, at: now) }
        if stateWanted.withLock({ wanted in defer { wanted = false }; return wanted }) { sayState() }
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

    public func frame(width: Int, height: Int, at time: Double) -> ScreenFrame {
        if introPending {
            introPending = false
            model.apply(.replay, at: time)
        }
        model.update(at: time)
        lighting.update(at: time)
        // A new brightness is drawn whole by the redraw plan, which compares it. A frame drawn in the
        // middle of a fade to or from the stale look owes one more, drawn where the fade has ended:
        // without it the screen could stay a few percent faded, frames having stopped with the fade.
        let fadeDrawn = data.staleness?.isFading(at: time) ?? false
        let whole = changed || showGraph || fading || fadeOwed || fadeDrawn || alerting
        fadeOwed = fadeDrawn
        changed = false
        moved = false
        var frame = scene(width: width, height: height, at: time)
        frame.brightness = lighting.presented
        frame.identity = identityCard
        dark = light.dark
        return .rings(frame, whole: whole)
    }

    /// A kiosk's legend is this much larger than a desktop window's, to be read across a room.
    static let kioskTextScale = 1.5

    /// The frame as it should look at `time`.
    func scene(width: Int, height: Int, at time: Double) -> RingScene {
        var chrome = glyphs.map(LiveChrome.init)
        chrome?.showHelp = showHelp
        chrome?.showsButtons = !options.kiosk
        chrome?.namesRings = options.isLive
        chrome?.textScale = options.kiosk ? LiveScreen.kioskTextScale : 1
        chrome?.density = density
        chrome?.panel = panel
        chrome?.hoveredButton = controls?.hovered
        chrome?.pressedButton = controls?.pressed
        if showGraph {
            chrome?.frameGraph = FrameGraph(times: stats.recentIntervals.map { $0 * 1000 },
                                            caption: Words.refresh.with(stats.presenter, String(cFormat: "%.2f", stats.refreshInterval * 1000)))
        }
        return .live(model: model, theme: options.theme, data: data, reducedMotion: options.reducedMotion, width: width, height: height,
                     offset: offset(width: width, height: height), at: time, chrome: chrome)
    }

    /// The sources as a service manager's status line: "4 rings; feed no such file: /run/x; MQTT connected".
    public var status: String {
        let rings = model.targets.count - data.waiting.count
        return (["\(rings) of \(model.targets.count) rings with values"] + health.current.map { "\($0.name) \($0.text)" }).joined(separator: "; ")
    }
}

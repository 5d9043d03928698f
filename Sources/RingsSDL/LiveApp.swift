import CSDL2
import Foundation
import Rings
import RingsAnimation
import RingsRaster

/// The live window: the rings move when their values change, driven by a display link on a
/// `FrameLoop`; with nothing to animate and no input it blocks in SDL_WaitEvent and uses no CPU.
/// Each frame redraws and uploads only what changed (see `FramePainter`).
public final class LiveApp {
    public struct Options {
        public var theme: Theme
        public var values: [Double]
        public var spec: AnimationSpec
        public var size: (width: Int, height: Int)
        public var fullscreen: Bool
        /// Label, legend and buttons; without them the window shows exactly what `rings render` draws.
        public var chrome: Bool
        /// A font family for the chrome (fontconfig), or nil for Inter / DejaVu Sans.
        public var font: String?
        /// Live values, one line at a time (see `FeedLine`).
        public var feed: LineFeed.Source?
        /// Built-in sources for the rings, in order, sampled every `every` seconds.
        public var sources: [SystemSource]
        /// A shell command run every `every` seconds whose output lines are feed lines.
        public var exec: String?
        public var every: Double
        /// Unattended: fullscreen, no cursor, no screensaver, and only Ctrl+Alt+Q (or a signal) quits.
        public var kiosk: Bool
        /// Which display the window opens on (0 is the first).
        public var display: Int
        /// Every this many seconds the rings move by a few pixels, round a small square (burn-in).
        public var shiftEvery: Double?
        /// Values to set at given times after the window opens (a demo's simulated data).
        public var script: ValueScript?
        public init(theme: Theme, values: [Double], spec: AnimationSpec, size: (width: Int, height: Int),
                    fullscreen: Bool = false, chrome: Bool = true, font: String? = nil, feed: LineFeed.Source? = nil,
                    sources: [SystemSource] = [], exec: String? = nil, every: Double = 2, kiosk: Bool = false,
                    display: Int = 0, shiftEvery: Double? = nil) {
            self.theme = theme; self.values = values; self.spec = spec; self.size = size
            self.fullscreen = fullscreen; self.chrome = chrome; self.font = font; self.feed = feed
            self.sources = sources; self.exec = exec; self.every = every; self.kiosk = kiosk
            self.display = display; self.shiftEvery = shiftEvery
        }
    }

    let window: RingsWindow
    let options: Options
    public let model: RingsModel
    public private(set) var stats = FrameStats()
    private let clock = MonotonicClock()
    private let painter: FramePainter
    private var quit = false
    /// What went wrong in an event handler, thrown from the loop.
    private var failure: SDLError?
    private var animatingBefore = false
    /// The moment the frame being drawn shows (the display link's target time).
    private var shownTime = 0.0
    private let glyphs: FontGlyphs?
    private var showHelp = false, showGraph = false
    /// Steps taken round the burn-in square.
    private var shifts = 0
    private let arrivals = FeedQueue()
    private var feed: LineFeed?
    private var command: CommandFeed?
    private let problems = ProblemLog(now: { MonotonicClock().now() }, write: { FileHandle.standardError.write(Data("rings: \($0)\n".utf8)) })

    public init(options: Options) throws(SDLError) {
        self.options = options
        window = try RingsWindow(title: "rings", width: options.size.width, height: options.size.height, display: options.display)
        glyphs = options.chrome ? try FontGlyphs(name: options.font, for: options.theme) : nil
        painter = FramePainter(window: window)
        if options.fullscreen || options.kiosk { window.toggleFullscreen() }
        if options.kiosk {
            SDL_ShowCursor(SDL_DISABLE)
            SDL_DisableScreenSaver()
        }
        window.reportsWindowLoss()
        model = RingsModel(values: options.values, spec: options.spec)
        if options.feed != nil || options.exec != nil {
            let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
            let goals = options.values.indices.map { options.theme.style(ofRing: $0).goal }
            let queue = arrivals, problems = self.problems
            let wake = SDL_RegisterEvents(1)
            queue.eventType = wake
            let deliver: @Sendable (Int, [UInt8]) -> Void = { number, bytes in
                queue.append(number: number, result: FeedLine.parse(bytes, names: names, goals: goals))
                var event = SDL_Event()
                event.type = wake
                SDL_PushEvent(&event)
            }
            if let source = options.feed {
                feed = LineFeed(source: source, report: { problems.note(kind: "feed", $0) }, deliver: deliver)
            }
            if let exec = options.exec {
                command = CommandFeed(command: exec, interval: options.every, report: { problems.note(kind: "exec", $0) }, deliver: deliver)
            }
        }
    }

    deinit { feed?.stop(); command?.stop() }

    /// Where the burn-in protection has moved the rings: round a square of a few pixels, one step
    /// per `--shift-every`.
    func offset(width: Int, height: Int) -> (x: Int, y: Int) {
        guard options.shiftEvery != nil else { return (0, 0) }
        let step = max(1, min(width, height) / 400)
        let square = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        let (x, y) = square[shifts % square.count]
        return (x * step, y * step)
    }

    /// The frame as it should look now: the rings at their presented values and, with chrome, the
    /// label (the selected ring's value, or the average of all), the legend and the buttons.
    func scene(width: Int, height: Int) -> RingScene {
        let values = model.presented
        var scene = RingScene(theme: options.theme, width: width, height: height, progress: values)
        scene.offset = offset(width: width, height: height)
        if options.theme.dot != nil {
            let layout = scene.layout
            scene.dots = values.indices.map { i in
                model.running(ring: i).flatMap { TipDot.position(of: $0.animation, since: $0.start, at: shownTime, geometry: layout.ring(i),
                                                                 clockwise: options.theme.clockwise) }
            }
        }
        guard let glyphs else { return scene }
        // In two phases the label counts as the gold tutorial's does, by a timer stepping every 0.02 s.
        let counted = options.theme.motion != .twoPhase ? values : values.indices.map { i in
            model.running(ring: i).map { TimerCountingLabel.value(of: $0.animation, since: $0.start, at: shownTime) } ?? values[i]
        }
        var chrome = Chrome.standard(theme: options.theme, values: counted, selection: model.selection, glyphs: glyphs)
        chrome.showHelp = showHelp
        if showGraph { chrome.frameTimes = stats.intervals.suffix(90).map { $0 * 1000 } }
        scene.chrome = chrome
        return scene
    }

    /// Runs until the person quits.
    public func run() throws(SDLError) {
        let loop = FrameLoop(clock: clock)
        let link = loop.addDisplayLink(refreshInterval: window.refreshInterval) { [unowned self] tick in
            do throws(SDLError) { try self.draw(for: tick) } catch { self.failure = error }
        }
        // Awake while something animates or the screen lags behind the values (a drag sets them at once).
        link.isActive = { [unowned self] in self.model.isAnimating || self.painter.lags(behind: self.model.presented) }
        let signals = QuitSignals()
        defer { withExtendedLifetime(signals) {} }
        feed?.start()
        command?.start()
        if !options.sources.isEmpty {
            let sampler = SystemSampler()
            let sample = { [unowned self] (_: Double) in
                for (ring, source) in self.options.sources.enumerated() {
                    guard let value = sampler.sample(source), value.isFinite else {
                        self.problems.note(kind: "source \(source)", "cannot read \(source); the ring keeps its value")
                        continue
                    }
                    self.model.apply(.set(ring: ring, value: value), at: self.clock.now())
                }
            }
            sample(clock.now())
            loop.addTimer(interval: options.every, action: sample)
        }
        if let script = options.script {
            // Stepped by a timer as fast as its closest steps, stopped after the last.
            let start = clock.now()
            var done = -Double.infinity
            let gaps = zip(script.steps, script.steps.dropFirst()).map { $1.at - $0.at }.filter { $0 > 0 }
            var timer: FrameLoop.TimerID?
            timer = loop.addTimer(interval: max(0.005, gaps.min() ?? 0.01)) { [unowned self] now in
                let elapsed = now - start
                for step in script.steps(after: done, upTo: elapsed) {
                    self.model.apply(.set(ring: step.ring, value: step.value), at: now)
                }
                done = elapsed
                if elapsed >= script.duration, let id = timer { loop.removeTimer(id) }
            }
        }
        if let interval = options.shiftEvery {
            loop.addTimer(interval: interval) { [unowned self] _ in
                self.shifts += 1
                self.painter.invalidate()
            }
        }
        try loop.runWithEvents(clock: clock, until: { quit }, failure: { failure }, handle: handle)
        stats.dropped = link.droppedFrames
    }

    /// Applies the lines that arrived: good ones animate the rings from what is on screen; bad ones
    /// are logged, a kind of problem at most once a minute, and change nothing.
    private func applyFeed() {
        let (lines, since) = arrivals.takeAll()
        for (number, result) in lines {
            switch result {
            case let .success(updates):
                if let since { stats.lineArrived(at: since) }
                for update in updates { model.apply(.set(ring: update.ring, value: update.value), at: clock.now()) }
            case let .failure(rejection) where rejection.kind != .empty:
                problems.note(kind: rejection.kind.rawValue, "feed line \(number): \(rejection.reason) (ignored; the rings keep their values)")
            case .failure:
                break
            }
        }
    }

    private func handle(_ event: SDL_Event) {
        if event.type == arrivals.eventType { return applyFeed() }
        if window.wasDestroyed(by: event) { return windowLost() }
        let (width, height) = window.pixelSize
        let scale = Double(width) / Double(max(1, window.pointSize.width))
        var mapper = EventMapper(layout: RingLayout(width: width, height: height, count: model.count, theme: options.theme,
                                                    offset: offset(width: width, height: height)),
                                 pixelScale: scale, isDragging: model.isDragging)
        if glyphs != nil { mapper.buttons = Chrome.buttons(width: width, height: height, titles: options.theme.buttons) }
        if options.kiosk, let quitChord = kioskMeaning(event) { quit = quitChord; return }
        var mx: Int32 = 0, my: Int32 = 0
        SDL_GetMouseState(&mx, &my)
        switch mapper.meaning(of: event, mouse: (mx, my)) {
        case .redraw: painter.invalidate()
        case .none: break
        case let .intent(intent):
            switch intent {
            case .quit: quit = true
            case .toggleFullscreen: window.toggleFullscreen(); painter.invalidate()
            case .toggleHelp: showHelp.toggle(); painter.invalidate()
            case .toggleFrameGraph: showGraph.toggle(); painter.invalidate()
            default: model.apply(intent, at: clock.now())
            }
        }
    }

    /// Another program destroyed the window: a kiosk opens a new one and draws it whole; a desktop
    /// window takes it as being closed.
    private func windowLost() {
        guard options.kiosk else {
            problems.note(kind: "window", "the window was destroyed by another program; quitting")
            quit = true
            return
        }
        problems.note(kind: "window", "the window was destroyed by another program; opening a new one")
        do throws(SDLError) { try window.recreate() } catch { failure = error }
        painter.invalidate()
    }

    /// In a kiosk, keys and clicks do nothing, but Ctrl+Alt+Q quits; SDL_QUIT (a signal, the window
    /// manager) still ends it. Returns nil for events the kiosk lets through (window changes, quit).
    private func kioskMeaning(_ event: SDL_Event) -> Bool? {
        switch event.type {
        case SDL_KEYDOWN.rawValue:
            let mod = UInt32(event.key.keysym.mod)
            let chord = mod & KMOD_CTRL.rawValue != 0 && mod & KMOD_ALT.rawValue != 0 && event.key.keysym.sym == Int32(SDLK_q.rawValue)
            return chord
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEMOTION.rawValue, SDL_MOUSEWHEEL.rawValue:
            return false
        default:
            return nil
        }
    }

    /// Draws the frame for the display link's target time and shows what changed.
    private func draw(for tick: FrameTick) throws(SDLError) {
        model.update(at: tick.targetTimestamp)
        shownTime = tick.targetTimestamp
        let (width, height) = window.pixelSize
        let shown: Bool
        do { shown = try painter.paint(scene(width: width, height: height), whole: showGraph) } catch {
            guard options.kiosk else { throw error }
            // The window surface is lost: a kiosk opens a new window and draws it whole.
            problems.note(kind: "present", "cannot show the frame (\(error)); opening a new window")
            try window.recreate()
            painter.invalidate()
            return
        }
        if shown { stats.presented(at: clock.now(), continuing: animatingBefore) }
        animatingBefore = model.isAnimating
    }
}

/// Lines parsed on the feed's thread, waiting for the main loop.
final class FeedQueue: @unchecked Sendable {
    private var items: [(Int, Result<[(ring: Int, value: Double)], FeedLine.Rejection>)] = []
    /// When the oldest waiting line arrived (monotonic seconds).
    private(set) var firstArrival: Double?
    private let lock = NSLock()
    /// The SDL event type that wakes the loop when lines arrive.
    var eventType: UInt32 = UInt32.max

    func append(number: Int, result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>) {
        lock.lock()
        if items.isEmpty { firstArrival = MonotonicClock().now() }
        items.append((number, result))
        lock.unlock()
    }

    /// The waiting lines and when the first of them arrived.
    func takeAll() -> (lines: [(Int, Result<[(ring: Int, value: Double)], FeedLine.Rejection>)], since: Double?) {
        lock.lock(); defer { lock.unlock() }
        let all = (items, firstArrival)
        items.removeAll()
        firstArrival = nil
        return all
    }
}

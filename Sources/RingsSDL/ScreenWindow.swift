import CSDL2
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster

/// The SDL shell that runs a `Screen` (the live rings or a demo board): SDL's events in, a display
/// link that ticks while the screen wants frames (driven by presents with the vsync presenter, by a
/// timer at the display's rate with the surface one), and the updater that shows what changed.
/// With nothing to draw it blocks in SDL_WaitEvent and uses no CPU.
public final class ScreenWindow {
    /// How the window opens.
    public struct Options {
        public var size: (width: Int, height: Int)
        public var fullscreen: Bool
        /// Unattended: fullscreen, no cursor, no screensaver; a window destroyed under it is opened
        /// again, a frame that cannot be shown opens a new window.
        public var kiosk: Bool
        /// Which display the window opens on (0 is the first).
        public var display: Int
        public var present: PresentMode
        /// How the frame is turned for a screen on its side; `size` is the frame's.
        public var rotation: Rotation
        /// The HDMI-CEC adapter that puts a TV in standby when the screen goes off.
        public var cec: CECChoice
        /// The desktop widget the window is (nil: a plain window).
        public var widget: DesktopWidget?
        public init(size: (width: Int, height: Int), fullscreen: Bool = false, kiosk: Bool = false, display: Int = 0,
                    present: PresentMode = .auto, rotation: Rotation = .none, cec: CECChoice = .auto, widget: DesktopWidget? = nil) {
            self.size = size; self.fullscreen = fullscreen; self.kiosk = kiosk; self.display = display; self.present = present
            self.rotation = rotation; self.cec = cec; self.widget = widget
        }
    }

    let screen: any Screen
    let window: RingsWindow
    let options: Options
    public let stats = FrameStats()
    /// Whether the window system takes the window, its renderer and Mesa's GL context back when the
    /// process ends (X11 and Wayland do); the console's display is handed back by closing the window.
    public var isTakenBackAtExit: Bool { ["x11", "wayland"].contains(window.driver) }
    private let clock = MonotonicClock()
    private let updater: FrameUpdater
    private let problems = ProblemLog.standardError
    private var quit = false, animatingBefore = false
    /// What went wrong in an event handler or a tick, thrown from the loop.
    private var failure: SDLError?
    /// The SDL event type that wakes the loop when another thread handed something over.
    private let wakeEvent: UInt32
    /// The display link when presents drive it (the vsync presenter); it is told of each present.
    private var presentLink: PresentDisplayLink?
    private let supervisor = Supervisor()
    /// The display's power, for a screen that asks it off.
    private let power: DisplayPower
    private var touch = TouchInput()
    /// Frames still to present whole after the window opens. A Wayland compositor configures a new
    /// window (and libdecor draws its title bar) after its first commit and takes that configure with
    /// the next one: a window with nothing to animate would show neither its picture nor its
    /// decorations until something redrew it.
    private var openingFrames: Int
    /// RINGS_TEST_TRAP=1: trap after the first frame shown, as a Swift runtime error would (the tests
    /// of how a crash ends). Debug builds only: what ships reads no test's variable.
    #if DEBUG
    private static let trapsOnPurpose = ProcessInfo.processInfo.environment["RINGS_TEST_TRAP"] == "1"
    #else
    private static let trapsOnPurpose = false
    #endif

    public init(screen: any Screen, options: Options) throws(SDLError) {
        self.screen = screen
        self.options = options
        let (width, height) = options.rotation.frameSize(screen: options.size.width, options.size.height)
        window = try RingsWindow(title: screen.title, width: width, height: height,
                                 display: options.display, fullscreen: options.fullscreen || options.kiosk, present: options.present,
                                 widget: options.widget)
        updater = FrameUpdater(window: window)
        power = DisplayPower(cec: options.cec, problems: problems)
        updater.rotation = options.rotation
        if options.kiosk {
            SDL_ShowCursor(SDL_DISABLE)
            SDL_DisableScreenSaver()
        }
        window.reportsWindowLoss()
        wakeEvent = SDL_RegisterEvents(1)
        openingFrames = window.driver == "wayland" ? 3 : 0
        stats.presenter = window.presenterName
        stats.videoDriver = window.driver
        stats.power = power.name(window: window)
    }

    /// Runs until the person quits; throws when the display goes away or a frame cannot be shown.
    public func run() throws(SDLError) {
        let loop = FrameLoop(clock: clock)
        let link: any DisplayLink
        if window.presentsWithVsync {
            let driven = PresentDisplayLink(nominalInterval: window.refreshInterval) { [unowned self] tick in self.tick(tick) }
            loop.add(driven)
            presentLink = driven
            link = driven
        } else {
            link = loop.addDisplayLink(refreshInterval: window.refreshInterval) { [unowned self] tick in self.tick(tick) }
        }
        link.isActive = { [unowned self] in self.screen.wantsFrames || self.updater.isStale || self.openingFrames > 0 }
        stats.refreshInterval = link.refreshInterval
        // SIGINT and SIGTERM push SDL_QUIT, which wakes a loop blocked in SDL_WaitEvent (the flag covers a full queue).
        ProcessSignals.onQuit {
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            SDL_PushEvent(&event)
        }
        defer { ProcessSignals.onQuit(nil) }
        let wake = wakeEvent
        screen.start(on: loop, stats: stats, wake: {
            var event = SDL_Event()
            event.type = wake
            SDL_PushEvent(&event)
        })
        defer { screen.stop(); power.restore(window: window) }
        if let interval = supervisor.watchdogInterval {
            loop.addTimer(interval: interval) { [unowned self] _ in self.supervisor.ping(status: self.screen.status) }
        }
        try loop.runWithEvents(clock: clock, until: { quit || ProcessSignals.quitRequested }, failure: { failure }, handle: handle)
        stats.dropped = link.droppedFrames
    }

    private func tick(_ tick: FrameTick) {
        do throws(SDLError) {
            let shown = try draw(for: tick)
            guard let link = presentLink else { return }
            if shown { link.presented(at: clock.now()) } else { link.skipped(at: clock.now()) }
            stats.refreshInterval = link.refreshInterval
        } catch {
            failure = error
        }
    }

    /// `frame` with its background left clear where the window shows what lies under it.
    private func transparent(_ frame: ScreenFrame) -> ScreenFrame {
        guard window.transparent, case .rings(var scene, let whole) = frame else { return frame }
        scene.theme.transparent = true
        return .rings(scene, whole: whole)
    }

    /// Draws the frame for the display link's target time, laid out for the drawable's size now, and
    /// shows what changed; returns whether anything was shown.

    private func draw(for tick: FrameTick) throws(SDLError) -> Bool {
        let (width, height) = options.rotation.frameSize(screen: window.pixelSize.width, window.pixelSize.height)
        screen.density = window.density
        if openingFrames > 0 {
            openingFrames -= 1
            updater.invalidate()
        }
        // On before the frame that shows (a KMS/DRM page flip on a display that is off is lost), off
        // after the black one.
        if power.askedOff && !screen.displayOff { power.set(off: false, window: window) }
        let shown: Bool
        do { shown = try updater.update(transparent(screen.frame(width: width, height: height, at: tick.targetTimestamp))) } catch {
            if window.lostDisplay {
                lose()
                return false
            }
            guard options.kiosk else { throw error }
            // What shows the frame is lost: a kiosk opens a new window and draws it whole.
            problems.note(kind: "present", "cannot show the frame (\(error)); opening a new window")
            try window.recreate()
            updater.invalidate()
            return false
        }
        if screen.displayOff && !power.askedOff {
            power.set(off: true, window: window)
            stats.power = power.name(window: window)
        }
        if shown {
            stats.presented(at: clock.now(), continuing: animatingBefore)
            supervisor.presented(status: screen.status)
            if Self.trapsOnPurpose { fatalError("RINGS_TEST_TRAP=1: a Swift trap on purpose, to test how a crash ends") }
        }
        if animatingBefore && !screen.wantsFrames { AddressSpace.giveBackFreeMemory() }
        animatingBefore = screen.wantsFrames
        return shown
    }

    /// The Wayland compositor went away: the loop ends the clean way, with the one line.
    private func lose() {
        WaylandLoss.ending()
        failure = SDLError(WaylandLoss.problem)
    }

    private func handle(_ event: SDL_Event) {
        if event.type == wakeEvent {
            screen.wake(at: clock.now())
            return supervisor.tell(status: screen.status)
        }
        // An X server turns the monitor on at any input; a screen that stays dark turns it off again.
        defer { if screen.displayOff { power.keepOff(window: window) } }
        if window.wasDestroyed(by: event) { return windowLost() }
        window.keepPointerOnScreen(event)
        if event.type == SDL_QUIT.rawValue && window.lostDisplay { return lose() }
        let size = window.pixelSize
        var mx: Int32 = 0, my: Int32 = 0
        SDL_GetMouseState(&mx, &my)
        screen.density = window.density
        let translate = SDLInput(pixelScale: window.density)
        let raw = TouchInput.isFinger(event) ? touch.input(for: event, width: size.width, height: size.height) : translate.input(for: event, mouse: (mx, my))
        guard let input = raw?.mapped({ options.rotation.framePoint($0, screen: size.width, size.height) }) else { return }
        if TouchInput.isFinger(event), case .press = input { stats.touches += 1 }
        if input == .exposed { updater.invalidate() }
        let frame = options.rotation.frameSize(screen: size.width, size.height)
        switch screen.handle(input, width: frame.width, height: frame.height, at: clock.now()) {
        case .quit?: quit = true
        case .toggleFullscreen?: window.toggleFullscreen(); updater.invalidate()
        case .leave?:
            if window.isFullscreen { window.toggleFullscreen(); updater.invalidate() } else { quit = true }
        case .redrawAll?: updater.invalidate()
        case nil: break
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
        updater.invalidate()
    }
}

import CSDL2
import CWaylandProbe
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsRaster

/// A resizable desktop window (or a fullscreen one) and the presenter that shows our frames in it:
/// on X11, Wayland or KMS/DRM, whichever SDL's video driver is.
public final class RingsWindow {
    /// The SDL window; replaced when another program destroys it (see RingsWindow+Loss.swift).
    var window: OpaquePointer
    let title: String
    let display: Int
    /// SDL's video driver, lowercased (SDL itself says `KMSDRM`): x11, wayland, kmsdrm, ...
    public let driver: String
    /// The presenter kind resolved from the `PresentMode` asked for.
    let mode: PresentMode
    var presenter: any Presenter
    /// The console's screen, when the window is the console (KMS/DRM): SDL's window then only takes
    /// input, and frames go to this screen through `ConsolePresenter`.
    var console: ConsoleDisplay?
    /// Whether the window shows what lies under its clear pixels (a widget over a compositor).
    public let transparent: Bool
    /// The desktop widget the window is, if it is one.
    let widget: DesktopWidget?

    /// Opens the window, fullscreen at the display's size if asked (a compositor such as cage may
    /// size windows before they map; one made at the screen's size needs no relayout); throws when
    /// there is no display (the message says so).
    public init(title: String, width: Int, height: Int, display: Int = 0, fullscreen: Bool = false,
                present: PresentMode = .auto, widget: DesktopWidget? = nil) throws(SDLError) {
        let env = ProcessInfo.processInfo.environment
        let requested = env["SDL_VIDEODRIVER"] ?? ""
        // Asked without any display, SDL would probe Wayland (printing noise) and fall back to an
        // invisible driver; say plainly that there is nothing to show a window on.
        guard let drivers = VideoDriverChoice.drivers(environment: env) else {
            throw SDLError("no display available (DISPLAY and WAYLAND_DISPLAY are not set)")
        }
        // SIGINT and SIGTERM are ours (see `ProcessSignals`): SDL's handlers do not wake SDL_WaitEvent.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // Touches are taken as fingers (`TouchInput`), never also as the mouse SDL would make of them;
        // without that mouse, SDL 2.26 on X11 delivers finger events again (lost since 2.0.22, SDL
        // issues 5652 and 8382). Auto-capture loses a touch's lift on X11 (SDL issue 9709).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, "0")
        // Each driver in turn, until one starts and opens the window with a presenter: native Wayland
        // that cannot make its window (no EGL, say) falls back to X11 as one that cannot start does.
        var failure = SDLError("no display available")
        for (index, name) in (drivers.isEmpty ? [""] : drivers).enumerated() {
            if index > 0 { StandardError.say("rings: native Wayland could not start (\(failure)); using X11 (\(env["DISPLAY"] ?? ""))") }
            let opened: Opened
            var index = display
            if name == "x11", let screen = X11Screens.display(env["DISPLAY"] ?? "", screen: display) {
                setenv("DISPLAY", screen, 1)
                SDL_SetHint(SDL_HINT_VIDEO_X11_XRANDR, "0")
                index = 0
            }
            do throws(SDLError) {
                let started = try Self.startVideo(name, requested: requested, environment: env).get()
                do throws(SDLError) {
                    opened = try Self.open(driver: started, title: title, width: width, height: height, display: index,
                                           fullscreen: fullscreen, present: present, widget: widget)
                } catch {
                    WaylandLoss.stopWatching()
                    SDL_QuitSubSystem(SDL_INIT_VIDEO)
                    throw error
                }
            } catch {
                failure = error
                continue
            }
            (driver, mode, window, presenter, console) = (opened.driver, opened.mode, opened.window, opened.presenter, opened.console)
            transparent = opened.transparent
            self.widget = widget
            self.title = title
            self.display = index
            return
        }
        throw failure
    }

    /// What `open` made: the window on a driver, its presenter, the presenter's kind, and the console's screen.
    typealias Opened = (driver: String, mode: PresentMode, window: OpaquePointer, presenter: any Presenter, console: ConsoleDisplay?,
                        transparent: Bool)

    /// The window and its presenter on `driver`, just started; throws (the window destroyed) when
    /// either cannot be made.
    private static func open(driver: String, title: String, width: Int, height: Int, display: Int, fullscreen: Bool,
                             present: PresentMode, widget: DesktopWidget?) throws(SDLError) -> Opened {
        if driver == "kmsdrm" { return try openConsole(title: title, display: display, present: present) }
        let displays = Int(SDL_GetNumVideoDisplays())
        guard (0..<max(1, displays)).contains(display) else {
            throw SDLError("display \(display) does not exist (there \(displays == 1 ? "is 1 display, 0" : "are \(displays) displays, 0 to \(displays - 1)"))")
        }
        // And ours again now: SDL's own, set while it opened the display, would pass errors on to it
        // only after trying to restore display modes from inside the error handler.
        if driver == "x11" { X11Errors.guardProcess(); X11Errors.exitWhenTheServerGoes() }
        // A widget on X11 is drawn on the window surface: its pixels carry the ARGB visual's alpha.
        let mode = widget != nil && driver == "x11" ? .surface : resolve(present, driver: driver)
        // The window surface is SDL's own XShm image only without this; elsewhere it must stay unset.
        if mode == .surface && driver == "x11" { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        let transparent = widget?.prepare(driver: driver) ?? false
        let window = try create(title: title, width: width, height: height, display: display, fullscreen: fullscreen, driver: driver,
                                mode: mode, widget: widget)
        do throws(SDLError) {
            let (shown, presenter) = try presenter(mode, for: window)
            widget?.show(window)
            return (driver, shown, window, presenter, nil, transparent)
        } catch {
            SDL_DestroyWindow(window)
            throw error
        }
    }

    /// Starts SDL's video on driver `name` (SDL's own choice for ""): its name, or why not.
    private static func startVideo(_ name: String, requested: String, environment env: [String: String]) -> Result<String, SDLError> {
        if !name.isEmpty { SDL_SetHint(SDL_HINT_VIDEODRIVER, name) }
        // The console is ours (see ConsoleDisplay); SDL only reads its input devices there.
        if (name.isEmpty ? requested : name).lowercased() == "kmsdrm" { return startConsoleInput() }
        // SDL 2.26 crashes in SDL_Init on a compositor without a seat (headless weston): asked first.
        let seat = (name.isEmpty ? requested.lowercased() : name) == "wayland" ? rings_wayland_has_seat(nil) : -1
        if seat == 0 {
            return .failure(SDLError("the Wayland compositor offers no seat (wl_seat), which SDL's Wayland driver needs"))
        }
        // Before SDL opens the display too: SDL keeps the handler it finds and puts it back when
        // its video subsystem quits, while errors from its second connection may still be on the way.
        X11Errors.guardProcess()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            if seat == 1 { WaylandLoss.endIfGone() }
            return .failure(SDLError.last(name.isEmpty ? "no display available" : "no display available on \(name)"))
        }
        let started = SDL_GetCurrentVideoDriver().map { String(cString: $0).lowercased() } ?? ""
        // An unreachable display makes SDL fall back to its invisible drivers: no window for a person.
        if !["offscreen", "dummy"].contains(started) || requested.lowercased() == started { return .success(started) }
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        return .failure(SDLError("no display available (cannot reach \(env["DISPLAY"] ?? env["WAYLAND_DISPLAY"] ?? "a display"))"))
    }

    deinit {
        destroyWindowSettlingErrors()
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// What shows the frames, for `--stats`: "surface" or "vsync (renderer: GL renderer)".
    public var presenterName: String { presenter.name }

    /// Seconds the last present spent waiting for the display's vblank (0 without vsync).
    public var lastPresentWait: Double { presenter.lastWait }

    /// Whether presents return at the display's vblank (drive the display link by them).
    public var presentsWithVsync: Bool { presenter.waitsForVsync }

    /// The size of the window's drawable area in pixels.
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The drawable's pixels to a screen point: the output's scale natively on Wayland (2, 1.5), 1 elsewhere.
    public var density: Double {
        let (pixels, points) = (pixelSize.width, pointSize.width)
        return points > 0 && pixels > 0 ? Double(pixels) / Double(points) : 1
    }

    /// The size of the window in screen points (mouse coordinates); differs from `pixelSize` on HiDPI.
    public var pointSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The display's nominal refresh interval in seconds (1/60 when it does not say, as under Xvfb).
    public var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        if let console { return console.refreshInterval }
        guard SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }

    public var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    /// Switches between a window and the whole screen (the desktop's resolution, no mode change);
    /// the console is always the whole screen.
    public func toggleFullscreen() {
        guard console == nil else { return }
        SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// Shows the parts `rects` of `frame` (all of it for an empty list); `copied` says they were
    /// drawn into `drawingSurface()` already.
    public func present(_ frame: Pixmap, rects: [IntRect] = [], copied: Bool = false) throws(SDLError) {
        try presenter.present(frame, rects: rects.isEmpty ? [frame.bounds] : rects, copied: copied)
    }

    /// What the window shows, for drawing frames straight into it (from several threads at once)
    /// before `present(copied: true)`; nil when `present` must upload the parts itself.
    public func drawingSurface() -> WindowSurface? { presenter.drawingSurface() }
}

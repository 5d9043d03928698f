import CSDL2
import CSDL2SysWM
import CWaylandProbe
import FoundationEssentials
import Glibc

extension RingsWindow {
    /// Opens a new window in place of one that another program destroyed, at the same size and, if
    /// it was, fullscreen; the caller redraws everything.
    public func recreate() throws(SDLError) {
        if console != nil { return try reopenConsole() }
        let (width, height) = pointSize, fullscreen = isFullscreen
        // SDL hides a window before destroying it and waits for the X server to say it is unmapped,
        // which a destroyed window never will: put that notice in the queue for it. (Its other calls
        // on the dead window fail with BadWindow, which X11Errors ignores.)
        if let info = systemInfo, info.subsystem == SDL_SYSWM_X11, let display = info.info.x11.display {
            var unmapped = XEvent()
            unmapped.xunmap.type = UnmapNotify
            unmapped.xunmap.display = display
            unmapped.xunmap.window = info.info.x11.window
            unmapped.xunmap.event = info.info.x11.window
            XPutBackEvent(display, &unmapped)
        }
        destroyWindowSettlingErrors()
        window = try Self.create(title: title, width: width, height: height, display: self.display, fullscreen: fullscreen, driver: driver,
                                 mode: mode, widget: widget)
        presenter = try Self.presenter(mode, for: window).1
        widget?.show(window)
    }

    /// Destroys the window and waits for the X server's answer to everything sent so far, so that
    /// errors caused by the teardown (requests about a window already gone) reach X11Errors, and not
    /// Xlib's default handler, which SDL puts back when its video subsystem quits and which exits 1.
    func destroyWindowSettlingErrors() {
        // The renderer goes before its window (SDL would destroy it with the window, under ours).
        presenter = SurfacePresenter(window: window)
        let display = systemInfo.flatMap { $0.subsystem == SDL_SYSWM_X11 ? $0.info.x11.display : nil }
        SDL_DestroyWindow(window)
        if let display { XSync(display, 0) }
    }

    /// Whether `event` says that our window was destroyed under us (by `xdotool windowclose`, say):
    /// X11 only, and only once `reportsWindowLoss()` has asked SDL for the window system's events.
    public func wasDestroyed(by event: SDL_Event) -> Bool {
        guard event.type == SDL_SYSWMEVENT.rawValue, let message = event.syswm.msg,
              message.pointee.subsystem == SDL_SYSWM_X11 else { return false }
        let x = message.pointee.msg.x11.event
        return x.type == DestroyNotify && x.xdestroywindow.window == nativeWindow
    }

    /// Asks SDL to pass on the window system's own events, which `wasDestroyed(by:)` reads (X11).
    public func reportsWindowLoss() {
        if driver == "x11" { SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }
    }

    /// Whether the connection to the display server is broken: the Wayland compositor went away
    /// (SDL then sends SDL_QUIT, which must not read as a person quitting). On X11 Xlib's handler
    /// ends the process instead (`X11Errors.exitWhenTheServerGoes`).
    public var lostDisplay: Bool {
        guard let info = systemInfo, info.subsystem == SDL_SYSWM_WAYLAND, let display = info.info.wl.display else {
            return false
        }
        return rings_wayland_error(UnsafeMutableRawPointer(display)) != 0
    }

    /// The X11 window behind ours (0 on other systems).
    private var nativeWindow: Window {
        guard let info = systemInfo, info.subsystem == SDL_SYSWM_X11 else { return 0 }
        return info.info.x11.window
    }

    /// What SDL knows of the window at the window system's level.
    var systemInfo: SDL_SysWMinfo? { Self.systemInfo(of: window) }

    /// What SDL knows of `window` at the window system's level (its X11 display and window, its
    /// Wayland display), or nil.
    static func systemInfo(of window: OpaquePointer) -> SDL_SysWMinfo? {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        return SDL_GetWindowWMInfo(window, &info) == SDL_TRUE ? info : nil
    }
}

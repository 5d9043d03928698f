import CSDL2
import RingsLive

/// How a window and its presenter are made: the presenter's kind for a driver, the presenter, and
/// the SDL window it needs.
extension RingsWindow {
    /// The presenter kind for `mode` under `driver` (SDL's name, any case): vsync where SDL has no
    /// software surface (Wayland, KMS/DRM) or a real GPU draws; the window surface otherwise.
    public static func resolve(_ mode: PresentMode, driver: String) -> PresentMode {
        guard mode == .auto else { return mode }
        switch driver.lowercased() {
        case "wayland", "kmsdrm": return .vsync
        case "x11": return GLProbe.probeRenderer().map { GLProbe.isSoftware($0) ? .surface : .vsync } ?? .surface
        default: return .surface
        }
    }

    /// The presenter for `mode` and the mode it is: vsync falls back to the window surface, with one
    /// line, where its renderer cannot be made.
    static func presenter(_ mode: PresentMode, for window: OpaquePointer)
        throws(SDLError) -> (PresentMode, any Presenter) {
        if mode == .vsync {
            do { return (.vsync, try VsyncPresenter(window: window)) } catch {
                StandardError.say("rings: the vsync presenter could not start (\(error)); using the window surface")
            }
        }
        guard SDL_GetWindowSurface(window) != nil else { throw SDLError.last("no window surface") }
        return (.surface, SurfacePresenter(window: window))
    }

    /// A window on `driver` for a presenter of `mode`. It is an OpenGL window from the start on
    /// Wayland, as SDL 2.26 made every one: SDL 2.32 no longer does, and its renderers then make the
    /// window again as an OpenGL one, which crashes (SIGSEGV in Wayland_DestroyWindow) where the GL
    /// library cannot be loaded. So it is for vsync on X11: made again, the window showed twice, and
    /// the first, shown and gone, had another id (a window manager's rule, a test, found that one).
    static func create(title: String, width: Int, height: Int, display: Int, fullscreen: Bool, driver: String,
                       mode: PresentMode, widget: DesktopWidget? = nil) throws(SDLError) -> OpaquePointer {
        // SDL_WINDOWPOS_CENTERED_DISPLAY(n), a C macro Swift does not import.
        let centered = Int32(0x2FFF_0000) | Int32(display)
        let origin = widget?.origin(width: width, height: height, display: display) ?? (x: centered, y: centered)
        var flags = widget != nil ? DesktopWidget.flags
            : SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if driver == "wayland" || mode == .vsync { flags |= SDL_WINDOW_OPENGL.rawValue }
        // On Wayland the connection is watched before the window shows (`WaylandLoss`).
        let shows = flags & SDL_WINDOW_HIDDEN.rawValue == 0
        if driver == "wayland" { flags |= SDL_WINDOW_HIDDEN.rawValue }
        var size = (w: Int32(width), h: Int32(height)), bounds = SDL_Rect()
        if fullscreen {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            if SDL_GetDisplayBounds(Int32(display), &bounds) == 0, bounds.w > 0, bounds.h > 0 {
                size = (bounds.w, bounds.h)
            }
        }
        // Without GL on X11, the window is made as one of SDL's own, and vsync falls back (`presenter`).
        let made = SDL_CreateWindow(title, origin.x, origin.y, size.w, size.h, flags)
            ?? (driver == "wayland" ? nil : SDL_CreateWindow(title, origin.x, origin.y, size.w, size.h,
                                                             flags & ~SDL_WINDOW_OPENGL.rawValue))
        guard let created = made else {
            if driver == "wayland" { WaylandLoss.endIfGone() }
            let failure = SDLError.last("cannot open a window")
            // Wayland draws through Mesa's EGL and GL, which every Wayland desktop has (X11 and the
            // console do without).
            guard failure.message.contains("EGL") || failure.message.contains("OpenGL") else { throw failure }
            throw SDLError("\(failure.message); Mesa's EGL or GL is missing "
                           + "(apt install libegl1 libegl-mesa0 libgl1 libgles2 libgl1-mesa-dri)")
        }
        setIcon(of: created)
        if driver == "wayland" {
            WaylandLoss.watch(created)
            if shows { SDL_ShowWindow(created) }
        }
        return created
    }
}

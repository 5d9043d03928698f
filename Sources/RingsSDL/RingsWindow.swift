import CSDL2
import Foundation
import RingsRaster

/// A resizable desktop window that shows our frames through SDL's window surface, uploading only the
/// rectangles that changed.
public final class RingsWindow {
    /// The SDL window; replaced when another program destroys it (see WindowLoss.swift).
    var window: OpaquePointer
    let title: String
    let display: Int

    /// Opens the window; throws when there is no display (the message says so).
    public init(title: String, width: Int, height: Int, display: Int = 0) throws(SDLError) {
        let env = ProcessInfo.processInfo.environment
        let requested = env["SDL_VIDEODRIVER"] ?? ""
        // Asked without any display, SDL would probe Wayland (printing noise) and fall back to an
        // invisible driver; say plainly that there is nothing to show a window on.
        if requested.isEmpty && (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw SDLError("no display available (DISPLAY and WAYLAND_DISPLAY are not set)")
        }
        if requested.isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // SIGINT and SIGTERM are ours (see `QuitSignals`): SDL's handlers do not wake SDL_WaitEvent.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // Before SDL opens the display too: SDL keeps the handler it finds and puts it back when its
        // video subsystem quits, while errors from its second connection may still be on the way.
        X11Errors.guardProcess()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw SDLError.last("no display available")
        }
        // An unreachable display makes SDL fall back to its invisible drivers: no window for a person.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy"].contains(driver) && requested != driver {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLError("no display available (cannot reach \(env["DISPLAY"] ?? env["WAYLAND_DISPLAY"] ?? "a display"))")
        }
        let displays = Int(SDL_GetNumVideoDisplays())
        guard (0..<max(1, displays)).contains(display) else {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLError("display \(display) does not exist (there \(displays == 1 ? "is 1 display, 0" : "are \(displays) displays, 0 to \(displays - 1)"))")
        }
        // And ours again now: SDL's own, set while it opened the display, would pass errors on to it
        // only after trying to restore display modes from inside the error handler.
        if driver == "x11" { X11Errors.guardProcess() }
        do { window = try Self.create(title: title, width: width, height: height, display: display) } catch {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        self.title = title
        self.display = display
    }

    static func create(title: String, width: Int, height: Int, display: Int) throws(SDLError) -> OpaquePointer {
        // SDL_WINDOWPOS_CENTERED_DISPLAY(n), a C macro Swift does not import.
        let centered = Int32(0x2FFF_0000) | Int32(display)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let created = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            throw SDLError.last("cannot open a window")
        }
        return created
    }

    deinit {
        destroyWindowSettlingErrors()
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The size of the window's drawable area in pixels.
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The size of the window in screen points (mouse coordinates); differs from `pixelSize` on HiDPI.
    public var pointSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The display's refresh interval in seconds (1/60 when it does not say, as under Xvfb).
    public var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }

    public var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    /// Switches between a window and the whole screen (the desktop's resolution, no mode change).
    public func toggleFullscreen() {
        SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// Copies the parts `rects` of `frame` to the window surface and shows just those parts; an empty
    /// list shows the whole frame. Our RGBA pixels go to a BGRX or RGBX surface by a plain loop (the
    /// compiler vectorises it); other formats through SDL's converting blit.
    public func present(_ frame: Pixmap, rects: [IntRect] = []) throws(SDLError) {
        guard let target = SDL_GetWindowSurface(window) else { throw SDLError.last("no window surface") }
        let surfaceBounds = IntRect(x: 0, y: 0, width: Int(target.pointee.w), height: Int(target.pointee.h))
        let parts = (rects.isEmpty ? [frame.bounds] : rects).map { $0.intersection(frame.bounds).intersection(surfaceBounds) }
            .filter { !$0.isEmpty }
        guard !parts.isEmpty else { return }
        if let copier = SurfaceCopier(target) {
            for part in parts { copier.copy(frame, part) }
        } else {
            try blit(frame, parts, to: target)
        }
        try show(parts)
    }

    /// A copier into the window surface as it is now, for filling it part by part (from several
    /// threads at once) before `show`; nil when the surface needs SDL's converting blit (use `present`).
    public func surfaceCopier() -> SurfaceCopier? {
        SDL_GetWindowSurface(window).flatMap(SurfaceCopier.init)
    }

    /// Shows the parts `rects` of the window surface.
    public func show(_ rects: [IntRect]) throws(SDLError) {
        guard let surface = SDL_GetWindowSurface(window) else { throw SDLError.last("no window surface") }
        let bounds = IntRect(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let rects = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return }
        var sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        guard SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count)) == 0 else {
            throw SDLError.last("cannot show the frame")
        }
    }

    private func blit(_ frame: Pixmap, _ parts: [IntRect], to target: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) {
        guard let source = SDL_CreateRGBSurfaceWithFormatFrom(
            UnsafeMutableRawPointer(frame.baseAddress), Int32(frame.width), Int32(frame.height), 32,
            Int32(frame.stride * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else { throw SDLError.last("cannot wrap the frame") }
        defer { SDL_FreeSurface(source) }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        for part in parts {
            var from = SDL_Rect(x: Int32(part.x), y: Int32(part.y), w: Int32(part.width), h: Int32(part.height)), to = from
            guard SDL_UpperBlit(source, &from, target, &to) == 0 else { throw SDLError.last("cannot draw into the window") }
        }
    }
}

/// Copies parts of a frame into a BGRX or RGBX window surface (swapping red and blue when it is
/// BGRX): a plain loop the compiler vectorises. Parts that do not overlap may be copied from
/// different threads at once.
public struct SurfaceCopier: @unchecked Sendable {
    private let pixels: UnsafeMutableRawPointer
    private let pitch: Int
    private let bounds: IntRect
    private let swapRedAndBlue: Bool

    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = surface.pointee.format.pointee.format
        // A surface that must be locked (RLE) is left to SDL's blit.
        guard surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels else { return nil }
        if format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue {
            swapRedAndBlue = true
        } else if format == SDL_PIXELFORMAT_ABGR8888.rawValue || format == SDL_PIXELFORMAT_BGR888.rawValue {
            swapRedAndBlue = false
        } else {
            return nil
        }
        self.pixels = pixels
        pitch = Int(surface.pointee.pitch)
        bounds = IntRect(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
    }

    /// Copies `part` of `frame` (clipped to both) to the same place in the surface.
    public func copy(_ frame: Pixmap, _ part: IntRect) {
        let part = part.intersection(bounds).intersection(frame.bounds)
        guard !part.isEmpty else { return }
        for y in part.minY..<part.maxY {
            let source = frame.row(y) + part.x
            let destination = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self) + part.x
            if swapRedAndBlue {
                for i in 0..<part.width {
                    let p = source[i]
                    destination[i] = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
                }
            } else {
                destination.update(from: source, count: part.width)
            }
        }
    }
}

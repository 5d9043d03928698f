import CSDL2
import Foundation
import RingsRaster

/// A resizable desktop window that shows frames drawn by a callback, through SDL's window surface.
///
/// The loop blocks in SDL_WaitEvent, so an idle window costs no CPU. Every resize or expose redraws
/// at the new size, crisply (no stretching). Esc, q or closing the window quits.
public final class RingsWindow {
    private let window: OpaquePointer

    /// Opens the window; throws when there is no display (the message says so).
    public init(title: String, width: Int, height: Int) throws(SDLError) {
        let env = ProcessInfo.processInfo.environment
        let requested = env["SDL_VIDEODRIVER"] ?? ""
        // Asked without any display, SDL would probe Wayland (printing noise) and fall back to an
        // invisible driver; say plainly that there is nothing to show a window on.
        if requested.isEmpty && (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw SDLError("no display available (DISPLAY and WAYLAND_DISPLAY are not set)")
        }
        if requested.isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw SDLError.last("no display available")
        }
        // An unreachable display makes SDL fall back to its invisible drivers: no window for a person.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy"].contains(driver) && requested != driver {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLError("no display available (cannot reach \(env["DISPLAY"] ?? env["WAYLAND_DISPLAY"] ?? "a display"))")
        }
        let centered = Int32(0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a C macro Swift does not import
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let created = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            let error = SDLError.last("cannot open a window")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        window = created
    }

    deinit {
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The size of the window's drawable area in pixels.
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Runs until the user quits, drawing a frame of the window's current size whenever one is needed.
    public func run(draw: (_ width: Int, _ height: Int) -> Pixmap) throws(SDLError) {
        var needsDraw = true
        var event = SDL_Event()
        while true {
            if needsDraw {
                try present(draw(pixelSize.width, pixelSize.height))
                needsDraw = false
            }
            guard SDL_WaitEvent(&event) == 1 else { throw SDLError.last("waiting for events failed") }
            repeat {
                switch handle(event) {
                case .quit: return
                case .redraw: needsDraw = true
                case .none: break
                }
            } while SDL_PollEvent(&event) == 1
        }
    }

    private enum Reaction { case quit, redraw, none }

    private func handle(_ event: SDL_Event) -> Reaction {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue:
            let key = event.key.keysym.sym
            return key == Int32(SDLK_ESCAPE.rawValue) || key == Int32(SDLK_q.rawValue) ? .quit : .none
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            let redraws = [SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_EXPOSED.rawValue,
                           SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue]
            return redraws.contains(kind) ? .redraw : .none
        default:
            return .none
        }
    }

    /// Copies the frame to the window surface (SDL converts the pixel format) and shows it.
    private func present(_ frame: Pixmap) throws(SDLError) {
        guard let target = SDL_GetWindowSurface(window) else { throw SDLError.last("no window surface") }
        guard frame.width > 0, frame.height > 0,
              let source = SDL_CreateRGBSurfaceWithFormatFrom(
                UnsafeMutableRawPointer(frame.baseAddress), Int32(frame.width), Int32(frame.height), 32,
                Int32(frame.stride * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else { return }
        defer { SDL_FreeSurface(source) }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        guard SDL_UpperBlit(source, nil, target, nil) == 0 else { throw SDLError.last("cannot draw into the window") }
        guard SDL_UpdateWindowSurface(window) == 0 else { throw SDLError.last("cannot show the frame") }
    }
}

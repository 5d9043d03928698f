import CSDL2
import RingsRaster

/// How a window's frames reach the screen (`--present`): `surface` copies changed rectangles into
/// SDL's window surface, paced by a timer at the display's rate; `vsync` uploads them to a texture
/// and presents with vsync, the display pacing the loop; `auto` picks one for the video driver.
public enum PresentMode: String, CaseIterable, Sendable {
    case auto, vsync, surface
}

/// Shows the frames of one window; made by `RingsWindow` for the mode it resolved.
protocol Presenter: AnyObject {
    /// What it is, for `--stats` and the frame graph: "surface", "vsync (opengl: llvmpipe ...)".
    var name: String { get }
    /// Whether a present returns at the display's vblank, so that the display link follows presents.
    var waitsForVsync: Bool { get }
    /// Seconds the last present spent waiting for the display (0 without vsync).
    var lastWait: Double { get }
    /// What `present` shows, for drawing frames straight into it (from several threads at once);
    /// nil when `present` uploads frames itself.
    func drawingSurface() -> WindowSurface?
    /// Shows the parts `rects` of `frame`; `copied` says they were drawn into `drawingSurface` already.
    func present(_ frame: Pixmap, rects: [IntRect], copied: Bool) throws(SDLError)
}

/// The window surface: only the changed rectangles are drawn into it (or copied) and shown. Right for
/// plain X11 without a GPU (Xvfb, say), where SDL's surface is an XShm image of its own.
final class SurfacePresenter: Presenter {
    private let window: OpaquePointer
    let name = "surface"
    let waitsForVsync = false
    let lastWait = 0.0

    init(window: OpaquePointer) { self.window = window }

    func drawingSurface() -> WindowSurface? {
        SDL_GetWindowSurface(window).flatMap(WindowSurface.init)
    }

    func present(_ frame: Pixmap, rects: [IntRect], copied: Bool) throws(SDLError) {
        guard let target = SDL_GetWindowSurface(window) else { throw SDLError.last("no window surface") }
        let bounds = IntRect(x: 0, y: 0, width: Int(target.pointee.w), height: Int(target.pointee.h))
        let parts = rects.map { $0.intersection(frame.bounds).intersection(bounds) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return }
        if !copied {
            if let surface = WindowSurface(target) {
                for part in parts { surface.copy(frame, part) }
            } else {
                try blit(frame, parts, to: target)
            }
        }
        var sdlRects = parts.map(\.sdl)
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
            var from = part.sdl, to = from
            guard SDL_UpperBlit(source, &from, target, &to) == 0 else { throw SDLError.last("cannot draw into the window") }
        }
    }
}

/// An SDL renderer created with vsync and one streaming texture kept between frames: the changed
/// rectangles are uploaded, then the texture is copied and presented, and the present returns at
/// the display's vblank. What Wayland and KMS/DRM need (they have no software surface of their
/// own), and the better path wherever there is a real GPU.
final class VsyncPresenter: Presenter {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    let name: String
    let waitsForVsync = true
    private(set) var lastWait = 0.0

    init(window: OpaquePointer) throws(SDLError) {
        let flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let made = SDL_CreateRenderer(window, -1, flags)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue) else {
            throw SDLError.last("cannot make a renderer for --present vsync")
        }
        renderer = made
        // SDL paces presents itself where the driver cannot (its software renderer, say).
        SDL_RenderSetVSync(renderer, 1)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let kind = info.name.map { String(cString: $0) } ?? "renderer"
        name = "vsync (\(kind)\(GLProbe.currentRenderer().map { ": \($0)" } ?? ""))"
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
    }

    func drawingSurface() -> WindowSurface? { nil }

    func present(_ frame: Pixmap, rects: [IntRect], copied: Bool) throws(SDLError) {
        var parts = rects.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        if texture == nil || textureSize != (frame.width, frame.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frame.width), Int32(frame.height))
            guard let texture else { throw SDLError.last("cannot make the frame's texture") }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
            textureSize = (frame.width, frame.height)
            parts = [frame.bounds]
        }
        guard !parts.isEmpty, let texture else { return }
        for part in parts {
            var rect = part.sdl
            guard SDL_UpdateTexture(texture, &rect, frame.row(part.y) + part.x, Int32(frame.stride * 4)) == 0 else {
                throw SDLError.last("cannot upload the frame")
            }
        }
        // The frame covers the drawable; a clear is needed only while it is another size (a resize
        // under way), and costs a whole pass where the GL is software (llvmpipe).
        var whole = frame.bounds.sdl, output = (w: Int32(0), h: Int32(0))
        SDL_GetRendererOutputSize(renderer, &output.w, &output.h)
        if output != (Int32(frame.width), Int32(frame.height)) {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
            SDL_RenderClear(renderer)
        }
        guard SDL_RenderCopy(renderer, texture, nil, &whole) == 0 else { throw SDLError.last("cannot show the frame") }
        let before = SDL_GetPerformanceCounter()
        SDL_RenderPresent(renderer)
        lastWait = Double(SDL_GetPerformanceCounter() - before) / Double(SDL_GetPerformanceFrequency())
    }
}

/// Which OpenGL implementation draws: a real GPU's or a software one (llvmpipe, softpipe, swrast).
enum GLProbe {
    /// GL_RENDERER of the OpenGL context current on this thread, if there is one.
    static func currentRenderer() -> String? {
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let GL_RENDERER: UInt32 = 0x1F01
        return glGetString(GL_RENDERER).map { String(cString: $0) }
    }

    /// GL_RENDERER of a context made on a hidden window for the purpose, or nil without OpenGL.
    static func probeRenderer() -> String? {
        guard let window = SDL_CreateWindow("rings probe", 0, 0, 1, 1, SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        return currentRenderer()
    }

    /// Whether a GL_RENDERER string names a software rasteriser rather than a GPU.
    static func isSoftware(_ renderer: String) -> Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { name.contains($0) }
    }
}

extension IntRect {
    var sdl: SDL_Rect { SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height)) }
}

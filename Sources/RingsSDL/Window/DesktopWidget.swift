import CSDL2
import CSDL2SysWM
import CX11Widget
import FoundationEssentials
import RingsBase
import RingsLive

/// A window that lives on the desktop, as conky's do: no decorations, below other windows, on every
/// workspace, out of the taskbar and the pager, placed by a corner and a margin or at a point,
/// click-through unless asked; on X11 with a compositing manager, transparent (a 32-bit ARGB
/// visual, whose pixels the compositor takes as premultiplied), opaque without one. On Wayland an
/// undecorated window with alpha, placed and stacked by the compositor.
public struct DesktopWidget: Equatable, Sendable {
    /// Where the widget goes on its display's usable area (the desktop less panels).
    public enum Place: Equatable, Sendable {
        case topLeft, topRight, bottomLeft, bottomRight, center
        /// A point, in pixels from the top left corner of the display's usable area.
        case at(x: Int, y: Int)

        /// "top-left", "top-right", "bottom-left", "bottom-right", "center" or "X,Y"; nil otherwise.
        public init?(parsing text: String) {
            switch text {
            case "top-left": self = .topLeft
            case "top-right": self = .topRight
            case "bottom-left": self = .bottomLeft
            case "bottom-right": self = .bottomRight
            case "center": self = .center
            default:
                let parts = text.split(separator: ",").map { Int(String($0).trimmed) }
                guard parts.count == 2, let x = parts[0], let y = parts[1], x >= 0, y >= 0 else { return nil }
                self = .at(x: x, y: y)
            }
        }

        /// What a file or option must say.
        public static let expected = "top-left, top-right, bottom-left, bottom-right, center, or X,Y in pixels"
    }

    public var place: Place
    /// Pixels between the widget and the usable area's edges (a corner only).
    public var margin: Int
    /// Whether clicks reach the rings (else they fall through to what lies under the widget).
    public var takesClicks: Bool

    public init(place: Place = .topRight, margin: Int = 40, takesClicks: Bool = false) {
        self.place = place; self.margin = margin; self.takesClicks = takesClicks
    }

    /// The window's top left corner for a `width` x `height` widget in `area`.
    public func origin(width: Int, height: Int, in area: (x: Int, y: Int, width: Int, height: Int)) -> (x: Int, y: Int) {
        let left = area.x + margin, right = area.x + area.width - width - margin
        let top = area.y + margin, bottom = area.y + area.height - height - margin
        switch place {
        case .topLeft: return (left, top)
        case .topRight: return (right, top)
        case .bottomLeft: return (left, bottom)
        case .bottomRight: return (right, bottom)
        case .center: return (area.x + (area.width - width) / 2, area.y + (area.height - height) / 2)
        case let .at(x, y): return (area.x + x, area.y + y)
        }
    }

    /// Before the window is made on `driver`: asks SDL for what it can set itself (on X11 the
    /// desktop window type and, where a compositing manager runs, the ARGB visual; on Wayland a
    /// transparent EGL surface). Returns whether the widget's background can be transparent;
    /// where it cannot, says why once.
    func prepare(driver: String) -> Bool {
        switch driver {
        case "x11":
            SDL_SetHint(SDL_HINT_X11_WINDOW_TYPE, "_NET_WM_WINDOW_TYPE_DESKTOP")
            var visual: UInt = 0
            let composited = rings_x11_compositing(nil, -1, &visual)
            guard composited == 1, visual != 0 else {
                StandardError.say(composited == 1 ? "rings: the X server has no 32-bit visual; the widget's background is opaque"
                                  : "rings: no compositing manager runs on \(ProcessInfo.processInfo.environment["DISPLAY"] ?? "the display"); the widget's background is opaque")
                return false
            }
            SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, String(visual))
            return true
        case "wayland":
            // A surface with alpha that SDL does not mark opaque: the compositor blends it (premultiplied).
            SDL_SetHint(SDL_HINT_VIDEO_EGL_ALLOW_TRANSPARENCY, "1")
            SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8)
            return true
        default:
            StandardError.say("rings: a widget needs a desktop (X11 or Wayland), not \(driver); showing a plain window")
            return false
        }
    }

    /// SDL's flags for the widget's window: no decorations, out of the taskbar, hidden until `show`.
    static var flags: UInt32 {
        SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    }

    /// Where a `width` x `height` widget opens on `display` (the desktop less its panels).
    func origin(width: Int, height: Int, display: Int) -> (x: Int32, y: Int32) {
        var area = SDL_Rect()
        if SDL_GetDisplayUsableBounds(Int32(display), &area) != 0 { SDL_GetDisplayBounds(Int32(display), &area) }
        let point = origin(width: width, height: height, in: (Int(area.x), Int(area.y), Int(area.w), Int(area.h)))
        return (Int32(point.x), Int32(point.y))
    }

    /// Gives the made window the widget's ways (on X11: below, sticky, out of the pager, and
    /// click-through) and shows it.
    func show(_ window: OpaquePointer) {
        let x11 = RingsWindow.systemInfo(of: window).flatMap { info in
            info.subsystem == SDL_SYSWM_X11 ? info.info.x11.display.map { (UnsafeMutableRawPointer($0), info.info.x11.window) } : nil
        }
        if let (display, native) = x11, rings_x11_make_widget(display, native, takesClicks ? 0 : 1) != 0 {
            StandardError.say("rings: the X server has no SHAPE extension; clicks on the widget do not fall through")
        }
        SDL_ShowWindow(window)
        if let (display, native) = x11 { rings_x11_settle_widget(display, native) }
    }
}

import CSDL2
import Rings
import RingsRaster

/// What an SDL event means for the app: an intent for the model, or something about the window.
public enum EventMeaning: Equatable {
    case intent(Intent)
    /// The window changed size or was uncovered: draw everything again.
    case redraw
    case none
}

/// Turns SDL events into intents: keys, clicks and drags on the rings, the wheel over a ring.
/// `layout` is the rings' layout in drawable pixels; `pixelScale` converts mouse points to pixels.
public struct EventMapper {
    public var layout: RingLayout
    public var pixelScale: Double
    public var isDragging: Bool
    /// On-screen buttons, checked before the rings.
    public var buttons: [ChromeButton]

    public init(layout: RingLayout, pixelScale: Double = 1, isDragging: Bool = false, buttons: [ChromeButton] = []) {
        self.layout = layout; self.pixelScale = pixelScale; self.isDragging = isDragging; self.buttons = buttons
    }

    func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: (Double(x) + 0.5) * pixelScale, y: (Double(y) + 0.5) * pixelScale)
    }

    public func meaning(of event: SDL_Event, mouse: (x: Int32, y: Int32) = (0, 0)) -> EventMeaning {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .intent(.quit)
        case SDL_KEYDOWN.rawValue:
            return key(event.key.keysym).map(EventMeaning.intent) ?? .none
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            let p = point(event.button.x, event.button.y)
            if let button = buttons.first(where: { $0.frame.contains(x: Int(p.x), y: Int(p.y)) }) { return .intent(button.intent) }
            guard let ring = layout.ring(at: p) else { return .intent(.select(nil)) }
            return .intent(.beginDrag(ring: ring, angle: layout.angle(of: p)))
        case SDL_MOUSEMOTION.rawValue where isDragging:
            return .intent(.drag(angle: layout.angle(of: point(event.motion.x, event.motion.y))))
        case SDL_MOUSEBUTTONUP.rawValue where isDragging && event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .intent(.endDrag)
        case SDL_MOUSEWHEEL.rawValue:
            guard event.wheel.y != 0, let ring = layout.ring(at: point(mouse.x, mouse.y)) else { return .none }
            let steps = Double(event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -event.wheel.y : event.wheel.y)
            return .intent(.nudge(ring: ring, by: 0.01 * steps))
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            let redraws = [SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_EXPOSED.rawValue,
                           SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue]
            return redraws.contains(kind) ? .redraw : .none
        default:
            return .none
        }
    }

    /// The keyboard: Tab and Shift+Tab select, 0-9 and = set, arrows nudge (Shift: by 10 %), Space
    /// replays, R randomises, F or F11 fullscreen, ? help, F3 frame graph, Esc or q quit.
    func key(_ keysym: SDL_Keysym) -> Intent? {
        let sym = keysym.sym, shift = UInt32(keysym.mod) & KMOD_SHIFT.rawValue != 0
        func code(_ k: SDL_KeyCode) -> Int32 { Int32(k.rawValue) }
        switch sym {
        case code(SDLK_ESCAPE), code(SDLK_q): return .quit
        case code(SDLK_TAB): return shift ? .selectPrevious : .selectNext
        case code(SDLK_0)...code(SDLK_9): return .setSelected(Double(sym - code(SDLK_0)) / 10)
        case code(SDLK_KP_1)...code(SDLK_KP_9): return .setSelected(Double(sym - code(SDLK_KP_1) + 1) / 10)
        case code(SDLK_KP_0): return .setSelected(0)
        case code(SDLK_EQUALS), code(SDLK_KP_EQUALS): return .setSelected(1)
        case code(SDLK_LEFT): return .nudgeSelected(shift ? -0.1 : -0.01)
        case code(SDLK_RIGHT): return .nudgeSelected(shift ? 0.1 : 0.01)
        case code(SDLK_SPACE): return .replay
        case code(SDLK_r): return .randomise
        case code(SDLK_f), code(SDLK_F11): return .toggleFullscreen
        case code(SDLK_QUESTION): return .toggleHelp
        case code(SDLK_SLASH) where shift: return .toggleHelp
        case code(SDLK_F3): return .toggleFrameGraph
        default: return nil
        }
    }
}

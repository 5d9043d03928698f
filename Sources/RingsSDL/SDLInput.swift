import CSDL2
import Rings
import RingsRaster

/// Turns SDL's events into a screen's input: keys by name, the pointer in the drawable's pixels
/// (`pixelScale` converts the points SDL reports on HiDPI screens), window changes as `exposed`.
/// Mouse events SDL makes of touches are dropped: `TouchInput` takes the fingers themselves.
struct SDLInput {
    var pixelScale: Double = 1

    func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: (Double(x) + 0.5) * pixelScale, y: (Double(y) + 0.5) * pixelScale)
    }

    /// What `event` is for a screen; `mouse` is where the pointer is now (the wheel's target).
    func input(for event: SDL_Event, mouse: (x: Int32, y: Int32) = (0, 0)) -> ScreenInput? {
        // Button, motion and wheel events share the field that names the mouse.
        let mice = [SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEMOTION.rawValue, SDL_MOUSEWHEEL.rawValue]
        if mice.contains(event.type) && event.motion.which == Self.touchMouse { return nil }
        switch event.type {
        case SDL_QUIT.rawValue:
            return .close
        case SDL_KEYDOWN.rawValue:
            let mod = UInt32(event.key.keysym.mod)
            var modifiers: Modifiers = []
            if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
            if mod & KMOD_CTRL.rawValue != 0 { modifiers.insert(.ctrl) }
            if mod & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
            return Self.key(event.key.keysym.sym, shift: modifiers.contains(.shift)).map { .key($0, modifiers) }
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .press(point(event.button.x, event.button.y))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .release(point(event.button.x, event.button.y))
        case SDL_MOUSEMOTION.rawValue:
            return .motion(point(event.motion.x, event.motion.y))
        case SDL_MOUSEWHEEL.rawValue:
            let steps = Double(event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -event.wheel.y : event.wheel.y)
            return .wheel(steps: steps, at: point(mouse.x, mouse.y))
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            let redraws = [SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_EXPOSED.rawValue,
                           SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue]
            return redraws.contains(kind) ? .exposed : nil
        default:
            return nil
        }
    }

    /// The mouse SDL makes of touches (SDL_TOUCH_MOUSEID).
    static let touchMouse = UInt32.max

    static func key(_ sym: Int32, shift: Bool) -> Key? {
        func code(_ k: SDL_KeyCode) -> Int32 { Int32(k.rawValue) }
        switch sym {
        case code(SDLK_ESCAPE): return .escape
        case code(SDLK_TAB): return .tab
        case code(SDLK_SPACE): return .space
        case code(SDLK_RETURN), code(SDLK_KP_ENTER): return .enter
        case code(SDLK_LEFT): return .left
        case code(SDLK_RIGHT): return .right
        case code(SDLK_UP): return .up
        case code(SDLK_DOWN): return .down
        case code(SDLK_HOME): return .home
        case code(SDLK_END): return .end
        case code(SDLK_EQUALS), code(SDLK_KP_EQUALS): return .equals
        case code(SDLK_F3): return .f3
        case code(SDLK_F11): return .f11
        case code(SDLK_QUESTION): return .question
        case code(SDLK_SLASH) where shift: return .question
        case code(SDLK_0)...code(SDLK_9): return .digit(Int(sym - code(SDLK_0)))
        case code(SDLK_KP_1)...code(SDLK_KP_9): return .digit(Int(sym - code(SDLK_KP_1)) + 1)
        case code(SDLK_KP_0): return .digit(0)
        case code(SDLK_a)...code(SDLK_z): return Unicode.Scalar(UInt32(sym)).map { .letter(Character($0)) }
        case code(SDLK_UNKNOWN): return nil
        default: return .other
        }
    }
}

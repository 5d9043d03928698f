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

    /// The key of SDL keycode `sym`. A key that types a character has that character's code, the others
    /// their scancode with SDLK_SCANCODE_MASK, as SDL_keycode.h defines them; they are spelled so here
    /// because Swift 6.0 on arm64 does not import SDL_KeyCode's enumerators (character literals).
    static func key(_ sym: Int32, shift: Bool) -> Key? {
        func character(_ c: Unicode.Scalar) -> Int32 { Int32(c.value) }
        func scan(_ code: SDL_Scancode) -> Int32 { Int32(code.rawValue) | SDLK_SCANCODE_MASK }
        switch sym {
        case character("\u{1B}"): return .escape
        case character("\t"): return .tab
        case character(" "): return .space
        case character("\r"), scan(SDL_SCANCODE_KP_ENTER): return .enter
        case scan(SDL_SCANCODE_LEFT): return .left
        case scan(SDL_SCANCODE_RIGHT): return .right
        case scan(SDL_SCANCODE_UP): return .up
        case scan(SDL_SCANCODE_DOWN): return .down
        case scan(SDL_SCANCODE_HOME): return .home
        case scan(SDL_SCANCODE_END): return .end
        case character("="), scan(SDL_SCANCODE_KP_EQUALS): return .equals
        case scan(SDL_SCANCODE_F3): return .f3
        case scan(SDL_SCANCODE_F11): return .f11
        case character("?"): return .question
        case character("/") where shift: return .question
        case character("0")...character("9"): return .digit(Int(sym - character("0")))
        case scan(SDL_SCANCODE_KP_1)...scan(SDL_SCANCODE_KP_9): return .digit(Int(sym - scan(SDL_SCANCODE_KP_1)) + 1)
        case scan(SDL_SCANCODE_KP_0): return .digit(0)
        case character("a")...character("z"): return Unicode.Scalar(UInt32(sym)).map { .letter(Character($0)) }
        case 0: return nil  // SDLK_UNKNOWN
        default: return .other
        }
    }
}

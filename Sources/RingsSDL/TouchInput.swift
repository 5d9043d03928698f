import CSDL2
import Rings
import RingsRaster

/// SDL's finger events as a screen's pointer, in the drawable's pixels: the first finger down
/// presses, moves and lifts; other fingers while it is down are ignored (and followed instead when
/// SDL no longer has the first one down). SDL makes no mouse events
/// of touches (`RingsWindow` turns them off, and `SDLInput` drops any that come), so a touch is
/// never taken twice. Finger positions are fractions of the window (of the whole screen on the
/// console, which the window fills); a position that is not a number (a touch panel that reports
/// an axis of no length) is not a place: such a touch presses nothing, moves nothing, and lifts
/// where the finger last was.
public struct TouchInput {
    /// The finger being followed, on its touch device, and where it was last.
    private var finger: (device: SDL_TouchID, id: SDL_FingerID, at: Point)?
    /// Whether a finger is still down, as SDL knows: a lift SDL never reports (a touch the compositor
    /// cancelled, a device unplugged) would otherwise hold every later touch off.
    public var isDown: (SDL_TouchID, SDL_FingerID) -> Bool = TouchInput.sdlHasFinger

    public init() {}

    static func sdlHasFinger(_ device: SDL_TouchID, _ id: SDL_FingerID) -> Bool {
        (0..<SDL_GetNumTouchFingers(device)).contains { SDL_GetTouchFinger(device, $0)?.pointee.id == id }
    }

    /// Whether `event` is a finger's.
    public static func isFinger(_ event: SDL_Event) -> Bool {
        [SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue].contains(event.type)
    }

    /// What the finger event `event` is for a screen on a drawable of `width` x `height` pixels.
    public mutating func input(for event: SDL_Event, width: Int, height: Int) -> ScreenInput? {
        let touch = event.tfinger
        // Touches SDL makes of the mouse (SDL_MOUSE_TOUCHID) are the mouse's.
        guard touch.touchId != -1 else { return nil }
        let point: Point? = touch.x.isFinite && touch.y.isFinite
            ? Point(x: Double(min(max(touch.x, 0), 1)) * Double(width),
                    y: Double(min(max(touch.y, 0), 1)) * Double(height))
            : nil
        let same = finger.map { $0.device == touch.touchId && $0.id == touch.fingerId } ?? false
        switch event.type {
        case SDL_FINGERDOWN.rawValue:
            guard let point else { return nil }
            if let held = finger, same || !isDown(held.device, held.id) { finger = nil }
            guard finger == nil else { return nil }
            finger = (touch.touchId, touch.fingerId, point)
            return .press(point)
        case SDL_FINGERMOTION.rawValue:
            guard same, let point else { return nil }
            finger?.at = point
            return .motion(point)
        case SDL_FINGERUP.rawValue:
            guard same, let held = finger else { return nil }
            finger = nil
            return .release(point ?? held.at)
        default:
            return nil
        }
    }
}

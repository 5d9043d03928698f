import CSDL2
// SDL_events.h comes in through both module maps; Swift 6.0 finds its enumerators only through this one.
import CSDL2SysWM
import Rings
import RingsRaster
@testable import RingsSDL
import Testing

/// SDL's finger events as the screen's pointer: the first finger alone, in the drawable's pixels;
/// touches SDL makes of the mouse and mouse events it makes of touches are never taken.
@Suite struct TouchInputTests {
    func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float, device: SDL_TouchID = 3) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = device
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        return event
    }

    @Test func theFirstFingerIsThePointerAndOthersAreIgnored() {
        var touch = TouchInput()
        touch.isDown = { _, _ in true }
        let (w, h) = (1280, 800)
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.25), width: w, height: h) == .press(Point(x: 640, y: 200)))
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 8, x: 0.1, y: 0.1), width: w, height: h) == nil, "a second finger")
        #expect(touch.input(for: finger(SDL_FINGERMOTION, id: 8, x: 0.2, y: 0.2), width: w, height: h) == nil)
        #expect(touch.input(for: finger(SDL_FINGERMOTION, id: 7, x: 0.75, y: 0.5), width: w, height: h) == .motion(Point(x: 960, y: 400)))
        #expect(touch.input(for: finger(SDL_FINGERUP, id: 8, x: 0.2, y: 0.2), width: w, height: h) == nil)
        // A finger of the same number on another device is another finger.
        #expect(touch.input(for: finger(SDL_FINGERUP, id: 7, x: 0.75, y: 0.5, device: 4), width: w, height: h) == nil)
        #expect(touch.input(for: finger(SDL_FINGERUP, id: 7, x: 1.5, y: -0.5), width: w, height: h) == .release(Point(x: 1280, y: 0)), "kept on the screen")
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 8, x: 0, y: 1), width: w, height: h) == .press(Point(x: 0, y: 800)), "the next finger, once it is up")
    }

    /// A lift SDL never reported (a cancelled touch) does not hold later touches off: a new finger is
    /// followed once SDL no longer has the first one down.
    @Test func aLostLiftDoesNotHoldTouchesOff() {
        var touch = TouchInput()
        var down: Set<SDL_FingerID> = [1]
        touch.isDown = { _, id in down.contains(id) }
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5), width: 100, height: 100) == .press(Point(x: 50, y: 50)))
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 2, x: 0.1, y: 0.1), width: 100, height: 100) == nil, "the first is still down")
        down = []
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 3, x: 0.25, y: 0.75), width: 100, height: 100) == .press(Point(x: 25, y: 75)))
        #expect(touch.input(for: finger(SDL_FINGERMOTION, id: 1, x: 0.3, y: 0.3), width: 100, height: 100) == nil, "the lost one is forgotten")
    }

    /// A position that is not a number (a panel reporting an axis of no length) is no place: the
    /// screen never gets a point it cannot draw (LiveControls traps on turning one into a pixel; a
    /// drag to it sets a ring to 0), and a lift there lifts where the finger last was.
    @Test func aPositionThatIsNotANumberIsNoPlace() {
        var touch = TouchInput()
        touch.isDown = { _, _ in true }
        func put(_ type: SDL_EventType, _ id: SDL_FingerID, _ x: Float, _ y: Float) -> ScreenInput? {
            touch.input(for: finger(type, id: id, x: x, y: y), width: 100, height: 100)
        }
        for bad in [Float.nan, .infinity, -.infinity] {
            #expect(put(SDL_FINGERDOWN, 1, bad, 0.5) == nil)
        }
        #expect(put(SDL_FINGERDOWN, 1, 0.5, 0.5) == .press(Point(x: 50, y: 50)))
        #expect(put(SDL_FINGERMOTION, 1, 0.2, .nan) == nil)
        #expect(put(SDL_FINGERMOTION, 1, 0.25, 0.5) == .motion(Point(x: 25, y: 50)))
        #expect(put(SDL_FINGERDOWN, 1, .nan, .nan) == nil, "still followed")
        #expect(put(SDL_FINGERUP, 1, .nan, 0.5) == .release(Point(x: 25, y: 50)))
        #expect(put(SDL_FINGERDOWN, 2, 0, 0) == .press(Point(x: 0, y: 0)))
    }

    @Test func touchesMadeOfTheMouseAndTheMouseMadeOfTouchesAreDropped() {
        var touch = TouchInput()
        #expect(touch.input(for: finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5, device: -1), width: 100, height: 100) == nil)
        var click = SDL_Event()
        click.type = SDL_MOUSEBUTTONDOWN.rawValue
        click.button.button = UInt8(SDL_BUTTON_LEFT)
        click.button.x = 10; click.button.y = 20
        #expect(SDLInput().input(for: click) == .press(Point(x: 10.5, y: 20.5)), "a real click")
        click.button.which = UInt32.max
        #expect(SDLInput().input(for: click) == nil, "the mouse SDL makes of a touch")
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.which = UInt32.max
        #expect(SDLInput().input(for: motion) == nil)
    }
}

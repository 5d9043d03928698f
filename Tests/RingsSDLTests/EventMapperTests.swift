import CSDL2
import Foundation
import Rings
import RingsRaster
import RingsSDL
import Testing

/// SDL events, pushed through SDL's own queue under the dummy video driver, mapped to intents.
@Suite(.serialized) struct EventMapperTests {
    let layout = RingLayout(width: 400, height: 400, count: 3, theme: .standard)

    /// Pushes `event` through SDL's queue and maps what comes out.
    func roundTrip(_ event: SDL_Event, mapper: EventMapper, mouse: (Int32, Int32) = (0, 0)) -> EventMeaning {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { return .none }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        var sent = event, received = SDL_Event()
        while SDL_PollEvent(&received) == 1 {}
        guard SDL_PushEvent(&sent) == 1, SDL_PollEvent(&received) == 1 else { return .none }
        return mapper.meaning(of: received, mouse: mouse)
    }

    func key(_ code: SDL_KeyCode, shift: Bool = false) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = Int32(code.rawValue)
        event.key.keysym.mod = UInt16(shift ? KMOD_LSHIFT.rawValue : 0)
        return event
    }

    @Test func keysMapToIntents() {
        let mapper = EventMapper(layout: layout)
        let expected: [(SDL_Event, Intent)] = [
            (key(SDLK_TAB), .selectNext), (key(SDLK_TAB, shift: true), .selectPrevious), (key(SDLK_7), .setSelected(0.7)),
            (key(SDLK_0), .setSelected(0)), (key(SDLK_EQUALS), .setSelected(1)), (key(SDLK_LEFT), .nudgeSelected(-0.01)),
            (key(SDLK_RIGHT, shift: true), .nudgeSelected(0.1)), (key(SDLK_SPACE), .replay), (key(SDLK_r), .randomise),
            (key(SDLK_f), .toggleFullscreen), (key(SDLK_F11), .toggleFullscreen), (key(SDLK_SLASH, shift: true), .toggleHelp),
            (key(SDLK_F3), .toggleFrameGraph), (key(SDLK_ESCAPE), .quit), (key(SDLK_q), .quit),
        ]
        for (event, intent) in expected { #expect(roundTrip(event, mapper: mapper) == .intent(intent), "\(intent)") }
        #expect(roundTrip(key(SDLK_x), mapper: mapper) == EventMeaning.none)
    }

    @Test func clicksDragsAndTheWheel() {
        var mapper = EventMapper(layout: layout)
        let r0 = layout.ring(0).radius
        var down = SDL_Event()
        down.type = SDL_MOUSEBUTTONDOWN.rawValue
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = Int32(200 + r0); down.button.y = 200
        if case let .intent(.beginDrag(ring, angle)) = roundTrip(down, mapper: mapper) {
            #expect(ring == 0 && abs(angle - Double.pi / 2) < 0.01)
        } else {
            Issue.record("a press on the outer ring starts a drag")
        }
        down.button.x = 200
        #expect(roundTrip(down, mapper: mapper) == .intent(.select(nil)), "a click outside the rings clears the selection")
        mapper.buttons = Chrome.buttons(width: 400, height: 400)
        let random = mapper.buttons[3].frame
        down.button.x = Int32(random.x + 2); down.button.y = Int32(random.y + 2)
        #expect(roundTrip(down, mapper: mapper) == .intent(.randomise))

        mapper.isDragging = true
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.x = 200; motion.motion.y = Int32(200 + r0)
        if case let .intent(.drag(angle)) = roundTrip(motion, mapper: mapper) { #expect(abs(angle - Double.pi) < 0.01) } else { Issue.record("no drag") }

        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.y = 2
        let inner = layout.ring(2).radius
        #expect(roundTrip(wheel, mapper: mapper, mouse: (Int32(200 - inner), 200)) == .intent(.nudge(ring: 2, by: 0.02)))
        #expect(roundTrip(wheel, mapper: mapper, mouse: (5, 5)) == EventMeaning.none)
    }

    /// On a HiDPI screen the window's points are fewer than its drawable pixels: the mouse reports
    /// points, the rings are laid out in pixels.
    @Test func mousePointsAreScaledToDrawablePixels() {
        let pixels = RingLayout(width: 800, height: 800, count: 3, theme: .standard)
        let mapper = EventMapper(layout: pixels, pixelScale: 2)
        let r0 = pixels.ring(0).radius   // in pixels; the same place is r0 / 2 points from the centre
        var down = SDL_Event()
        down.type = SDL_MOUSEBUTTONDOWN.rawValue
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = 200; down.button.y = Int32(200 - r0 / 2)
        if case let .intent(.beginDrag(ring, angle)) = roundTrip(down, mapper: mapper) {
            #expect(ring == 0 && abs(angle) < 0.02, "12 o'clock of the outer ring")
        } else {
            Issue.record("a press at the outer ring's 12 o'clock, in points, starts a drag on it")
        }
        down.button.x = Int32(200 + r0)   // in pixels this would be off the canvas's rings
        #expect(roundTrip(down, mapper: mapper) == .intent(.select(nil)))
    }

    @Test func windowChangesAskForARedrawAndClosingQuits() {
        let mapper = EventMapper(layout: layout)
        var resized = SDL_Event()
        resized.type = SDL_WINDOWEVENT.rawValue
        resized.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        #expect(roundTrip(resized, mapper: mapper) == .redraw)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(roundTrip(quit, mapper: mapper) == .intent(.quit))
    }
}

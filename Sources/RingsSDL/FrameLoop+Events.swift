import CSDL2
import RingsAnimation

extension FrameLoop {
    /// Runs the loop's display link and timers on time and hands SDL's events to `handle` in
    /// between, blocking in SDL while nothing is due, until `finished()`; stops with the error
    /// `failure()` reports after a turn.
    func runWithEvents(clock: any Clock, until finished: () -> Bool, failure: () -> SDLError?,
                       handle: (SDL_Event) -> Void) throws(SDLError) {
        var event = SDL_Event()
        while !finished() {
            if let due = nextDeadline {
                let wait = due - clock.now()
                if wait > 0 && SDL_WaitEventTimeout(&event, Int32((wait * 1000).rounded(.up))) == 1 { handle(event) }
            } else if SDL_WaitEvent(&event) == 1 {
                handle(event)
            }
            while SDL_PollEvent(&event) == 1 { handle(event) }
            runDue()
            if let failure = failure() { throw failure }
        }
    }
}

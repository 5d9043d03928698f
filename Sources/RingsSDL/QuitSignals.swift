import CSDL2
import Dispatch
import Foundation

/// SIGINT and SIGTERM end the live window cleanly (exit status 0): each pushes SDL_QUIT from a
/// dispatch queue, which wakes a loop blocked in SDL_WaitEvent.
final class QuitSignals {
    private let sources: [any DispatchSourceSignal]

    init() {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var event = SDL_Event()
                event.type = SDL_QUIT.rawValue
                SDL_PushEvent(&event)
            }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}

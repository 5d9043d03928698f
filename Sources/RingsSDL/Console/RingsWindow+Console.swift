import CSDL2

extension RingsWindow {
    /// Starts SDL's video on its evdev driver, which shows nothing and reads the console's keyboards,
    /// mice and touch screens (the user needs the input group): "kmsdrm", or why not.
    static func startConsoleInput() -> Result<String, SDLError> {
        // Over SDL_VIDEODRIVER=kmsdrm, which asks for the console and which SDL would take as its own.
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "evdev", SDL_HINT_OVERRIDE)
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { return .failure(SDLError.last("cannot read the console's input devices")) }
        return .success("kmsdrm")
    }

    /// The console's screen `display`, its presenter for `present`, and an SDL window of the screen's
    /// size on the evdev driver, where the pointer and the keys arrive.
    static func openConsole(title: String, display: Int, present: PresentMode) throws(SDLError) -> Opened {
        let console = try ConsoleDisplay(index: display)
        let mode = resolve(present, driver: "kmsdrm")
        let presenter = try ConsolePresenter(display: console, flips: mode != .surface)
        guard let window = SDL_CreateWindow(title, 0, 0, Int32(console.width), Int32(console.height), SDL_WINDOW_SHOWN.rawValue) else {
            throw SDLError.last("cannot open a window")
        }
        SDL_WarpMouseInWindow(window, Int32(console.width / 2), Int32(console.height / 2))
        return ("kmsdrm", mode, window, presenter, console, false)
    }

    /// Puts a pointer that left the console's screen back at its edge: SDL's evdev driver gives its
    /// window no focus, so SDL does not keep the pointer inside, and it would drift out of reach.
    func keepPointerOnScreen(_ event: SDL_Event) {
        guard let console, event.type == SDL_MOUSEMOTION.rawValue else { return }
        let x = min(max(event.motion.x, 0), Int32(console.width - 1)), y = min(max(event.motion.y, 0), Int32(console.height - 1))
        if x != event.motion.x || y != event.motion.y { SDL_WarpMouseInWindow(window, x, y) }
    }

    /// Shows the console's screen again from the start (the kiosk's answer to a frame that cannot
    /// be shown): the device closed, so that it gives up the display, and opened again.
    func reopenConsole() throws(SDLError) {
        destroyWindowSettlingErrors()
        console = nil
        (_, _, window, presenter, console, _) = try Self.openConsole(title: title, display: display, present: mode)
    }
}

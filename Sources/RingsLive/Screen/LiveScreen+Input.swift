import Rings
import RingsAnimation

/// Keys and the pointer on the live screen: their meaning comes from `LiveControls`; here they take
/// effect (the window's requests, help, the frame graph, a scripted screen played again).
extension LiveScreen {
    public func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest? {
        if input == .exposed { return .redrawAll }
        if wakeUp(by: input, at: now) { return nil }
        if !options.kiosk, case let .key(key, _) = input {
            // Esc closes the help first; then it is the window's (leave fullscreen, else quit).
            if key == .escape && showHelp { showHelp = false; changed = true; return nil }
            if let request = key.windowRequest { return request }
        }
        // A scripted screen (the download demo) plays again on Space or a click.
        if options.script != nil && !options.kiosk {
            switch input {
            case .key(.space, _), .press: playScript(again: true); changed = true; return nil
            default: break
            }
        }
        // The rings and buttons where the frame puts them (the chrome takes its room first).
        let shown = scene(width: width, height: height, at: now)
        var controls = self.controls ?? LiveControls(layout: shown.layout)
        controls.layout = shown.layout
        controls.clockwise = options.theme.clockwise
        controls.buttons = shown.chromeLayout?.buttons ?? []
        let states = (controls.hovered, controls.pressed)
        let intent = options.kiosk ? LiveControls.kiosk(input) : controls.intent(for: input)
        if states != (controls.hovered, controls.pressed) { changed = true }
        self.controls = controls
        switch intent {
        case nil: return nil
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .toggleHelp: showHelp.toggle(); changed = true
        case .toggleFrameGraph: showGraph.toggle(); changed = true
        case let intent?:
            let selected = model.selection, targets = model.targets
            model.apply(intent, at: now)
            if model.selection != selected { changed = true }
            for ring in targets.indices where model.targets[ring] != targets[ring] { valueArrived(ring: ring, at: now) }
            moved = true
        }
        return nil
    }

    /// Where the burn-in protection has moved the rings: round a square of a few pixels, one step
    /// per `--shift-every`.
    func offset(width: Int, height: Int) -> (x: Int, y: Int) {
        guard options.shiftEvery != nil else { return (0, 0) }
        let step = max(1, min(width, height) / 400)
        let square = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        let (x, y) = square[shifts % square.count]
        return (x * step, y * step)
    }

    /// Plays the script from its start, each step at its time, by a timer as fast as its closest
    /// steps, stopped after the last; `again` (Space or a click) first puts every ring back to 0.
    func playScript(again: Bool = false) {
        guard let script = options.script, let loop else { return }
        if let id = scriptTimer { loop.removeTimer(id) }
        let start = loop.clock.now()
        if again { for ring in model.targets.indices { model.apply(.set(ring: ring, value: 0), at: start) } }
        var done = -Double.infinity
        let gaps = zip(script.steps, script.steps.dropFirst()).map { $1.at - $0.at }.filter { $0 > 0 }
        scriptTimer = loop.addTimer(interval: max(0.005, gaps.min() ?? 0.01)) { [unowned self, unowned loop] now in
            let elapsed = now - start
            for step in script.steps(after: done, upTo: elapsed) {
                self.model.apply(.set(ring: step.ring, value: step.value), at: now)
            }
            done = elapsed
            if elapsed >= script.duration, let id = self.scriptTimer { loop.removeTimer(id); self.scriptTimer = nil }
        }
    }
}

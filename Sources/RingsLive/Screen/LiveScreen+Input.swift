import Rings
import RingsAnimation

/// Keys and the pointer on the live screen: their meaning comes from `LiveControls`, on the rings
/// and buttons of the frame last drawn; here they take effect.
extension LiveScreen {
    public func handle(_ input: ScreenInput, width: Int, height: Int, at now: Double) -> ScreenRequest? {
        if input == .exposed { return .redrawAll }
        if light.wakeUp(by: input, at: now) { return nil }
        if !options.kiosk, case let .key(key, _) = input {
            // Esc closes the help first; then it is the window's (leave fullscreen, else quit).
            if key == .escape && view.showHelp { view.showHelp = false; pending.changed = true; return nil }
            if let request = key.windowRequest { return request }
        }
        // A scripted screen (the download demo) plays again on Space or a click.
        let replays = switch input { case .key(.space, _), .press: true; default: false }
        if let script = options.script, !options.kiosk, replays, let loop {
            view.script.play(script, on: loop, model: model, again: true)
            pending.changed = true
            return nil
        }
        // Where the frame last drawn put the rings and buttons (before the first, where it will).
        var controls = view.controls ?? LiveControls(layout: RingLayout(width: width, height: height, count: model.targets.count,
                                                                        theme: options.theme), clockwise: options.theme.clockwise)
        let states = (controls.hovered, controls.pressed)
        let intent = options.kiosk && !(options.touchControls && input.isPointer) ? LiveControls.kiosk(input) : controls.intent(for: input)
        if states != (controls.hovered, controls.pressed) { pending.changed = true }
        view.controls = controls
        switch intent {
        case nil: return nil
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .toggleHelp: view.showHelp.toggle(); pending.changed = true
        case .toggleFrameGraph: view.showGraph.toggle(); pending.changed = true
        case let intent?:
            let selected = model.selection, targets = model.targets
            model.apply(intent, at: now)
            if model.selection != selected { pending.changed = true }
            for ring in targets.indices where model.targets[ring] != targets[ring] { values.arrived(ring: ring, at: now) }
            pending.moved = true
        }
        return nil
    }
}

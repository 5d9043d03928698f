import RingsRaster

/// The live screen's keys and pointer in the model's terms: Tab and Shift+Tab select, 0-9 and =
/// set, arrows nudge (Shift: by 10 %), Space replays, R randomises, ? help, F3 frame graph (Esc, q,
/// F and F11 are the window's own, `Key.windowRequest`); a press on a ring grabs it by its angle, the wheel nudges the ring
/// under the pointer, on-screen buttons come before the rings.
public struct LiveControls {
    /// The rings' layout in the canvas's pixels.
    public var layout: RingLayout
    public var isDragging: Bool
    public var buttons: [ChromeButton]

    public init(layout: RingLayout, isDragging: Bool = false, buttons: [ChromeButton] = []) {
        self.layout = layout; self.isDragging = isDragging; self.buttons = buttons
    }

    /// The intent `input` means, if any.
    public func intent(for input: ScreenInput) -> Intent? {
        switch input {
        case .close: return .quit
        case let .key(key, modifiers): return Self.intent(for: key, shift: modifiers.contains(.shift))
        case let .press(p):
            if let button = buttons.first(where: { $0.frame.contains(x: Int(p.x), y: Int(p.y)) }) { return button.intent }
            guard let ring = layout.ring(at: p) else { return .select(nil) }
            return .beginDrag(ring: ring, angle: layout.angle(of: p))
        case let .motion(p) where isDragging: return .drag(angle: layout.angle(of: p))
        case .release where isDragging: return .endDrag
        case let .wheel(steps, p):
            guard steps != 0, let ring = layout.ring(at: p) else { return nil }
            return .nudge(ring: ring, by: 0.01 * steps)
        case .motion, .release, .exposed: return nil
        }
    }

    static func intent(for key: Key, shift: Bool) -> Intent? {
        switch key {
        case .tab: shift ? .selectPrevious : .selectNext
        case let .digit(n): .setSelected(Double(n) / 10)
        case .equals: .setSelected(1)
        case .left: .nudgeSelected(shift ? -0.1 : -0.01)
        case .right: .nudgeSelected(shift ? 0.1 : 0.01)
        case .space: .replay
        case .letter("r"): .randomise
        case .question: .toggleHelp
        case .f3: .toggleFrameGraph
        default: nil
        }
    }

    /// In a kiosk keys and the pointer do nothing, but Ctrl+Alt+Q quits; closing still ends it.
    public static func kiosk(_ input: ScreenInput) -> Intent? {
        switch input {
        case let .key(.letter("q"), modifiers) where modifiers.contains([.ctrl, .alt]): .quit
        case .close: .quit
        default: nil
        }
    }
}

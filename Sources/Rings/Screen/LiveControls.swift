import RingsRaster

/// The live screen's keys and pointer in the model's terms: Tab and Shift+Tab select, 0-9 and =
/// set, arrows nudge (Shift: by 10 %), Space replays, R randomises, ? help, F3 frame graph (Esc, q,
/// F and F11 are the window's own, `Key.windowRequest`). A click on a ring selects it and changes
/// nothing; a press that moves `dragSlop` pixels sets the ring by the pointer's angle (mirrored for
/// counter-clockwise rings); the wheel nudges the ring under the pointer; an on-screen button acts
/// when released over it, and shows hover and pressed states meanwhile. Kept by the screen between
/// inputs, with its layout and buttons renewed for each.
public struct LiveControls {
    /// The rings' layout in the canvas's pixels.
    public var layout: RingLayout
    public var buttons: [ChromeButton]
    /// False when the rings run counter-clockwise: angles are mirrored.
    public var clockwise: Bool
    /// A press on a ring, until it is released: where, which ring, whether it has become a drag.
    private(set) var press: (point: Point, ring: Int, dragging: Bool)?
    /// The button under the pointer, and the one pressed (it acts if released over it).
    public private(set) var hovered: Int?, pressed: Int?

    /// How far (pixels) a press moves before it is a drag: a click never sets a value.
    static let dragSlop = 4.0

    public init(layout: RingLayout, buttons: [ChromeButton] = [], clockwise: Bool = true) {
        self.layout = layout; self.buttons = buttons; self.clockwise = clockwise
    }

    public var isDragging: Bool { press?.dragging ?? false }

    /// The intent `input` means, if any; pointer inputs also update the press and button states.
    public mutating func intent(for input: ScreenInput) -> Intent? {
        switch input {
        case .close: return .quit
        case let .key(key, modifiers): return Self.intent(for: key, shift: modifiers.contains(.shift))
        case let .press(p):
            if let i = button(at: p) { pressed = i; return nil }
            guard let ring = layout.ring(at: p) else { return .select(nil) }
            press = (p, ring, false)
            return .select(ring)
        case let .motion(p):
            hovered = button(at: p)
            guard var current = press else { return nil }
            if current.dragging { return .drag(angle: angle(of: p)) }
            guard (p - current.point).length >= Self.dragSlop else { return nil }
            current.dragging = true
            press = current
            return .beginDrag(ring: current.ring, angle: angle(of: p))
        case let .release(p):
            defer { press = nil; pressed = nil }
            if let i = pressed { return button(at: p) == i ? buttons[i].intent : nil }
            return isDragging ? .endDrag : nil
        case let .wheel(steps, p):
            guard steps != 0, let ring = layout.ring(at: p) else { return nil }
            return .nudge(ring: ring, by: 0.01 * steps)
        case .exposed: return nil
        }
    }

    private func button(at p: Point) -> Int? {
        buttons.firstIndex { $0.frame.contains(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))) }
    }

    /// The pointer's angle along the rings' direction of travel, from 12 o'clock.
    private func angle(of p: Point) -> Double {
        let clockwiseAngle = layout.angle(of: p)
        return clockwise || clockwiseAngle == 0 ? clockwiseAngle : 2 * Double.pi - clockwiseAngle
    }

    static func intent(for key: Key, shift: Bool) -> Intent? {
        switch key {
        case .tab: shift ? .selectPrevious : .selectNext
        case let .digit(n): .setSelected(Double(n) / 10)
        case .equals: .setSelected(1)
        case .left: .nudgeSelected(shift ? -0.1 : -0.01)
        case .right: .nudgeSelected(shift ? 0.1 : 0.01)
        case .space: .replay
        case .letter("r"): .randomize
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

import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster
import Shaders

/// The AnimatablePair tutorial's AnimatableArc: a blue arc 5 points wide with SwiftUI's square (butt) ends, on the
/// circle that fills a 200-point frame, from 3 o'clock clockwise through 360 x progress degrees,
/// its start and end angles animated together as one `AnimatablePair`. A click on the frame (or
/// Space) toggles 0 <-> 100 % in a linear second; the slider under it sets the value at once.
public final class ArcDemo: Board {
    public let title = Words.arcTitle.text
    public let hint = Words.arcHint.text
    public let help = HelpPanel(title: Words.arcHelpTitle.text, entries: [
        (Words.clickArc.text, Words.arcToggles.text), (Words.dragTheSlider.text, Words.setArc.text),
        (Words.tabThenLeftRight.text, Words.moveSlider.text), (Words.homeEnd.text, "0 % / 100 %"), ("F / F11", Words.fullscreen.text),
        ("?", Words.thisHelp.text), ("Esc", Words.escape.text), ("q", Words.quit.text),
    ])
    public let referenceSize = (width: 360, height: 360)
    /// The value the demo holds (the tutorial's `@State progress`).
    public private(set) var progress: Double
    /// Start and end angle in radians as SwiftUI measures them: 0 at 3 o'clock, growing clockwise
    /// on screen (y points down).
    public let angles: Animator<AnimatablePair<Double, Double>>
    public private(set) var sliderFocused = false
    private var dragging = false

    static let blue = RGB8(0, 122, 255), lineWidth = 5.0
    /// The arc's 200-point frame and the slider under it (8 points of spacing, 16 of padding),
    /// the two centred on the reference canvas.
    static let frame = (x: 80.0, y: 45.0, side: 200.0)
    static let slider = (x: 16.0, y: 269.0, width: 328.0)

    public init(progress: Double = 0) {
        self.progress = min(1, max(0, progress))
        angles = Animator(ArcDemo.angles(for: self.progress))
    }

    static func angles(for progress: Double) -> AnimatablePair<Double, Double> { AnimatablePair(0, 2 * Double.pi * progress) }

    /// The value on screen: how far round the presented end angle is.
    public var presentedProgress: Double { (angles.presented.second - angles.presented.first) / (2 * Double.pi) }
    public var isAnimating: Bool { angles.isAnimating }
    public func update(at now: Double) { angles.update(at: now) }

    /// A tap: the tutorial's `progress = progress == 1.0 ? 0.0 : 1.0`, linear over one second.
    public func toggle(at now: Double) {
        progress = progress == 1 ? 0 : 1
        angles.animate(to: ArcDemo.angles(for: progress), with: .tween(duration: 1, curve: .linear), at: now)
    }

    /// The slider's way: the value at once.
    public func set(_ value: Double, at now: Double) {
        progress = min(1, max(0, value.isFinite ? value : 0))
        angles.animate(to: ArcDemo.angles(for: progress), with: .immediate, at: now)
    }

    /// The slider on a canvas; its thumb shows the value on screen, so it travels with a tap's animation.
    public func slider(width: Int, height: Int) -> Slider {
        let fit = BoardFit(reference: referenceSize, width: width, height: height), s = ArcDemo.slider
        var slider = Slider(frame: fit.rect(s.x, s.y, s.width, Slider.thumbDiameter), value: presentedProgress, scale: fit.scale)
        slider.focused = sliderFocused
        return slider
    }

    /// The arc on a canvas (nil at 0: butt ends draw nothing).
    public func arc(width: Int, height: Int) -> ArcStroke? {
        let fit = BoardFit(reference: referenceSize, width: width, height: height), f = ArcDemo.frame
        let pair = angles.presented
        guard pair.second != pair.first else { return nil }
        // SwiftUI's angle 0 is our pi/2 (3 o'clock, measured clockwise from 12).
        return ArcStroke(center: fit.point(f.x + f.side / 2, f.y + f.side / 2), radius: f.side / 2 * fit.scale,
                         thickness: ArcDemo.lineWidth * fit.scale, startAngle: Double.pi / 2 + pair.first,
                         sweep: pair.second - pair.first, cap: .butt)
    }

    public func handle(_ input: BoardInput, width: Int, height: Int, at now: Double) {
        let slider = slider(width: width, height: height)
        switch input {
        case let .press(p):
            if slider.contains(p) {
                dragging = true
                sliderFocused = true
                set(slider.value(atX: p.x), at: now)
            } else {
                let fit = BoardFit(reference: referenceSize, width: width, height: height), f = ArcDemo.frame
                if fit.rect(f.x, f.y, f.side, f.side).contains(x: Int(p.x), y: Int(p.y)) { toggle(at: now) }
            }
        case let .drag(p):
            if dragging { set(slider.value(atX: p.x), at: now) }
        case .release:
            dragging = false
        case .key(.space, _), .key(.enter, _):
            toggle(at: now)
        case .key(.tab, _):
            sliderFocused.toggle()
        case let .key(key, shift):
            guard let change = Slider.change(for: key, shift: shift) else { return }
            sliderFocused = true
            set(progress + change, at: now)
        }
    }

    public func displayList(width: Int, height: Int) -> DisplayList {
        var commands: [DrawCommand] = []
        if let arc = arc(width: width, height: height) {
            commands.append(DrawCommand(shape: arc, shader: SolidShader(ArcDemo.blue.opaque)))
        }
        commands += slider(width: width, height: height).commands
        return DisplayList(background: PackedPixel(r: 255, g: 255, b: 255, a: 255), commands: commands)
    }
}

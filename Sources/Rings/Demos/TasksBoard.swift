import RingsAnimation
import RingsRaster

/// The AnimatableModifier tutorial's exercise, the daily-tasks board: four task rings (the "Progress Ring" preset) each
/// with its name and a slider, and over them an overall ring ("Progress Ring - Bigger") showing
/// their average. Every ring moves as the tutorial's ring does, easing in and out over a second from
/// what is on screen, and every label counts with it. Drag a slider, or pick one with Tab and move
/// it with the arrow keys.
public final class TasksBoard: Board {
    public let title = Words.tasksTitle.text
    public let hint = Words.tasksHint.text
    public let help = HelpPanel(title: Words.tasksHelpTitle.text, entries: [
        (Words.dragSlider.text, Words.dragSliderSets.text), ("Tab / Shift+Tab", Words.chooseSlider.text),
        (Words.leftRight.text, Words.moveIt.text), (Words.homeEnd.text, "0 % / 100 %"), ("F / F11", Words.fullscreen.text),
        ("?", Words.thisHelp.text), ("Esc", Words.escape.text), ("q", Words.quit.text),
    ])
    public let referenceSize = (width: 440, height: 820)
    public let names: [String]
    /// Each task's value (its slider's).
    public private(set) var targets: [Double]
    /// The slider the keyboard moves.
    public private(set) var focus: Int?
    private let tasks: [Animator<Double>]
    private let overall = Animator(0.0)
    private let small: Preset, big: Preset
    private let glyphs: GlyphSource?
    private var dragging: Int?
    /// The rings grow from 0 to their values at the first update.
    private var started: Bool

    /// "Task 1" to "Task 4", in the language of `Catalogue.current`.
    public static var defaultNames: [String] { (1...4).map { Words.task.with("\($0)") } }
    /// The tutorial ring's animation: ease in and out over a second.
    static let motion = AnimationSpec.tween(duration: 1, curve: .easeInEaseOut)

    public init(values: [Double], names: [String] = TasksBoard.defaultNames, glyphs: GlyphSource?, growIn: Bool = true) throws(ThemeError) {
        targets = values.map { min(1, max(0, $0)) }
        self.names = names
        tasks = targets.map { Animator(growIn ? 0 : $0) }
        small = try Preset.load("progress-ring")
        big = try Preset.load("progress-ring-bigger")
        self.glyphs = glyphs
        started = !growIn
        if !growIn { overall.animate(to: average, with: .immediate, at: 0) }
    }

    /// The overall progress: the tasks' average.
    public var average: Double { targets.reduce(0, +) / Double(max(1, targets.count)) }
    /// Values on screen: the tasks', then the overall ring's.
    public var presented: [Double] { tasks.map(\.presented) + [overall.presented] }
    public var isAnimating: Bool { !started || overall.isAnimating || tasks.contains { $0.isAnimating } }

    public func update(at now: Double) {
        if !started {
            started = true
            for (task, value) in zip(tasks, targets) { task.animate(to: value, with: TasksBoard.motion, at: now) }
            overall.animate(to: average, with: TasksBoard.motion, at: now)
        }
        tasks.forEach { $0.update(at: now) }
        overall.update(at: now)
    }

    /// Sets task `index` to `value` (clamped to 0 ... 1); its ring and the overall ring follow.
    public func set(_ index: Int, to value: Double, at now: Double) {
        guard targets.indices.contains(index) else { return }
        targets[index] = min(1, max(0, value.isFinite ? value : 0))
        tasks[index].animate(to: targets[index], with: TasksBoard.motion, at: now)
        overall.animate(to: average, with: TasksBoard.motion, at: now)
    }

    /// The reference canvas's cell of task `index`: two columns of 200 points under the overall ring.
    static func cell(_ index: Int) -> (x: Double, y: Double) { (20 + Double(index % 2) * 200, 380 + Double(index / 2) * 215) }

    public func sliders(width: Int, height: Int) -> [Slider] {
        let fit = BoardFit(reference: referenceSize, width: width, height: height)
        return targets.indices.map { i in
            let c = TasksBoard.cell(i)
            var slider = Slider(frame: fit.rect(c.x + 16, c.y + 174, 168, Slider.thumbDiameter), value: targets[i], scale: fit.scale)
            slider.focused = focus == i
            return slider
        }
    }

    public func handle(_ input: BoardInput, width: Int, height: Int, at now: Double) {
        let sliders = sliders(width: width, height: height)
        switch input {
        case let .press(p):
            focus = sliders.firstIndex { $0.contains(p) }
            dragging = focus
            if let i = focus { set(i, to: sliders[i].value(atX: p.x), at: now) }
        case let .drag(p):
            if let i = dragging { set(i, to: sliders[i].value(atX: p.x), at: now) }
        case .release:
            dragging = nil
        case let .key(.tab, shift):
            let n = targets.count
            focus = shift ? focus.map { $0 > 0 ? $0 - 1 : nil } ?? n - 1 : focus.map { $0 + 1 < n ? $0 + 1 : nil } ?? 0
        case let .key(key, shift):
            guard let change = Slider.change(for: key, shift: shift) else { return }
            let i = focus ?? 0
            focus = i
            set(i, to: targets[i] + change, at: now)
        }
    }

    public func displayList(width: Int, height: Int) -> DisplayList {
        let fit = BoardFit(reference: referenceSize, width: width, height: height)
        let values = presented
        var commands: [DrawCommand] = []
        /// A preset's ring centred on a reference point, with its counting label `label` points tall.
        func ring(_ preset: Preset, value: Double, x: Double, y: Double, label: Double) {
            let unit = RingLayout(width: preset.width, height: preset.height, count: 1, theme: preset.theme).ring(0)
            let geometry = RingGeometry(center: fit.point(x, y), radius: unit.radius * fit.scale, thickness: unit.thickness * fit.scale)
            let style = preset.theme.style(ofRing: 0)
            commands += RingPainter(theme: preset.theme).commands(for: Ring(value: value, style: style, geometry: geometry))
            text(style.label.text(for: value), x: x, top: y - label / 2, height: label)
        }
        /// `words` centred on a reference point, cut with "…" to `width` reference points when given.
        func text(_ words: String, x: Double, top: Double, height: Double, color: RGB8 = big.theme.ink, width: Double? = nil) {
            guard let glyphs else { return }
            let at = fit.point(x, top), px = Int((height * fit.scale).rounded())
            let shown = width.map { glyphs.fitted(words, width: Int($0 * fit.scale), pixelHeight: px) } ?? words
            if let command = glyphs.command(shown, height: px, centerX: Int(at.x.rounded()), top: Int(at.y.rounded()), color: color.opaque) {
                commands.append(command)
            }
        }
        text(Words.dailyTasks.text, x: 220, top: 18, height: 34)
        ring(big, value: values[targets.count], x: 220, y: 212, label: 34)
        for i in targets.indices {
            let c = TasksBoard.cell(i)
            ring(small, value: values[i], x: c.x + 100, y: c.y + 71, label: 24)
            text(i < names.count ? names[i] : Words.task.with("\(i + 1)"), x: c.x + 100, top: c.y + 150, height: 17, color: RGB8(110, 110, 115), width: 180)
        }
        commands += sliders(width: width, height: height).flatMap(\.commands)
        let bg = big.theme.background
        return DisplayList(background: PackedPixel(r: bg.r, g: bg.g, b: bg.b, a: 255), commands: commands)
    }
}

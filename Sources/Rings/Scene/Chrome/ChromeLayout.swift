import RingsRaster
import RingsBase

/// Where the chrome goes on a canvas, and the room that leaves the rings. The rings stay centred on
/// the canvas whatever the chrome holds: every box of it (legend, buttons, the F3 graph, the help)
/// keeps a margin clear of the circle the rings are drawn in, and the rings shrink until it does, so
/// that nothing is ever drawn over a ring. The legend goes where the rings can stay largest: a column
/// beside them, a band above or below, or a corner. When the rings would be too small for it, the
/// buttons go first, then the legend; the graph and the help, which the viewer asked for, stay.
/// The label sits inside the innermost ring's hole (`Chrome.labelPlacement`).
public struct ChromeLayout: Equatable, Sendable {
    /// The rectangle the rings are laid out in (`RingLayout`'s `area`), centred on the canvas.
    public var ringArea: IntRect
    /// The legend's box, or nil when it has no room (or there is no legend).
    public var legend: IntRect?
    /// Each legend line's name as it fits the room measured for it (cut with "…" only there).
    public var legendNames: [String]
    /// Each legend entry takes two lines, the name over the value (a narrow column beside the rings).
    public var legendStacked: Bool
    /// The buttons that fit, or none.
    public var buttons: [ChromeButton]
    /// The F3 frame graph's panel, when shown.
    public var graph: IntRect?
    /// The help panel, when shown.
    public var help: HelpPanel.Placement?
    /// The legend's line height and the margin at the canvas's edges, in pixels.
    public var line: Int, margin: Int
}

/// One line of the legend: the ring's name, its value, and the widest value it can show (the legend
/// is measured with that, so that the rings do not move as values change).
public struct LegendEntry: Equatable, Sendable {
    public var name: String, value: String, widest: String
    public var color: RGB8
    public init(name: String, value: String, widest: String, color: RGB8) {
        self.name = name; self.value = value; self.widest = widest; self.color = color
    }
}

/// The canvas as the layout sees it: its centre, where the rings' circle is, and the places a box can take.
struct Room {
    let width: Int, height: Int, margin: Int
    var shorter: Int { min(width, height) }

    /// The largest side of the rings' square, centred on the canvas, whose inscribed circle (which
    /// holds every pixel of the rings) stays `margin` clear of every box.
    func side(clear boxes: [IntRect]) -> Int {
        let cx = Double(width) / 2, cy = Double(height) / 2
        var side = Double(shorter)
        for box in boxes {
            let dx = max(Double(box.minX) - cx, 0, cx - Double(box.maxX)), dy = max(Double(box.minY) - cy, 0, cy - Double(box.maxY))
            side = min(side, 2 * ((dx * dx + dy * dy).squareRoot() - Double(margin)))
        }
        return max(2, Int(side.rounded(.down)))
    }

    /// The rings' area for a side: the canvas inset equally on every edge, so that its centre is the canvas's.
    func ringArea(side: Int) -> IntRect {
        let inset = max(0, (shorter - side + 1) / 2)
        return IntRect(x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset)
    }

    /// Where a `w` x `h` box can go, by name.
    enum Place { case leftMiddle, rightMiddle, topLeft, topCenter, bottomCenter }

    func box(_ place: Place, _ w: Int, _ h: Int, floor: Int) -> IntRect {
        switch place {
        case .leftMiddle: IntRect(x: margin, y: (height - h) / 2, width: w, height: h)
        case .rightMiddle: IntRect(x: width - margin - w, y: (height - h) / 2, width: w, height: h)
        case .topLeft: IntRect(x: margin, y: margin, width: w, height: h)
        case .topCenter: IntRect(x: (width - w) / 2, y: margin, width: w, height: h)
        case .bottomCenter: IntRect(x: (width - w) / 2, y: floor - margin - h, width: w, height: h)
        }
    }

    /// The place in `order` that leaves the rings largest beside `others` (the first of those within
    /// 2 % of the largest, so that a tidier place wins a near tie), inside the canvas above `floor`
    /// and overlapping none of `others`; nil when none does.
    func best(_ w: Int, _ h: Int, order: [Place], avoiding others: [IntRect], floor: Int) -> (box: IntRect, side: Int)? {
        let fits = order.map { box($0, w, h, floor: floor) }.filter { b in
            b.minX >= 0 && b.minY >= 0 && b.maxX <= width && b.maxY <= floor && !others.contains { !$0.intersection(b).isEmpty }
        }
        let sides = fits.map { side(clear: others + [$0]) }
        guard let most = sides.max() else { return nil }
        let chosen = sides.firstIndex { $0 >= most - max(2, most / 50) }!
        return (fits[chosen], sides[chosen])
    }
}

extension Chrome {
    /// The rings' square keeps the buttons and the legend only while it is at least this share of the
    /// canvas's shorter side (and 48 px).
    static let smallestRingShare = 0.55
    /// The legend's text is made smaller, to 0.6 of its size, before the rings are made smaller than this share.
    static let roomyRingShare = 0.75
    /// While the help shows beside the rings, its text is the largest that leaves them this share of
    /// the shorter side; where no readable size does, it covers them, centred, and says so.
    static let ringShareBesideHelp = 0.5

    /// The chrome's places on a `width` x `height` canvas. The live window asks each frame, with the
    /// same legend (its values change, but it is measured by the widest each can show) and buttons:
    /// without help or a frame graph, the last answer is kept for the same question.
    public func layout(width: Int, height: Int) -> ChromeLayout {
        guard frameGraph == nil, !showHelp else { return placed(width: width, height: height) }
        let question = LayoutQuestion(width: width, height: height, chrome: steady(forLayout: true))
        if let known = Chrome.lastLayout.withLock({ $0?.question == question ? $0?.answer : nil }) { return known }
        let answer = placed(width: width, height: height)
        Chrome.lastLayout.withLock { $0 = (question, answer) }
        return answer
    }

    /// What a layout without help or a frame graph depends on: the canvas, and the chrome whole
    /// but for what counts and the pointer (its glyphs by identity: the cache holds them, so no
    /// other can take their place).
    private struct LayoutQuestion: Equatable {
        let width: Int, height: Int
        let chrome: Chrome
    }

    private static let lastLayout = Mutex<(question: LayoutQuestion, answer: ChromeLayout)?>(nil)

    /// `layout`, worked out.
    private func placed(width: Int, height: Int) -> ChromeLayout {
        let shorter = min(width, height), s = Double(shorter)
        let margin = max(logical(2), Int(0.015 * s)), nominal = max(logical(10), Int(0.04 * s * textScale))
        let room = Room(width: width, height: height, margin: margin)
        let enough = max(logical(48), Int(Chrome.smallestRingShare * s))
        var buttons = Chrome.buttons(width: width, height: height, titles: buttonTitles, glyphs: glyphs, density: density)
        if let first = buttons.first, let last = buttons.last, first.frame.minX < margin || last.frame.maxX > width - margin {
            buttons = []
        }
        let order: [Room.Place] = width > height ? [.leftMiddle, .topLeft, .topCenter, .bottomCenter] : [.topCenter, .topLeft, .bottomCenter, .leftMiddle]
        /// The legend where it leaves the rings room beside `others`: a roomy share of the canvas
        /// if any of its sizes (down to 0.6 of the nominal) allows, else enough; its names whole
        /// where they fit, else cut to the canvas or to the column beside the rings; each entry on
        /// one line, else the name over the value; the largest size that does.
        func placeLegend(avoiding others: [IntRect], floor: Int) -> (box: IntRect, names: [String], line: Int, stacked: Bool)? {
            guard !legend.isEmpty else { return nil }
            let lines = Set([1, 0.85, 0.7, 0.6].map { max(logical(10), Int(Double(nominal) * $0)) }).sorted(by: >)
            let whole = width - 4 * margin, column = (width - enough) / 2 - 3 * margin
            for wanted in [max(enough, Int(Chrome.roomyRingShare * s)), enough] {
                for (limit, cutting) in [(whole, false), (whole, true), (column, true)] where limit > 0 {
                    for stacked in [false, true] {
                        for line in lines {
                            let names = legendNames(line: line, room: limit, stacked: stacked)
                            if !cutting && names != legend.map(\.name) { continue }
                            let size = legendSize(names: names, line: line, margin: margin, stacked: stacked)
                            if size.width > limit + 2 * margin { continue }
                            if let found = room.best(size.width, size.height, order: order, avoiding: others, floor: floor), found.side >= wanted {
                                return (found.box, names, line, stacked)
                            }
                        }
                    }
                }
            }
            return nil
        }
        var placed = placeLegend(avoiding: buttons.map(\.frame), floor: buttons.first?.frame.minY ?? height)
        if !buttons.isEmpty && (room.side(clear: buttons.map(\.frame) + (placed.map { [$0.box] } ?? [])) < enough || placed == nil && !legend.isEmpty) {
            // The buttons go first: the legend, or the rings, need their room.
            buttons = []
            placed = placeLegend(avoiding: [], floor: height)
        }
        var boxes = buttons.map(\.frame)
        let floor = buttons.first?.frame.minY ?? height
        let graph = frameGraph.map { $0.frame(width: width, height: height, density: density, glyphs: glyphs) }
        if let graph {
            if let box = placed?.box, !box.intersection(graph).isEmpty { placed = placeLegend(avoiding: boxes + [graph], floor: floor) }
            boxes.append(graph)
        }
        if let box = placed?.box { boxes.append(box) }
        let help = showHelp ? placeHelp(room: room, avoiding: boxes, floor: floor) : nil
        // A help that covers the rings does so on purpose: they keep their room under it.
        if let help, !help.covering { boxes.append(help.frame) }
        return ChromeLayout(ringArea: room.ringArea(side: room.side(clear: boxes)), legend: placed?.box, legendNames: placed?.names ?? [], legendStacked: placed?.stacked ?? false,
                            buttons: buttons, graph: graph, help: help, line: placed?.line ?? nominal, margin: margin)
    }

    /// The help beside the rings: the largest text (at most 0.03 of the shorter side, at least
    /// `HelpPanel.readableSize` logical pixels), side by side or stacked, in the place that leaves
    /// the rings `ringShareBesideHelp` of the shorter side. Where no readable size does, it is
    /// centred over the canvas, covering the rings on purpose, and says so.
    func placeHelp(room: Room, avoiding others: [IntRect], floor: Int) -> HelpPanel.Placement {
        let s = Double(room.shorter)
        // Sizes tried in logical pixels, so that every scale tries the same ones and chooses alike.
        let largest = max(HelpPanel.readableSize, Int(0.03 * s / density))
        let order: [Room.Place] = room.width > room.height ? [.rightMiddle, .leftMiddle, .bottomCenter, .topCenter]
                                                           : [.bottomCenter, .topCenter, .rightMiddle, .leftMiddle]
        for size in stride(from: largest, through: HelpPanel.readableSize, by: -1).map({ logical(Double($0)) }) {
            for stacked in [false, true] {
                let (w, h) = panel.size(size, stacked: stacked, glyphs: glyphs)
                guard let found = room.best(w, h, order: order, avoiding: others, floor: floor),
                      Double(found.side) >= Chrome.ringShareBesideHelp * s else { continue }
                return HelpPanel.Placement(frame: found.box, size: size, stacked: stacked)
            }
        }
        return panel.centered(width: room.width, height: room.height, density: density, glyphs: glyphs)
    }

    /// `n` logical pixels in the output's pixels.
    func logical(_ n: Double) -> Int { Int((n * density).rounded()) }

    public func legendTextHeight(_ line: Int) -> Int { Int(Double(line) * 0.8) }

    /// Each legend line's name, cut with "…" by the text stack where the line (`stacked`: the name
    /// alone) would be wider than `room` (the canvas's width less the margins): the name's room is
    /// what the widest value it can show leaves.
    func legendNames(line: Int, room: Int, stacked: Bool) -> [String] {
        let px = legendTextHeight(line)
        return legend.map { entry in
            let rest = stacked ? 0 : glyphs.width(of: Chrome.legendLine("", entry.widest), pixelHeight: px)
            return glyphs.fitted(entry.name, width: room - rest, pixelHeight: px)
        }
    }

    /// The legend's box size for names as cut.
    func legendSize(names: [String], line: Int, margin: Int, stacked: Bool) -> (width: Int, height: Int) {
        let px = legendTextHeight(line)
        let widest = zip(names, legend).map { name, entry in
            stacked ? max(glyphs.width(of: name, pixelHeight: px), Chrome.stackedIndent(line) + glyphs.width(of: entry.widest, pixelHeight: px))
                    : glyphs.width(of: Chrome.legendLine(name, entry.widest), pixelHeight: px)
        }.max() ?? 0
        return (2 * margin + widest, 2 * margin + legend.count * line * (stacked ? 2 : 1))
    }

    /// How far a stacked entry's value is set in under its name.
    static func stackedIndent(_ line: Int) -> Int { line / 2 }

    /// A legend line: the name, the value. The name is a bidirectional isolate (U+2068 ... U+2069):
    /// an Arabic or Hebrew name reads right to left within it and the value stays after it.
    public static func legendLine(_ name: String, _ value: String) -> String { "\u{2068}\(name)\u{2069}  \(value)" }
}

import Foundation
@testable import Rings
import RingsAnimation
import RingsRaster
import Testing
import TestSupport

/// The demos' boards (seeds 001 and 003) and their slider, with time given by hand.
@Suite struct BoardTests {
    var goldens: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path }

    func render(_ board: Board, _ width: Int, _ height: Int) -> Pixmap {
        let frame = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.render(board.displayList(width: width, height: height), into: frame)
        return frame
    }

    func isBlue(_ p: PackedPixel) -> Bool { p.r < 40 && abs(Int(p.g) - 122) < 30 && p.b > 230 }
    func isWhite(_ p: PackedPixel) -> Bool { p.r > 250 && p.g > 250 && p.b > 250 }

    @Test func sliderMapsItsTrackToZeroThroughOne() {
        let slider = Slider(frame: IntRect(x: 16, y: 100, width: 328, height: 28), value: 0.25)
        #expect(slider.thumbCenter == Point(x: 30 + 0.25 * 300, y: 114))
        #expect(slider.value(atX: 30) == 0 && slider.value(atX: 330) == 1 && slider.value(atX: 180) == 0.5)
        #expect(slider.value(atX: -50) == 0 && slider.value(atX: 900) == 1)
        #expect(slider.contains(Point(x: 200, y: 110)) && !slider.contains(Point(x: 200, y: 140)))
        #expect(Slider(frame: slider.frame, value: 7).value == 1 && Slider(frame: slider.frame, value: -1).value == 0)
    }

    /// The AnimatablePair tutorial: a 5-point blue stroke on a circle of radius 100 from 3 o'clock, clockwise, with
    /// square ends; nothing at 0.
    @Test func arcIsTheTutorialsShape() {
        let demo = ArcDemo(progress: 0.25)
        let frame = render(demo, 360, 360)
        let c = (x: 180, y: 145)
        #expect(isBlue(frame[c.x + 100, c.y]) && isBlue(frame[c.x + 101, c.y - 2]) == false)   // 3 o'clock, and only just after it
        #expect(isBlue(frame[c.x + 70, c.y + 70]))                                             // half-way, 4:30
        #expect(isWhite(frame[c.x + 103, c.y]) && isWhite(frame[c.x + 97, c.y + 4]) == false)  // 5 wide: 97.5 ... 102.5
        #expect(isWhite(frame[c.x - 3, c.y + 100]), "the end at 6 o'clock is square: a round cap would reach 2.5 px past it")
        #expect(isWhite(frame[c.x - 70, c.y - 70]))                                            // 10:30, not reached
        let arc = demo.arc(width: 360, height: 360)!
        #expect(arc.cap == .butt && arc.thickness == 5 && arc.radius == 100)
        #expect(ArcDemo(progress: 0).arc(width: 360, height: 360) == nil)
        let twice = ArcDemo(progress: 0.25).arc(width: 720, height: 720)!
        #expect(twice.radius == 200 && twice.thickness == 10, "the board scales to the window")
    }

    /// A click toggles 0 <-> 100 % linearly over one second, start and end angle as one pair; the
    /// slider's value is set at once; a second click from a slider value goes to 100 % (the
    /// tutorial's `progress == 1.0 ? 0.0 : 1.0`).
    @Test func clickTogglesLinearlyAndTheSliderSetsAtOnce() {
        let demo = ArcDemo()
        let center = Point(x: 180, y: 145)
        demo.handle(.press(center), width: 360, height: 360, at: 10)
        demo.handle(.release(center), width: 360, height: 360, at: 10)
        #expect(demo.progress == 1 && demo.isAnimating)
        for t in [0.25, 0.5, 0.9] {
            demo.update(at: 10 + t)
            #expect(abs(demo.presentedProgress - t) < 1e-9, "linear at \(t)")
            #expect(demo.angles.presented.first == 0)
        }
        demo.update(at: 11)
        #expect(demo.presentedProgress == 1 && !demo.isAnimating)
        #expect(demo.slider(width: 360, height: 360).value == 1, "the thumb follows the arc")
        // Back to 0, interrupted half-way by the slider.
        demo.handle(.key(.space, shift: false), width: 360, height: 360, at: 20)
        demo.update(at: 20.5)
        #expect(abs(demo.presentedProgress - 0.5) < 1e-9)
        let slider = demo.slider(width: 360, height: 360)
        let at = Point(x: slider.thumbCenter.x, y: slider.thumbCenter.y)
        demo.handle(.press(at), width: 360, height: 360, at: 20.5)
        demo.handle(.drag(Point(x: 30 + 0.8 * 300, y: at.y)), width: 360, height: 360, at: 20.6)
        demo.handle(.release(Point(x: 0, y: 0)), width: 360, height: 360, at: 20.6)
        #expect(abs(demo.progress - 0.8) < 1e-9 && abs(demo.presentedProgress - 0.8) < 1e-9 && !demo.isAnimating)
        #expect(demo.sliderFocused)
        demo.handle(.key(.left, shift: true), width: 360, height: 360, at: 21)
        demo.handle(.key(.right, shift: false), width: 360, height: 360, at: 21)
        #expect(abs(demo.progress - 0.71) < 1e-9)
        demo.handle(.key(.end, shift: false), width: 360, height: 360, at: 21)
        #expect(demo.progress == 1)
        demo.handle(.key(.tab, shift: false), width: 360, height: 360, at: 21)
        #expect(!demo.sliderFocused)
        demo.handle(.press(Point(x: 5, y: 5)), width: 360, height: 360, at: 22)
        #expect(demo.progress == 1 && !demo.isAnimating, "a click outside the frame does nothing")
    }

    @Test func arcGolden() {
        let demo = ArcDemo(progress: 0.7)
        let frame = render(demo, 360, 360)
        // Recorded only when the frame matches the supersampled reference of the board's display list.
        let failure = Golden.mismatch(frame, name: "demo-arc", directory: goldens, filter: "BoardTests/arcGolden") {
            Golden.reference(frame, of: demo.displayList(width: 360, height: 360), limits: .board)
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The AnimatableModifier tutorial's exercise: the overall ring is the average; every ring eases over a second from
    /// what is on screen; Tab picks a slider and the arrows move it.
    @Test func tasksBoardAveragesAndAnimates() throws {
        let board = try TasksBoard(values: [0.3, 0.55, 0.8, 1], glyphs: nil)
        #expect(board.isAnimating && board.presented == [0, 0, 0, 0, 0], "the rings grow in")
        board.update(at: 5)
        board.update(at: 5.5)
        let curve = TimingCurve.easeInEaseOut.value(at: 0.5)
        #expect(zip(board.presented, [0.3, 0.55, 0.8, 1, 0.6625]).allSatisfy { abs($0 - $1 * curve) < 1e-9 })
        board.update(at: 6)
        #expect(zip(board.presented, [0.3, 0.55, 0.8, 1, 0.6625]).allSatisfy { abs($0 - $1) < 1e-12 } && !board.isAnimating)
        for key in [BoardKey.tab, .tab] { board.handle(.key(key, shift: false), width: 440, height: 820, at: 7) }
        #expect(board.focus == 1)
        board.handle(.key(.left, shift: true), width: 440, height: 820, at: 7)
        board.handle(.key(.left, shift: false), width: 440, height: 820, at: 7)
        #expect(abs(board.targets[1] - 0.44) < 1e-9 && abs(board.average - 0.635) < 1e-9)
        board.update(at: 8)
        #expect(abs(board.presented[4] - 0.635) < 1e-9)
        board.handle(.key(.tab, shift: true), width: 440, height: 820, at: 8)
        #expect(board.focus == 0)
        board.handle(.key(.home, shift: false), width: 440, height: 820, at: 8)
        #expect(board.targets[0] == 0)
        for _ in 0..<4 { board.handle(.key(.tab, shift: false), width: 440, height: 820, at: 8) }
        #expect(board.focus == nil, "Tab goes through the four and then to none")
    }

    @Test func tasksSlidersDragAndClamp() throws {
        let board = try TasksBoard(values: [0.3, 0.55, 0.8, 1], glyphs: nil, growIn: false)
        let sliders = board.sliders(width: 440, height: 820)
        #expect(sliders.map(\.frame) == [IntRect(x: 36, y: 554, width: 168, height: 28), IntRect(x: 236, y: 554, width: 168, height: 28),
                                         IntRect(x: 36, y: 769, width: 168, height: 28), IntRect(x: 236, y: 769, width: 168, height: 28)])
        let thumb = sliders[3].thumbCenter
        board.handle(.press(thumb), width: 440, height: 820, at: 1)
        board.handle(.drag(Point(x: thumb.x - 70, y: thumb.y + 40)), width: 440, height: 820, at: 1.1)
        #expect(board.focus == 3 && abs(board.targets[3] - 0.5) < 1e-9, "dragging off the track still moves the thumb")
        board.handle(.drag(Point(x: 2000, y: 0)), width: 440, height: 820, at: 1.2)
        board.handle(.release(Point(x: 2000, y: 0)), width: 440, height: 820, at: 1.2)
        #expect(board.targets[3] == 1)
        board.handle(.drag(Point(x: 0, y: 0)), width: 440, height: 820, at: 1.3)
        #expect(board.targets[3] == 1, "after the release a motion moves nothing")
        board.handle(.press(Point(x: 220, y: 212)), width: 440, height: 820, at: 2)
        #expect(board.focus == nil && board.targets == [0.3, 0.55, 0.8, 1])
    }

    @Test func tasksGolden() throws {
        let board = try TasksBoard(values: [0.3, 0.55, 0.8, 1], glyphs: nil, growIn: false)
        let frame = render(board, 440, 820)
        // No glyphs, so no text: the whole frame has a reference.
        let failure = Golden.mismatch(frame, name: "demo-tasks", directory: goldens, filter: "BoardTests/tasksGolden") {
            Golden.reference(frame, of: board.displayList(width: 440, height: 820), limits: .board)
        }
        #expect(failure == nil, "\(failure ?? "")")
    }
}

import Foundation
@testable import Rings
import RingsAnimation
import RingsRaster
import Testing
import TestSupport

/// The looks of the five tutorials (seeds 000-004), point by point against their text, and the presets.
@Suite struct LookTests {
    var goldens: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path }

    func render(_ theme: Theme, _ width: Int, _ height: Int, _ progress: [Double]) -> Pixmap {
        var renderer = SceneRenderer()
        return renderer.render(RingScene(theme: theme, width: width, height: height, values: progress))
    }

    func near(_ p: PackedPixel, _ c: RGB8, within tolerance: Int = 3) -> Bool {
        abs(Int(p.r) - Int(c.r)) <= tolerance && abs(Int(p.g) - Int(c.g)) <= tolerance && abs(Int(p.b) - Int(c.b)) <= tolerance
    }

    @Test func thereArePresets() { #expect(Preset.names.count >= 5, "\(Preset.names)") }

    @Test(arguments: Preset.names)
    func goldenImagePerPreset(name: String) throws {
        let preset = try Preset.load(name)
        let scene = preset.scene
        var renderer = SceneRenderer()
        let frame = renderer.render(scene)
        // Recorded only when the frame matches the supersampled reference of its display list.
        let failure = Golden.mismatch(frame, name: "preset-\(name)", directory: goldens, filter: "LookTests/goldenImagePerPreset") {
            Golden.reference(frame, of: scene.displayList, seam: scene.startCapBoxes)
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The Shape and Animatable tutorial: on a 400-point canvas the ring is 250 wide at its centre line and 30 thick, a
    /// systemGray6 track on white, darkPurple at 12 o'clock turning to lightYellow at the arc's end.
    @Test func tutorialRing() throws {
        let theme = try ThemeLoader.load("tutorial")
        let frame = render(theme, 400, 400, [0.5])
        let center = RingLayout(width: 400, height: 400, count: 1, theme: theme).ring(0)
        #expect(abs(2 * center.radius - 250) < 1e-6 && abs(center.thickness - 30) < 1e-6)
        #expect(near(frame[5, 5], RGB8(255, 255, 255)))
        #expect(near(frame[200 - 125, 200], RGB8(242, 242, 247)))        // 9 o'clock: the track
        #expect(near(frame[203, 200 - 125], RGB8(142, 68, 173), within: 6)) // just past 12: darkPurple
        #expect(near(frame[200 + 125, 200], RGB8(142, 68, 173).mixed(RGB8(241, 196, 15), 0.5), within: 6))
        #expect(theme.buttons == ["0%", "50%", "100%"] && theme.ink == RGB8(0, 0, 0))
        // The palette by name, in any theme file.
        let named = try ThemeLoader.parse(Data(#"{"background": "purpleBg", "rings": [{"start": "lightRed", "end": "darkOrange"}]}"#.utf8), source: "t")
        #expect(named.background == RGB8(69, 51, 201) && named.rings[0].start == RGB8(231, 76, 60) && named.rings[0].end == RGB8(211, 84, 0))
    }

    /// The Shape and Animatable tutorial's tip: past 96 % a lightYellow cap with a faint shadow (black at 0.15) ahead of it
    /// along the travel; at 96 % and below, neither.
    @Test func tutorialTipShowsPast96Percent() throws {
        let theme = try ThemeLoader.load("tutorial")
        var unshadowed = theme
        unshadowed.shadowOpacity = 0
        // At 1.25 the arc ends at 3 o'clock, travelling down: the shadow lies on the band below the cap.
        let with = render(theme, 400, 400, [1.25]), without = render(unshadowed, 400, 400, [1.25])
        let darker = Int(without[325, 218].g) - Int(with[325, 218].g)
        #expect(darker > 2 && darker < 40, "shadow darkens by \(darker)")
        #expect(with[325, 182] == without[325, 182])  // nothing behind the cap
        #expect(near(with[325, 200], RGB8(241, 196, 15), within: 4))
        #expect(differingPixels(render(theme, 400, 400, [0.96]), render(unshadowed, 400, 400, [0.96])) == 0)
    }

    /// The gold two-phase tutorial: a 10-wide #F6F6F9 track under a 17-wide band, the band's halves each a vertical
    /// gradient, a white dot at the tip.
    @Test func goldRing() throws {
        let theme = try ThemeLoader.load("gold")
        let frame = render(theme, 240, 240, [0.75])
        let ring = RingLayout(width: 240, height: 240, count: 1, theme: theme).ring(0)
        #expect(abs(ring.thickness - 17) < 0.05 && abs(ring.thickness * theme.trackWidth - 10) < 0.05)
        let cx = 120, cy = 120, r = Int(ring.radius.rounded())
        // Near 11 o'clock, where the band has not reached: the track within its 10 px, white past them.
        func at(_ distance: Double) -> PackedPixel {
            let a = Double.pi * 1.8
            return frame[Int((Double(cx) + distance * sin(a)).rounded(.down)), Int((Double(cy) - distance * cos(a)).rounded(.down))]
        }
        #expect(near(at(ring.radius - 2), RGB8(0xF6, 0xF6, 0xF9)), "\(at(ring.radius - 2))")
        #expect(near(at(ring.radius - 8), RGB8(255, 255, 255)), "\(at(ring.radius - 8))")
        // The right half at the top is the light gold, the bottom near the dark gold.
        #expect(near(frame[cx + 3, cy - r], RGB8(0xEB, 0xD6, 0xAB), within: 8))
        #expect(near(frame[cx + 2, cy + r], RGB8(0xC6, 0xA0, 0x5D), within: 8))
        // The white dot at the tip (9 o'clock).
        #expect(near(frame[cx - r, cy], RGB8(255, 255, 255)))
        #expect(theme.motion == .twoPhase)
    }

    /// The gold tutorial's dot rides the ring's circle through a paced keyframe tween (Core Animation's
    /// CAKeyframeAnimation along the arc), at constant speed within each of the two phases, and is at
    /// the band's end in every frame, either way round.
    @Test(arguments: [true, false])
    func goldDotRidesThePacedTween(clockwise: Bool) throws {
        var theme = try ThemeLoader.load("gold")
        theme.clockwise = clockwise
        let model = RingsModel(values: [0.1], spec: .twoPhase())
        model.apply(.set(ring: 0, value: 0.8), at: 3)
        let geometry = RingLayout(width: 240, height: 240, count: 1, theme: theme).ring(0)
        var last: Point?, speeds: [[Double]] = [[], []]
        for step in 1...120 {
            let now = 3 + Double(step) / 60
            model.update(at: now)
            guard let run = model.running(ring: 0) else { break }
            let dot = try #require(TipDot.position(of: run.animation, since: run.start, at: now, geometry: geometry, clockwise: clockwise))
            let end = ArcStroke(center: geometry.center, radius: geometry.radius, thickness: geometry.thickness, startAngle: 0,
                                sweep: (clockwise ? 1 : -1) * 2 * Double.pi * model.presented[0]).endPoint
            #expect((dot - end).length < 1e-9, "at \(now): dot \(dot), end \(end)")
            if let last, step != 60 { speeds[step < 60 ? 0 : 1].append((dot - last).length * 60) }
            last = dot
        }
        // Chord per frame over arc per frame: the speed along the arc is constant within each phase.
        for (phase, share) in [(0, 0.9), (1, 0.1)] {
            let expected = 2 * sin(share * 0.7 * Double.pi / 60) * geometry.radius * 60
            #expect(speeds[phase].count > 50 && speeds[phase].allSatisfy { abs($0 / expected - 1) < 0.005 }, "phase \(phase + 1)")
        }
        // The scene draws the dot where it is told.
        var scene = RingScene(theme: theme, width: 240, height: 240, values: [0.5])
        scene.dots = [Point(x: 120 + geometry.radius, y: 120)]
        var renderer = SceneRenderer()
        let frame = renderer.render(scene)
        #expect(near(frame[120 + Int(geometry.radius), 120], RGB8(255, 255, 255)))
    }

    /// The gold tutorial's "counterclockwise" and any theme's: the mirror image.
    @Test func counterclockwiseMirrors() throws {
        var theme = try ThemeLoader.load("tutorial")
        let forward = render(theme, 200, 200, [0.4])
        theme.clockwise = false
        let mirrored = render(theme, 200, 200, [0.4])
        var worst = 0
        for y in 0..<200 { for x in 0..<200 {
            let a = forward[x, y], b = mirrored[199 - x, y]
            worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        } }
        #expect(worst <= 2)
    }

    /// The skeuomorphic-control tutorial: the plate, the band in the groove at the rim in the green gradient at 0.8, the discs,
    /// and the label's words.
    @Test func softControl() throws {
        let theme = try ThemeLoader.load("soft")
        let frame = render(theme, 320, 320, [0.5])
        let plateRadius = theme.outerRadius * 320
        #expect(abs(plateRadius - 130) < 1e-6)
        // The band at 3 o'clock in the groove (between the middle disc at 0.45 w and the rim at 0.5 w):
        // green over the plate at 0.8.
        let band = frame[160 + Int(0.475 * 260), 160]
        #expect(band.g > band.r + 60 && band.g > 180, "\(band)")
        // 9 o'clock in the groove, no band yet: the plate's colour, shaded by its inner shadows at most.
        let groove = frame[160 - Int(0.475 * 260), 160]
        #expect(abs(Int(groove.g) - 0xF8) <= 24 && groove.g >= groove.r, "\(groove)")
        // The recessed top disc's colour at its centre.
        #expect(near(frame[160, 160], RGB8(0xD5, 0xDD, 0xD9), within: 4))
        let format = theme.rings[0].label
        #expect(format.text(for: 0, started: false) == "Waiting..." && format.text(for: 0.42) == "42%" && format.text(for: 1) == "Done")
    }

    /// The rasterised layers of the soft look equal drawing them every frame, within rounding.
    @Test func softOverlayCacheMatchesDrawingEveryLayer() throws {
        let theme = try ThemeLoader.load("soft")
        let scene = RingScene(theme: theme, width: 150, height: 130, values: [0.3])
        let g = scene.rings[0].geometry
        let look = SoftLook(center: g.center, width: 2 * (g.radius + g.thickness / 2), canvas: IntRect(x: 0, y: 0, width: 150, height: 130))
        let direct = DisplayList(background: PackedPixel(r: 255, g: 255, b: 255, a: 255),
                                 commands: look.underlay + [look.band(value: 0.3, clockwise: true, style: theme.rings[0], opacity: 0.8)] + look.overlayCommands)
        var rasterizer = Rasterizer()
        let expected = Pixmap(width: 150, height: 130)
        rasterizer.render(direct, into: expected)
        let cached = render(theme, 150, 130, [0.3])
        var worst = 0
        for y in 0..<130 { for x in 0..<150 {
            let a = expected[x, y], b = cached[x, y]
            worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        } }
        // The cached layers are rounded to 8 bits once before they are composited.
        #expect(worst <= 3, "worst difference \(worst)")
    }

    /// The AnimatableModifier tutorial's library items, and one preset per theme.
    @Test func presetsOfTheComponentLibrary() throws {
        let small = try Preset.load("Progress Ring"), big = try Preset.load("progress-ring-bigger")
        for (preset, width, thickness) in [(small, 130.0, 12.0), (big, 250.0, 30.0)] {
            let ring = preset.scene.layout.ring(0)
            #expect(abs(2 * ring.radius - width) < 0.01 && abs(ring.thickness - thickness) < 0.01, "\(preset.title)")
            #expect(preset.values == [1.0])
        }
        #expect(small.theme.rings[0].start == Palette.colors["darkYellow"] && small.theme.rings[0].end == Palette.colors["lightYellow"])
        #expect(big.theme.rings[0].start == Palette.colors["darkPurple"] && big.theme.rings[0].end == Palette.colors["lightYellow"])
        let all = try Preset.all()
        #expect(Set(ThemeLoader.builtInNames).isSubset(of: Set(all.map(\.theme.name))))
        #expect(throws: ThemeError.self) { try Preset.load("nope") }
    }

    /// The skeuomorphic-control tutorial's simulated download: 1.5 s of waiting, 0.03 s a step below 40 %, 0.1 s to 60 %, then 0.01 s.
    @Test func downloadScriptKeepsTheTutorialsTimes() {
        let script = ValueScript.download
        #expect(script.steps.count == 101 && script.steps.allSatisfy { $0.ring == 0 })
        func when(_ percent: Int) -> Double { script.steps[percent].at }
        #expect(abs(when(0) - 1.5) < 1e-9)
        #expect(abs(when(39) - (1.5 + 39 * 0.03)) < 1e-9)
        #expect(abs(when(59) - when(39) - 20 * 0.1) < 1e-9)
        #expect(abs(script.duration - when(59) - 41 * 0.01) < 1e-9)
        #expect(script.steps(after: 2.0, upTo: 2.09).map(\.value) == [0.17, 0.18, 0.19])
    }

    @Test func newThemeKeysAreChecked() {
        for (json, key) in [(#"{"look": "glass"}"#, "'look'"), (#"{"gradient": 3}"#, "'gradient'"), (#"{"clockwise": "yes"}"#, "'clockwise'"),
                            (#"{"buttons": ["0%", "Boom"]}"#, "'buttons'"), (#"{"track": "mauve"}"#, "'track'"),
                            (#"{"buttonOpacity": 0.5}"#, "'buttonOpacity'"), (#"{"rings": [{"label": "words"}]}"#, "'rings[0].label'")] {
            let error = caught(ThemeError.self, "\(json) was accepted") {
                _ = try ThemeLoader.parse(Data(json.utf8), source: "t")
            }
            let message = error?.description ?? ""
            #expect(message.contains(key), "\(json): \(message)")
        }
    }
}

extension RGB8 {
    func mixed(_ other: RGB8, _ t: Double) -> RGB8 {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGB8(m(r, other.r), m(g, other.g), m(b, other.b))
    }
}

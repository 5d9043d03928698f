import Foundation
@testable import Rings
import RingsRaster
import Testing
import TestSupport

@Suite struct DirtyRedrawTests {
    /// The live window redraws only rectangles; each must come out exactly as in a full frame.
    @Test func aRedrawOfAnyRectangleMatchesTheFullFrame() throws {
        let scene = RingScene(theme: try ThemeLoader.load("flat"), width: 333, height: 250, values: [0.72, 1.35, 0.48])
        var renderer = SceneRenderer()
        let full = renderer.render(scene)
        let patched = full.copyForTest()
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<25 {
            let x = Int.random(in: 0..<330, using: &rng), y = Int.random(in: 0..<247, using: &rng)
            let rect = IntRect(x: x, y: y, width: Int.random(in: 1...200, using: &rng), height: Int.random(in: 1...150, using: &rng))
            patched.subview(rect).fill(PackedPixel(r: 255, g: 0, b: 255, a: 255))
            renderer.render(scene, into: patched, clips: [rect])
        }
        var differing = 0
        for y in 0..<250 { for x in 0..<333 where patched[x, y] != full[x, y] { differing += 1 } }
        #expect(differing == 0)
    }

    /// A widget's frame, its background clear and six rings, drawn in random rectangles from a
    /// display list that leaves out the rings no rectangle reaches: the full frame's pixels, alpha too.
    /// Also with thick rings whose tip shadows blur far past the centre (an inner reach below 0).
    @Test(arguments: [false, true])
    func aTransparentFramesRedrawLeavesOutOnlyRingsItCannotReach(thick: Bool) throws {
        var theme = try ThemeLoader.load("desktop")
        theme.transparent = true
        if thick { (theme.thickness, theme.shadowSigma, theme.shadowOpacity) = (0.2, 1.2, 0.8) }
        let scene = RingScene(theme: theme, width: 320, height: 300, values: [0.97, 1.3, 0.45, 0.99, 0.12, 2.2])
        var renderer = SceneRenderer()
        let full = renderer.render(scene)
        #expect(full[0, 0].a == 0, "the corner is clear")
        let patched = full.copyForTest()
        var rng = SeededGenerator(seed: 17)
        var leftOut = 0
        for _ in 0..<40 {
            let rect = IntRect(x: Int.random(in: 0..<316, using: &rng), y: Int.random(in: 0..<296, using: &rng),
                               width: Int.random(in: 1...60, using: &rng), height: Int.random(in: 1...60, using: &rng))
            leftOut += scene.rings.indices.filter { !scene.reaches(ringAt: $0, rect) }.count
            patched.subview(rect).fill(PackedPixel(r: 255, g: 0, b: 255, a: 255))
            renderer.render(scene, into: patched, clips: [rect])
        }
        var differing = 0
        for y in 0..<300 { for x in 0..<320 where patched[x, y] != full[x, y] { differing += 1 } }
        #expect(differing == 0)
        if !thick { #expect(leftOut > 40, "small rectangles leave most rings out: \(leftOut)") }
    }

    /// Redraws over the cached background layer (tracks drawn whole, once) give the pixels of a full
    /// frame, and full frames the display list's, for every look, laps, tips and empty rings, on one
    /// thread or two, as values change and the layer is reused or redrawn.
    @Test(arguments: ["flat", "activity", "gold", "tutorial", "soft"])
    func redrawsOverTheBackgroundLayerMatchFullFrames(theme name: String) throws {
        let theme = try ThemeLoader.load(name)
        let width = 301, height = 227
        var rng = SeededGenerator(seed: 31)
        for threads in [1, 2] {
            var parts = SceneRenderer(threads: threads)
            let frame = Pixmap(width: width, height: height)
            for values in [[0.72, 1.35, 0.48], [0.0, 0.97, 2.3], [0.5, 1.0, 0.25, 0.961], [0.73, 1.35, 0.5]] {
                let scene = RingScene(theme: theme, width: width, height: height, values: values)
                #expect((scene.layers == nil) == (name == "soft"))
                var whole = SceneRenderer()
                let full = whole.render(scene)
                // The layers give the display list's pixels (a tip's shadow under a later track included).
                let plain = Pixmap(width: width, height: height)
                var rasterizer = Rasterizer()
                rasterizer.render(scene.displayList, into: plain)
                var unlike = 0
                for y in 0..<height { for x in 0..<width where plain[x, y] != full[x, y] { unlike += 1 } }
                #expect(unlike == 0, "\(name), \(values): \(unlike) pixels differ from the display list's")
                frame.fill(PackedPixel(r: 255, g: 0, b: 255, a: 255))
                // Rectangles large enough for two threads to share, and small ones.
                var clips = [IntRect(x: 0, y: 0, width: width, height: height / 2 + 7)]
                for _ in 0..<6 {
                    clips.append(IntRect(x: Int.random(in: 0..<width, using: &rng), y: Int.random(in: 0..<height, using: &rng),
                                         width: Int.random(in: 1...150, using: &rng), height: Int.random(in: 1...120, using: &rng)))
                }
                clips.append(IntRect(x: 0, y: height / 2 + 7, width: width, height: height))
                parts.render(scene, into: frame, clips: clips.disjoint)
                var differing = 0
                for y in 0..<height { for x in 0..<width where frame[x, y] != full[x, y] { differing += 1 } }
                #expect(differing == 0, "\(name), \(values), \(threads) threads: \(differing) pixels differ")
                // Straight into a window surface of the other byte order: the same pixels, red and blue exchanged.
                frame.fill(PackedPixel(r: 255, g: 0, b: 255, a: 255))
                parts.render(scene, into: frame, clips: clips.disjoint, redAndBlueSwapped: true)
                differing = 0
                for y in 0..<height { for x in 0..<width where frame[x, y] != full[x, y].swappingRedAndBlue { differing += 1 } }
                #expect(differing == 0, "\(name), \(values), \(threads) threads, red and blue swapped: \(differing) pixels differ")
            }
        }
    }
}

extension Pixmap {
    /// A copy with its own pixels.
    func copyForTest() -> Pixmap {
        let out = Pixmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { out[x, y] = self[x, y] } }
        return out
    }
}

import FoundationEssentials
import Glibc
import Dispatch
import RingsRaster
import Shaders

/// Draws scenes into pixmaps with the fast rasteriser, reusing its scratch memory between frames.
public struct SceneRenderer {
    /// One rasteriser (its scratch rows) per thread.
    private var rasterizers: [Rasterizer]
    /// The background layer of the scenes drawn in parts (`RingScene.layers`), drawn once per size,
    /// set of tracks and byte order, and laid under each frame, whole or redrawn in parts, in place
    /// of clearing and drawing the tracks again.
    private var base: (key: [Double], layer: Layer)?
    /// Each ring's band's rays as last drawn, and in which byte order: what a recolored band is
    /// repainted from.
    private var drawnFans: [RayFan?] = [], fansSwapped = false
    /// Each ring's band's rim pixels over the layer it was last recolored over.
    private var rimCaches: [RimCache] = []
    /// The chrome's commands in the last frame and what they were made from: the same in most frames
    /// (a label and legend change a few times a second as they count).
    private var chromeKept: (key: Chrome.CommandsKey, commands: [DrawCommand])?

    /// With `threads` above 1, `render(_:into:clips:)` can share the rows among that many threads
    /// (the live window's redraws); whole frames are drawn on one.
    public init(threads: Int = 1) {
        rasterizers = Array(repeating: Rasterizer(), count: max(1, threads))
    }

    /// A new pixmap holding the frame.
    public mutating func render(_ scene: RingScene) -> Pixmap {
        let frame = Pixmap(width: scene.width, height: scene.height)
        render(scene, into: frame)
        return frame
    }

    /// Draws the frame into `pixmap`, which must be the scene's size: over the background layer,
    /// as the live window's redraws are, so that frames after the first copy the tracks, not draw them.
    public mutating func render(_ scene: RingScene, into pixmap: Pixmap) {
        render(scene, into: pixmap, clips: [pixmap.bounds], threads: 1)
    }

    /// Rows per piece of work when the clips are shared among threads: small enough that the rings'
    /// costly rows fall to every thread alike, large enough that handing them out costs nothing.
    static let rowsPerPiece = 16

    /// Draws only the parts `clips` of the frame, building its display list once. Each pixel comes
    /// out the same however the rows are shared: shapes and shaders work row by row.
    /// `redAndBlueSwapped` draws the pixels as B, G, R, A, straight into a window surface of that order.
    /// At most `threads` threads share the rows (and no more than the renderer was made for).
    public mutating func render(_ scene: RingScene, into pixmap: Pixmap, clips: [IntRect], redAndBlueSwapped: Bool = false, threads: Int = .max) {
        render(scene, into: pixmap, redraw: Redraw(rects: clips), redAndBlueSwapped: redAndBlueSwapped, threads: threads)
    }

    /// Draws a frame's `redraw` (`RedrawPlan.redraw`) over the last frame drawn into `pixmap`: its
    /// recolored rings' bands repainted where their colour changed (or, where that cannot be, their
    /// pieces drawn whole), then its rectangles drawn.
    public mutating func render(_ scene: RingScene, into pixmap: Pixmap, redraw: Redraw, redAndBlueSwapped: Bool = false, threads: Int = .max) {
        let layers = scene.layers(chrome: chromeCommands(of: scene))
        if let layers {
            let key = layers.key + [redAndBlueSwapped ? 1 : 0]
            if base?.key != key || base?.layer.width != pixmap.width || base?.layer.height != pixmap.height {
                let list = redAndBlueSwapped ? layers.base.swappingRedAndBlue() : layers.base
                let made = Pixmap(width: pixmap.width, height: pixmap.height)
                rasterizers[0].render(list, into: made)
                base = (key, Layer(made))
            }
        }
        // Without layers no band is repainted: its pieces are drawn from the list, which holds only
        // the rings that reach a clip.
        var clips = redraw.rects + (layers == nil ? redraw.recolor.flatMap(\.pieces) : [])
        let list = layers == nil ? scene.displayList(chrome: chromeCommands(of: scene), within: clips) : nil, over = layers?.over ?? []
        let work = Work(list: redAndBlueSwapped ? list?.swappingRedAndBlue() : list,
                        over: redAndBlueSwapped ? over.map { $0.swappingRedAndBlue() } : over,
                        base: layers == nil ? nil : base?.layer)
        for recolor in redraw.recolor where layers != nil && !repaint(ring: recolor.ring, of: layers, with: work, into: pixmap, swapped: redAndBlueSwapped) {
            clips += recolor.pieces
        }
        if let layers {
            drawnFans = layers.bands.map { band in band.flatMap { work.over[$0].band?.rays } }
            fansSwapped = redAndBlueSwapped
        }
        let threads = min(threads, rasterizers.count)
        let area = clips.reduce(0) { $0 + $1.width * $1.height }
        guard threads > 1, area >= 65_536 else {
            for clip in clips { work.render(clip, with: &rasterizers[0], into: pixmap) }
            return
        }
        // Overlapping clips (the label's over a ring's strips) drawn by two threads at once would
        // blend the same pixels twice: they are made disjoint first.
        var pieces: [IntRect] = []
        for clip in clips.disjoint {
            var top = clip.minY
            while top < clip.maxY {
                let rows = min(Self.rowsPerPiece, clip.maxY - top)
                pieces.append(IntRect(x: clip.minX, y: top, width: clip.width, height: rows))
                top += rows
            }
        }
        let shared = UncheckedSendable((work: work, pieces: pieces))
        rasterizers.withUnsafeMutableBufferPointer { workers in
            let workers = UncheckedSendable(workers)
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                for index in stride(from: worker, to: shared.value.pieces.count, by: threads) {
                    shared.value.work.render(shared.value.pieces[index], with: &workers.value[worker], into: pixmap)
                }
            }
        }
    }

    /// `scene`'s chrome commands: those of the last frame where they are made from the same.
    private mutating func chromeCommands(of scene: RingScene) -> [DrawCommand] {
        guard let key = scene.chromeCommandsKey else { return scene.chromeCommands }
        if let chromeKept, chromeKept.key == key { return chromeKept.commands }
        let made = scene.chromeCommands
        chromeKept = (key, made)
        return made
    }

    /// Repaints ring `ring`'s band where its colour changed since the last frame drawn; false where
    /// it cannot be (no rays as last drawn, no opaque band with rays over the layer, rays that do not pair up).
    private mutating func repaint(ring: Int, of layers: SceneLayers?, with work: Work, into pixmap: Pixmap, swapped: Bool) -> Bool {
        guard let layers, let base = work.base, fansSwapped == swapped, ring < drawnFans.count, let old = drawnFans[ring],
              ring < layers.bands.count, let index = layers.bands[ring], let band = work.over[index].band else { return false }
        while rimCaches.count <= ring { rimCaches.append(RimCache()) }
        return band.arc.recolor(from: old, to: band.rays, over: base, into: Canvas(pixmap), rims: rimCaches[ring])
    }

    /// What a part of a redraw draws: the whole display list, or the commands over the background layer.
    private struct Work {
        let list: DisplayList?
        let over: [DrawCommand]
        let base: Layer?

        func render(_ clip: IntRect, with rasterizer: inout Rasterizer, into pixmap: Pixmap) {
            if let base {
                rasterizer.render(over, over: base, into: pixmap, clip: clip)
            } else if let list {
                rasterizer.render(list, into: pixmap, clip: clip)
            }
        }
    }
}

/// A value handed to other threads by a caller that keeps their uses apart (each thread its own element).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

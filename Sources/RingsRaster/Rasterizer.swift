/// Draws display lists into pixmaps: clears, then hands each command's shape to a `ShaderBlitter`.
/// It owns the blitter's per-column buffers (`RowScratch`), so one rasterizer serves one thread.
public struct Rasterizer {
    private var scratch: RowScratch?

    public init() {}

    /// Pixels per band: a band of the frame (512 KB) stays in the cache while every command
    /// draws into it, so blending reads what the clear just wrote from cache, not from memory.
    static let bandPixels = 131_072

    /// Clears to the background and draws every command in order, one horizontal band at a time;
    /// with `clip`, only the pixels inside it (the rest of the pixmap is left as it is).
    public mutating func render(_ list: DisplayList, into pixmap: Pixmap, clip: IntRect? = nil) {
        let canvas = Canvas(pixmap)
        Rasterizer.forEachBand(of: clip?.intersection(pixmap.bounds) ?? pixmap.bounds) { band in
            canvas.clear(band, to: list.background)
            draw(list.commands, into: canvas, clip: band)
        }
    }

    /// Lays `base` (the pixmap's size) and draws `commands` over it, one horizontal band at a time,
    /// only inside `clip`: a frame over its cached background layer.
    public mutating func render(_ commands: [DrawCommand], over base: Layer, into pixmap: Pixmap, clip: IntRect) {
        let canvas = Canvas(pixmap)
        Rasterizer.forEachBand(of: clip.intersection(pixmap.bounds).intersection(base.bounds)) { band in
            base.lay(band, into: pixmap)
            draw(commands, into: canvas, clip: band)
        }
    }

    /// The horizontal bands of `area`, top to bottom, each about `bandPixels` pixels.
    private static func forEachBand(of area: IntRect, _ body: (IntRect) -> Void) {
        guard !area.isEmpty else { return }
        let bandRows = max(8, bandPixels / max(1, area.width))
        var top = area.minY
        while top < area.maxY {
            let band = IntRect(x: area.minX, y: top, width: area.width, height: min(bandRows, area.maxY - top))
            body(band)
            top += band.height
        }
    }

    /// Draws the commands in order over what the canvas holds (nothing is cleared); with `clip`
    /// (drawing coordinates), only inside it.
    public mutating func draw(_ commands: [DrawCommand], into canvas: Canvas, clip: IntRect? = nil) {
        let area = clip?.intersection(canvas.bounds) ?? canvas.bounds
        guard !area.isEmpty else { return }
        if scratch == nil || scratch!.width < area.maxX || !isKnownUniquelyReferenced(&scratch!) {
            scratch = RowScratch(width: area.maxX)
        }
        let rows = scratch!
        // Through a buffer pointer, never copying a command: a copy retains its shape and shader,
        // which every thread shares (their reference counts would bounce between the cores).
        commands.withUnsafeBufferPointer { commands in
            for i in commands.indices {
                let box = area.intersection(commands[i].bounds)
                guard !box.isEmpty else { continue }
                var blitter = ShaderBlitter(shader: commands[i].shader, caps: commands[i].caps, canvas: canvas, colors: rows.colors,
                                            partial: rows.partial, runs: rows.runs)
                commands[i].shape.draw(in: box, coverageRow: rows.coverage, into: &blitter)
                blitter.finish()
            }
        }
    }
}

/// A rasterizer's per-column buffers (a shape's coverage row, the blitter's colours and partly
/// covered pixels, its runs), each with room for `width` columns and four more; one thread's own.
final class RowScratch {
    let width: Int
    let coverage: UnsafeMutablePointer<Float>, colors: UnsafeMutablePointer<UInt32>
    let partial: ShaderBlitter.Partial
    let runs: UnsafeMutablePointer<ShaderBlitter.Run>

    init(width: Int) {
        self.width = width
        func row<T>(_ zero: T) -> UnsafeMutablePointer<T> {
            let row = UnsafeMutablePointer<T>.allocate(capacity: width + 4)
            row.initialize(repeating: zero, count: width + 4)
            return row
        }
        coverage = row(0); colors = row(0)
        partial = ShaderBlitter.Partial(columns: row(0), coverage: row(0), under: row(0), shaded: row(0))
        runs = .allocate(capacity: ShaderBlitter.maximumRuns); runs.initialize(repeating: ShaderBlitter.Run(), count: ShaderBlitter.maximumRuns)
    }

    deinit {
        coverage.deallocate(); colors.deallocate(); runs.deallocate()
        partial.columns.deallocate(); partial.coverage.deallocate(); partial.under.deallocate(); partial.shaded.deallocate()
    }
}

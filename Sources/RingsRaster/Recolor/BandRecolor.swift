extension ArcStroke {
    /// Repaints in `canvas` the band's pixels whose colour changed from `old`'s rays to `new`'s, in the
    /// colour a whole redraw gives them (the band opaque, over `layer`; rim pixels by the annulus's
    /// coverage, as `ShaderBlitter` composites them, cut to the wedge as the scan cuts them): for each
    /// ray on each row, the pixels between where it crossed the row and where it crosses it now; for a
    /// ray that passed 3 or 9 o'clock into the other half of the plane, the rows by the centre's on
    /// that side; the row through the centre where its colours changed. Left alone: the start and end
    /// rays, and rays that came or went at the seam of laps (by the end), since the caller draws the
    /// end whole, where the caps change the colours, and keeps the arc long enough that its caps'
    /// colours follow the rays elsewhere (not steep, see `ArcCaps`). Returns false (having perhaps
    /// drawn part of it) where a ray's colour changed: the caller then draws the band whole.
    public func recolor(from old: RayFan, to new: RayFan, over layer: Layer, into canvas: Canvas, rims: RimCache) -> Bool {
        guard cap == .round else { return false }
        let scan = annulus
        let area = scan.bounds.intersection(canvas.bounds).intersection(layer.bounds)
        guard !area.isEmpty, scan.outer > 0 else { return true }
        precondition(abs(scan.cx) + scan.outer < 1e15 && scan.inner < 1e15, "an annulus out of reach")
        rims.use(scan, area: area, layer: layer)
        let all = [old.above.rays, old.below.rays, new.above.rays, new.below.rays]
        guard !all.contains(where: { $0.contains { $0.id >= RayFan.names } }) else { return false }
        return RecolorScratch.with(rows: area.height, width: area.width + 4) { scratch in
            // Where each named ray lies: bit 0 above, 1 below (old), 2 above, 3 below (new).
            for (bit, rays) in all.enumerated() { for ray in rays where ray.id >= 0 { scratch.places[Int(ray.id)] |= 1 << bit } }
            var painter = RecolorPainter(scan: scan, sector: coversFullTurn ? nil : sector, area: area, layer: layer, canvas: canvas,
                                          rimCache: rims, scratch: scratch)
            guard painter.paint(old: old.above, new: new.above, above: true),
                  painter.paint(old: old.below, new: new.below, above: false) else { return false }
            painter.paintCenterRow(old: old, new: new)
            return true
        }
    }
}

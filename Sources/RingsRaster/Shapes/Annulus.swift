/// The ring between two concentric circles (a track).
public struct Annulus: Shape {
    public var center: Point
    public var innerRadius: Double
    public var outerRadius: Double
    /// Wholly covered pixels whose centres lie in this wedge are left out, because something opaque
    /// of the same radii is drawn over them next (a progress arc over its track). Rim pixels stay.
    public var occludedSector: Sector?

    public init(center: Point, innerRadius: Double, outerRadius: Double, occludedSector: Sector? = nil) {
        self.center = center
        self.innerRadius = max(0, innerRadius)
        self.outerRadius = max(0, outerRadius)
        self.occludedSector = occludedSector
    }

    var scan: AnnulusScan { AnnulusScan(cx: center.x, cy: center.y, inner: innerRadius, outer: outerRadius) }

    public var bounds: IntRect { scan.bounds }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        forwardingSpans(to: body) { spans(in: clip, into: &$0) }
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        spans(in: clip, into: &blitter)
    }

    /// The one scan behind `forEachSpan` and `draw`.
    @inline(__always)
    private func spans(in clip: IntRect, into sink: inout some Blitter) {
        AnnulusScan.withRims(width: clip.width) { rims in
            guard let hidden = occludedSector else { return scan.forEachRun(in: clip, rims: rims, into: &sink) }
            // A row's whole runs (either side of the hole) share its cuts.
            var wedge: Sector.Row?
            scan.forEachRun(in: clip, rims: rims) { y, x0, count, coverage in
                guard coverage == nil else { return sink.blit(y: y, x: x0, count: count, coverage: coverage) }
                if wedge?.y != y { wedge = hidden.row(y) }
                wedge!.forEachPiece(x0: x0, count: count) { x, n, inside in
                    if !inside { sink.blit(y: y, x: x, count: n, coverage: nil) }
                }
            }
        }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        let d = (Point(x: x, y: y) - center).length
        return d <= outerRadius && d >= innerRadius ? 1 : 0
    }
}

/// A filled circle.
public struct Disc: Shape {
    public var center: Point
    public var radius: Double

    public init(center: Point, radius: Double) { self.center = center; self.radius = max(0, radius) }

    var scan: AnnulusScan { AnnulusScan(cx: center.x, cy: center.y, inner: 0, outer: radius) }

    public var bounds: IntRect { scan.bounds }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        AnnulusScan.withRims(width: clip.width) { scan.forEachRun(in: clip, rims: $0, body) }
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        AnnulusScan.withRims(width: clip.width) { scan.forEachRun(in: clip, rims: $0, into: &blitter) }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        (Point(x: x, y: y) - center).length <= radius ? 1 : 0
    }
}

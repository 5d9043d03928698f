/// A shape drawn only inside a rectangle: its pixels there, as it draws them, and none elsewhere.
public struct ClippedShape: Shape {
    public let shape: any Shape
    public let clip: IntRect

    public init(_ shape: any Shape, to clip: IntRect) { self.shape = shape; self.clip = clip }

    public var bounds: IntRect { shape.bounds.intersection(clip) }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(self.clip)
        guard !area.isEmpty else { return }
        shape.forEachSpan(in: area, coverageRow: coverageRow, body)
    }

    public func draw(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, into blitter: inout ShaderBlitter) {
        let area = clip.intersection(self.clip)
        guard !area.isEmpty else { return }
        shape.draw(in: area, coverageRow: coverageRow, into: &blitter)
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        clip.contains(x: floorToInt(x), y: floorToInt(y)) ? shape.coverage(atX: x, y: y) : 0
    }
}

/// Every pixel an annulus touches (its runs, rims and all), wholly: in the background's colour, it
/// wipes the annulus's track out of a cached layer where something else must lie under the track.
public struct AnnulusPixels: Shape {
    public let annulus: Annulus

    public init(_ annulus: Annulus) { self.annulus = annulus }

    public var bounds: IntRect { annulus.bounds }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        annulus.forEachSpan(in: clip, coverageRow: coverageRow) { y, x, count, _ in body(y, x, count, nil) }
    }

    /// Whether the point's pixel reaches the annulus: its centre within half a diagonal of it.
    public func coverage(atX x: Double, y: Double) -> Double {
        let px = Double(floorToInt(x)) + 0.5 - annulus.center.x, py = Double(floorToInt(y)) + 0.5 - annulus.center.y
        let d = (px * px + py * py).squareRoot()
        return d <= annulus.outerRadius + 0.7072 && d >= annulus.innerRadius - 0.7072 ? 1 : 0
    }
}

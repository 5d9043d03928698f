import RingsRaster

/// Where one ring sits: the centre line's radius and the band's thickness, in pixels.
public struct RingGeometry: Equatable, Sendable {
    public var center: Point
    public var radius: Double
    public var thickness: Double
}

/// Concentric layout of a ring group on a canvas, as the reference scene defines it (the scene every
/// quality and speed figure is measured on): S = min(W, H) of its area (the canvas, or what the
/// chrome leaves), centre at the area's centre, ring i at r_i = R - t/2 - i (t + g). With many rings, t and g shrink together so that
/// the innermost hole keeps the theme's minimum radius.
public struct RingLayout: Sendable {
    public let width: Int, height: Int, count: Int
    public let theme: Theme
    /// Moves the whole group by whole pixels (a kiosk's burn-in protection); (0, 0) is the reference scene's centre.
    public let offset: (x: Int, y: Int)
    /// The part of the canvas the rings are laid out in (the whole canvas, or what the chrome leaves).
    public let area: IntRect

    public init(width: Int, height: Int, count: Int, theme: Theme, offset: (x: Int, y: Int) = (0, 0), area: IntRect? = nil) {
        self.width = width; self.height = height; self.count = count; self.theme = theme; self.offset = offset
        self.area = area ?? IntRect(x: 0, y: 0, width: width, height: height)
    }

    /// The shorter side of the rings' area.
    public var side: Double { Double(min(area.width, area.height)) }

    /// Thickness and gap after any shrinking for many rings, in pixels.
    public var thicknessAndGap: (thickness: Double, gap: Double) {
        let n = Double(count)
        let needed = n * theme.thickness + (n - 1) * theme.gap
        let room = theme.outerRadius - theme.minimumHoleRadius
        let scale = needed > room ? room / needed : 1
        return (theme.thickness * scale * side, theme.gap * scale * side)
    }

    public func ring(_ i: Int) -> RingGeometry {
        let (t, g) = thicknessAndGap
        let center = Point(x: Double(area.minX) + Double(area.width) / 2 + Double(offset.x),
                           y: Double(area.minY) + Double(area.height) / 2 + Double(offset.y))
        return RingGeometry(center: center, radius: theme.outerRadius * side - t / 2 - Double(i) * (t + g), thickness: t)
    }
}

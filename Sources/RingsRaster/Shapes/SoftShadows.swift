/// A ring (an annulus; inner radius 0 makes it a disc) convolved with a Gaussian: the drop shadow of
/// a disc or a ring. Blurring is linear, so its coverage is the outer disc's blur minus the hole's.
/// Each disc's radial profile depends only on radius / sigma and is tabulated once (`BlurProfile`).
public struct BlurredRing: SoftShape {
    public var center: Point
    public var innerRadius: Double, outerRadius: Double
    public var sigma: Double
    /// Pixels wholly inside this disc are left out, because something opaque covers them next (the
    /// tip's disc over its shadow).
    public var occludedBy: Disc?
    /// Only ahead of the line through `origin` across `direction` (a unit vector) does the shadow
    /// fall, fading in over one sigma either side of it (a tip's shadow falls ahead of the tip, not
    /// back on its own band); nil: all round.
    public var ahead: (origin: Point, direction: Point)?
    let outer: BlurProfile, inner: BlurProfile?

    public init(center: Point, innerRadius: Double = 0, outerRadius: Double, sigma: Double, occludedBy: Disc? = nil,
                ahead: (origin: Point, direction: Point)? = nil) {
        self.center = center
        self.occludedBy = occludedBy
        self.ahead = ahead
        self.outerRadius = max(0, outerRadius)
        self.innerRadius = min(max(0, innerRadius), self.outerRadius)
        self.sigma = max(sigma, 1e-6)
        outer = BlurProfile.shared(radius: self.outerRadius, sigma: self.sigma)
        inner = self.innerRadius > 0 ? BlurProfile.shared(radius: self.innerRadius, sigma: self.sigma) : nil
    }

    /// Where it changes pixels: out to the distance where its coverage rounds to 0 of 255, and with
    /// `ahead`, no further back than its line's fade (a pixel to spare): less than the square, for a
    /// tip's shadow, where a redraw of it draws everything under it again.
    public var bounds: IntRect {
        let reach = outer.visibleReach
        var minX = center.x - reach, maxX = center.x + reach, minY = center.y - reach, maxY = center.y + reach
        if let ahead {
            // The disc of `reach` cut by the half-plane p . d >= limit: its extreme points inside that,
            // and the ends of the chord the line cuts.
            let d = ahead.direction, limit = ahead.origin.x * d.x + ahead.origin.y * d.y - sigma - 1
            let past = center.x * d.x + center.y * d.y - limit
            guard past > -reach else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
            if past < reach {
                minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
                func include(_ x: Double, _ y: Double) { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
                for (x, y) in [(center.x - reach, center.y), (center.x + reach, center.y), (center.x, center.y - reach), (center.x, center.y + reach)]
                    where x * d.x + y * d.y >= limit { include(x, y) }
                let half = (reach * reach - past * past).squareRoot(), footX = center.x - past * d.x, footY = center.y - past * d.y
                include(footX - half * d.y, footY + half * d.x)
                include(footX + half * d.y, footY - half * d.x)
            }
        }
        return IntRect(enclosingMinX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    @inline(__always)
    func value(atDistance d: Double) -> Double {
        outer.value(atDistance: d) - (inner?.value(atDistance: d) ?? 0)
    }

    /// How much of the shadow falls at (x, y): 1 ahead of `ahead`'s line, 0 behind it, a ramp across it.
    @inline(__always)
    func share(atX x: Double, y: Double) -> Double {
        guard let ahead else { return 1 }
        return fade((x - ahead.origin.x) * ahead.direction.x + (y - ahead.origin.y) * ahead.direction.y)
    }

    /// The share of the shadow at `along` pixels ahead of `ahead`'s line (behind it where negative).
    @inline(__always)
    func fade(_ along: Double) -> Double { min(1, max(0, 0.5 + along / (2 * sigma))) }

    /// `fade` at four places, a lane each: the same sums, `max` and `min` as the standard library picks.
    @inline(__always)
    func fade(_ along: SIMD4<Double>) -> SIMD4<Double> {
        let ramp = 0.5 + along / (2 * sigma)
        let held = ramp.replacing(with: 0, where: .!(ramp .>= 0))
        return held.replacing(with: 1, where: .!(held .< 1))
    }

    /// The columns of row y where some of the shadow falls (`share` above 0), a pixel to spare either
    /// side, as a first and an end column (an empty pair, first past end, where none does); nil when
    /// it falls all round. Those behind the line would composite with coverage 0, which leaves a
    /// pixel as it is.
    func aheadColumns(y: Int) -> (Int, Int)? {
        guard let ahead else { return nil }
        // share > 0 where (x - origin.x) dx + (y - origin.y) dy > -sigma, x and y at pixel centres.
        let across = -sigma - (Double(y) + 0.5 - ahead.origin.y) * ahead.direction.y
        let dx = ahead.direction.x
        guard abs(dx) > 1e-9 else { return across < 0 ? nil : (Int.max, Int.min) }
        let edge = ahead.origin.x - 0.5 + across / dx
        guard abs(edge) < 1e9 else { return nil }
        return dx > 0 ? (floorToInt(edge) - 1, Int.max) : (Int.min, ceilToInt(edge) + 2)
    }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let area = clip.intersection(bounds)
        guard !area.isEmpty else { return }
        let reach = outer.visibleReach
        for y in area.minY..<area.maxY {
            let dy = Double(y) + 0.5 - center.y
            if abs(dy) >= reach { continue }
            let half = (reach * reach - dy * dy).squareRoot()
            var x0 = max(area.minX, floorToInt(center.x - half))
            var x1 = min(area.maxX, ceilToInt(center.x + half))
            if let (from, to) = aheadColumns(y: y) { x0 = max(x0, from); x1 = min(x1, to) }
            guard x0 < x1 else { continue }
            // The occluder's wholly covered columns on this row (pixel centres within its radius less
            // half a diagonal), left out: the row becomes the runs either side.
            var hiddenFrom = x1, hiddenTo = x1
            if let disc = occludedBy {
                let r = disc.radius - 0.7072, ody = Double(y) + 0.5 - disc.center.y
                if r > 0 && abs(ody) < r {
                    let w = (r * r - ody * ody).squareRoot()
                    let from = max(x0, ceilToInt(disc.center.x - w - 0.5)), to = min(x1, floorToInt(disc.center.x + w - 0.5) + 1)
                    if from < to { hiddenFrom = from; hiddenTo = to }
                }
            }
            // `share(atX:y:)` and the distance with what stays the same along the row worked out once.
            let dy2 = dy * dy
            let along = ahead.map { (Double(y) + 0.5 - $0.origin.y) * $0.direction.y } ?? 0
            let ox = ahead?.origin.x ?? 0, ddx = ahead?.direction.x ?? 0, fades = ahead != nil
            @inline(__always) func run(_ from: Int, _ to: Int) {
                guard from < to else { return }
                var x = from
                if inner == nil {
                    // Four pixels at a time, a lane each, with the sums of the loop below (`max` as
                    // the standard library picks).
                    let offsets = SIMD4<Double>(0.5, 1.5, 2.5, 3.5)
                    while x &+ 4 <= to {
                        let px = Double(x) + offsets, dx = px - center.x
                        let share = fades ? fade((px - ox) * ddx + along) : SIMD4(repeating: 1)
                        let value = outer.values(atDistances: (dx * dx + dy2).squareRoot())
                        let covered = (value.replacing(with: 0, where: .!(value .>= 0)) * share).replacing(with: 0, where: .!(share .> 0))
                        UnsafeMutableRawPointer(coverageRow + x).storeBytes(of: SIMD4<Float>(covered), as: SIMD4<Float>.self)
                        x &+= 4
                    }
                }
                for x in x..<to {
                    let px = Double(x) + 0.5, dx = px - center.x
                    let share = fades ? fade((px - ox) * ddx + along) : 1
                    coverageRow[x] = share > 0 ? Float(max(0, value(atDistance: (dx * dx + dy2).squareRoot())) * share) : 0
                }
                body(y, from, to - from, coverageRow + from)
            }
            run(x0, hiddenFrom)
            run(hiddenTo, x1)
        }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        max(0, value(atDistance: (Point(x: x, y: y) - center).length)) * share(atX: x, y: y)
    }
}

/// The inner shadow of a disc or ring, as Core Animation layers draw one: everything outside the
/// shape, moved by `offset`, blurred, and clipped to the shape. A light from the top left gives a
/// positive offset and a shadow along the top-left rim. `spread` grows the shadow's caster outwards
/// (and its hole inwards), so that a caster larger than the shape thins the shadow.
public struct InnerShadow: Shape {
    /// The shape the shadow falls inside (its pixels at the rim are exact areas).
    public let shape: Annulus
    public let offset: Point
    public let sigma: Double
    public let spread: Double
    /// What lights the inside: the shape moved and grown, blurred.
    let light: BlurredRing

    public init(inside shape: Annulus, offset: Point, sigma: Double, spread: Double = 0) {
        self.shape = shape
        self.offset = offset
        self.sigma = max(sigma, 1e-6)
        self.spread = spread
        light = BlurredRing(center: shape.center + offset,
                            innerRadius: shape.innerRadius > 0 ? max(0, shape.innerRadius - spread) : 0,
                            outerRadius: shape.outerRadius + spread, sigma: self.sigma)
    }

    public var bounds: IntRect { shape.bounds }

    public func forEachSpan(in clip: IntRect, coverageRow: UnsafeMutablePointer<Float>, _ body: SpanBody) {
        let c = light.center
        // Wholly lit where the shadow's blur cannot reach: a disc around the light's centre (when it
        // has no hole), skipped without a look at its pixels.
        let lit = light.inner == nil ? light.outerRadius - 5 * sigma : -1
        shape.forEachSpan(in: clip, coverageRow: coverageRow) { y, x, count, given in
            let dy = Double(y) + 0.5 - c.y
            var skipFrom = x + count, skipTo = x + count
            if lit > 0, abs(dy) < lit {
                let half = (lit * lit - dy * dy).squareRoot()
                skipFrom = max(x, ceilToInt(c.x - half))
                skipTo = min(x + count, floorToInt(c.x + half))
                if skipFrom >= skipTo { skipFrom = x + count; skipTo = x + count }
            }
            func emit(_ from: Int, _ to: Int) {
                guard from < to else { return }
                for px in from..<to {
                    let dx = Double(px) + 0.5 - c.x
                    let shade = 1 - light.value(atDistance: (dx * dx + dy * dy).squareRoot())
                    coverageRow[px] = Float(max(0, shade)) * (given?[px - x] ?? 1)
                }
                body(y, from, to - from, coverageRow + from)
            }
            emit(x, skipFrom)
            emit(skipTo, x + count)
        }
    }

    public func coverage(atX x: Double, y: Double) -> Double {
        shape.coverage(atX: x, y: y) * max(0, 1 - light.coverage(atX: x, y: y))
    }
}

import RingsRaster
import Shaders

/// Draws one ring as its theme says: track, band, the tip's shadow and cap past the tip threshold,
/// the theme's dot. Ring groups (`RingScene`) and the demos' boards share it.
public struct RingPainter: Sendable {
    public var theme: Theme

    public init(theme: Theme) { self.theme = theme }

    /// The commands of one ring. `onBackground` says that nothing but the background lies under its
    /// track, which is then drawn in its colour over the background, opaque: copied, not blended,
    /// wherever it covers whole pixels (the same colour, rounded once).
    public func commands(for ring: Ring, onBackground: Bool = false, dot dotCenter: Point? = nil) -> [DrawCommand] {
        let parts = self.parts(for: ring, onBackground: onBackground, dot: dotCenter, trackWhole: false)
        return [parts.track] + parts.over
    }

    /// A ring in two parts: its track (`trackWhole`: every pixel of it; otherwise less the whole
    /// pixels the opaque band will cover) and what is drawn over it, in order, with where among
    /// those its tip's shadow is (nil without a tip). `key` names the track: its centre, radii and
    /// colour, as the live window's cached background layer is keyed.
    func parts(for ring: Ring, onBackground: Bool, dot dotCenter: Point?, trackWhole: Bool)
        -> (track: DrawCommand, over: [DrawCommand], key: [Double], shadow: Int?) {
        let style = ring.style, g = ring.geometry, value = ring.value
        let arc = self.arc(of: ring)
        let band = bandCommand(for: arc, style: style)
        // The opaque arc hides the track wherever it covers whole pixels: skip drawing those.
        let sameWidth = theme.trackWidth >= 1
        let hidden = !trackWhole && value > 0 && band.shader.isOpaque && sameWidth
            ? (arc.coversFullTurn ? Sector(center: g.center, start: 0, sweep: 2 * Double.pi) : arc.sector) : nil
        let (trackCommand, key) = track(for: ring, onBackground: onBackground, hidden: hidden)
        guard value > 0 else { return (trackCommand, [], key, nil) }
        var out = [band], shadowAt: Int?
        if let (shadow, tip) = tip(of: arc, value: value) {
            shadowAt = out.count
            out.append(DrawCommand(shape: shadow, shader: SolidShader(RGB8(0, 0, 0).withOpacity(theme.shadowOpacity))))
            out.append(DrawCommand(shape: tip, shader: SolidShader(style.end.opaque)))
        }
        if let dot = theme.dot {
            out.append(DrawCommand(shape: dotDisc(of: arc, at: dotCenter), shader: SolidShader(dot.opaque)))
        }
        return (trackCommand, out, key, shadowAt)
    }

    /// A ring's track, less the whole pixels of `hidden` (where an opaque band covers it), and its
    /// key (centre, radii, colour): in its colour over the background, opaque, where `onBackground`.
    func track(for ring: Ring, onBackground: Bool, hidden: Sector?) -> (command: DrawCommand, key: [Double]) {
        let style = ring.style
        let track = style.selected ? selectedTrack(style) : theme.track?.opaque ?? style.end.withOpacity(theme.trackOpacity)
        let color = onBackground ? track.over(theme.background.opaque) : track
        let annulus = trackAnnulus(for: ring, hidden: hidden)
        return (DrawCommand(shape: annulus, shader: SolidShader(color)), [annulus.center.x, annulus.center.y, annulus.innerRadius, annulus.outerRadius, Double(color.packed.bits)])
    }

    /// The annulus a ring's track fills (less the whole pixels of `hidden`).
    func trackAnnulus(for ring: Ring, hidden: Sector? = nil) -> Annulus {
        let g = ring.geometry, half = g.thickness * theme.trackWidth / 2
        return Annulus(center: g.center, innerRadius: g.radius - half, outerRadius: g.radius + half, occludedSector: hidden)
    }

    /// Boxes that hold every pixel of the ring that its value moves (what `parts` draws over the
    /// track: the band, its caps, the tip with its shadow, the dot); none for an empty ring. The
    /// start cap's box stands apart while nothing of the band's end comes near it.
    func footprint(for ring: Ring, dot dotCenter: Point?) -> Footprint {
        guard ring.value > 0 else { return Footprint(boxes: [], startCap: nil) }
        let arc = self.arc(of: ring)
        var boxes = arc.pieceBounds(startCap: false)
        // The band's pieces, then its end's box: the cap and the band about the end line as far as
        // a recolored band's end moves in a frame (`RedrawPlan.farthestRecoloredMove`); a redraw
        // that leaves the pieces out draws only that.
        let pieces = arc.coversFullTurn ? boxes.count : boxes.count - 1
        if let end = arc.endBounds(reach: RedrawPlan.farthestRecoloredMove(ring.geometry)) { boxes[pieces...] = [end] }
        if let (shadow, tip) = tip(of: arc, value: ring.value) { boxes += [shadow.bounds, tip.bounds] }
        if theme.dot != nil { boxes.append(dotDisc(of: arc, at: dotCenter).bounds) }
        // Near the end (its cap, tip, shadow or dot, or the band's last stretch round to 12 o'clock)
        // beyond the band's first sixteenth of a turn, it is one of the boxes.
        guard let cap = arc.startCapBounds, !boxes.dropFirst().contains(where: { !$0.intersection(cap).isEmpty }) else {
            return Footprint(boxes: boxes + (arc.startCapBounds.map { [$0] } ?? []), startCap: nil, bandPieces: pieces)
        }
        return Footprint(boxes: boxes, startCap: cap, bandPieces: pieces)
    }

    /// The box of the ring's end (`ArcStroke.endBounds`) for an end that moves at most `reach`
    /// pixels along the band: tighter than its footprint's, which allows the most a recolored
    /// band's end moves in a frame.
    func endBox(of ring: Ring, reach: Double) -> IntRect? {
        ring.value > 0 ? arc(of: ring).endBounds(reach: reach) : nil
    }

    /// The ring's band: from 12 o'clock, a turn per unit of value, clockwise or not as the theme goes.
    private func arc(of ring: Ring) -> ArcStroke {
        let g = ring.geometry, direction = theme.clockwise ? 1.0 : -1.0
        return ArcStroke(center: g.center, radius: g.radius, thickness: g.thickness, startAngle: 0, sweep: direction * 2 * Double.pi * ring.value)
    }

    /// Past the tip threshold, the tip's shadow and its disc.
    private func tip(of arc: ArcStroke, value: Double) -> (shadow: BlurredRing, tip: Disc)? {
        guard value > theme.tipThreshold else { return nil }
        // The shadow falls ahead of the tip, on the lap before, never back on the tip's own band.
        let shadowCenter = arc.endPoint + arc.endTangent * (theme.shadowOffset * arc.thickness)
        // The tip's disc, opaque, hides the middle of its shadow: those pixels are not drawn twice.
        let tip = Disc(center: arc.endPoint, radius: arc.thickness / 2)
        let shadow = BlurredRing(center: shadowCenter, outerRadius: arc.thickness / 2, sigma: theme.shadowSigma * arc.thickness,
                                 occludedBy: tip, ahead: (arc.endPoint, arc.endTangent))
        return (shadow, tip)
    }

    /// The dot, where the scene places it, else at the arc's end.
    private func dotDisc(of arc: ArcStroke, at center: Point?) -> Disc {
        Disc(center: center ?? arc.endPoint, radius: arc.thickness * theme.dotSize / 2)
    }

    /// A selected ring's track: its end colour at `selectedTrackOpacity`, over the theme's own track colour when it has one.
    func selectedTrack(_ style: RingStyle) -> ColorF {
        let own = style.end.withOpacity(RingPainter.selectedTrackOpacity)
        return theme.track.map { own.over($0.opaque) } ?? own
    }

    /// How opaque a selected ring's track is (the theme's is about 0.2): the selection is seen on the ring itself.
    static let selectedTrackOpacity = 0.45

    /// The band at the theme's band opacity: an arc fill in the conic gradient along the arc, or the
    /// gold tutorial's two vertical gradients, one per half of the ring, spanning its height.
    func bandCommand(for arc: ArcStroke, style: RingStyle) -> DrawCommand {
        let opacity = theme.bandOpacity
        switch theme.gradient {
        case .conic:
            let ramp = ColorRamp(from: style.start.opaque, to: style.end.opaque).withOpacity(opacity)
            return DrawCommand(arc: arc, shader: ConicArcShader(arc: arc, ramp: ramp))
        case .halves:
            let reach = arc.radius + arc.thickness / 2
            let top = Point(x: arc.center.x, y: arc.center.y - reach), bottom = Point(x: arc.center.x, y: arc.center.y + reach)
            func half(_ from: Double, _ to: Double) -> any Shader {
                let ramp = ColorRamp(stops: [.init(from, style.start.opaque), .init(to, style.end.opaque)]).withOpacity(opacity)
                return LinearGradientShader(from: top, to: bottom, ramp: ramp)
            }
            return DrawCommand(shape: arc, shader: SideBySideShader(left: half(0, 0.9), right: half(0.1, 1), split: arc.center.x))
        }
    }
}

/// The boxes holding every pixel a ring's value moves (`RingPainter.footprint`), and apart from them
/// the box of its start cap while nothing of its end is near: with the ring's look unchanged, that
/// cap's pixels are the same whatever the value, so a ring moving to and from such values leaves it
/// as it was.
struct Footprint: Equatable {
    var boxes: [IntRect]
    var startCap: IntRect?
    /// How many of `boxes`, first, hold the band's body (a sixteenth of a turn each); the rest hold
    /// its end (the end's own box first, `ArcStroke.endBounds`, then tip with shadow, dot) and, when
    /// near it, its start cap.
    var bandPieces = 0

    /// The band's pieces, and the boxes of its ends.
    var band: ArraySlice<IntRect> { boxes[..<bandPieces] }
    var ends: ArraySlice<IntRect> { boxes[bandPieces...] }
}

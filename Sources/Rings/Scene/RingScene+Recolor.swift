import FoundationEssentials
import Glibc
import RingsRaster
import Shaders

/// Which rings the live window may recolor where their colour changed rather than draw again.
extension RingScene {
    /// Whether ring `index`'s band can be repainted where its colour changed rather than drawn again
    /// (`RedrawPlan`, `ArcStroke.recolor`) when it moves from `value` (as last drawn): an opaque
    /// conic band over its own track, which shares no pixel with an earlier ring, the frame neither
    /// dimmed nor carded, long enough that its caps follow the rays; another ring's tip shadow under
    /// or over it only from a ring in `moving` (whose shadow, with what lies there, is then drawn again).
    func recolorable(ringAt index: Int, from value: Double, moving: [Int]) -> Bool {
        guard theme.look != .soft, theme.gradient == .conic, theme.bandOpacity >= 1, brightness >= 1, identity == nil,
              index < values.count, !overlapsEarlierRing(index) else { return false }
        let g = layout.ring(index), shortest = max(2 * g.thickness, 256)
        // Long enough that no cap is steep (`ArcCaps`: a level of colour per pixel at most).
        guard 2 * Double.pi * min(value, values[index]) * g.radius >= shortest else { return false }
        return !values.indices.contains { $0 != index && !moving.contains($0) && shadow(ofRing: $0, reaches: index) }
    }

    /// The soft theme's control for the first ring's value (the look has one band).
    var softCommands: [DrawCommand] {
        let ring = rings[0], g = ring.geometry
        let look = SoftLook(center: g.center, width: 2 * (g.radius + g.thickness / 2), canvas: IntRect(x: 0, y: 0, width: width, height: height))
        return look.underlay + [look.band(value: ring.value, clockwise: theme.clockwise, style: ring.style, opacity: theme.bandOpacity), look.overlay]
    }

    /// Whether ring `index` may draw a pixel of `clip`: its track and band, caps, tip disc, the tip's
    /// shadow (ahead of it by `shadowOffset`, blurred out to 5 sigma) and dot all lie within its
    /// annulus widened by that shadow's reach and a pixel more.
    func reaches(ringAt index: Int, _ clip: IntRect) -> Bool {
        guard !clip.isEmpty else { return false }
        let g = layout.ring(index), t = g.thickness
        let reach = t / 2 + t * (abs(theme.shadowOffset) + 5 * theme.shadowSigma) + 1
        let (inner, outer) = (max(0, g.radius - reach), g.radius + reach)
        // The clip's nearest and farthest points from the centre.
        let cx = g.center.x, cy = g.center.y
        let dx = max(Double(clip.minX) - cx, 0, cx - Double(clip.maxX)), dy = max(Double(clip.minY) - cy, 0, cy - Double(clip.maxY))
        let fx = max(abs(Double(clip.minX) - cx), abs(Double(clip.maxX) - cx)), fy = max(abs(Double(clip.minY) - cy), abs(Double(clip.maxY) - cy))
        return dx * dx + dy * dy <= outer * outer && fx * fx + fy * fy >= inner * inner
    }

    /// Whether nothing but the background lies under ring `index`'s track at any values: no pixel of
    /// a ring drawn before it (they share the centre; their edges at least two pixels apart) and no
    /// tip shadow of one, shown or not (its blur ends 5 sigma past its disc). Whatever the values, so
    /// that a tip coming or going leaves the live window's background layer as it is. Never on a
    /// clear background, which a track's colour cannot be mixed with in advance.
    func onlyBackgroundUnder(ringAt index: Int) -> Bool {
        !theme.transparent && !overlapsEarlierRing(index) && !(0..<index).contains { shadow(ofRing: $0, reaches: index, shown: false) }
    }

    /// Whether a ring drawn before ring `index` may share a pixel with its track (they share the
    /// centre: their edges less than two pixels apart).
    func overlapsEarlierRing(_ index: Int) -> Bool {
        let layout = self.layout, target = layout.ring(index)
        let inner = target.radius - target.thickness / 2, outer = target.radius + target.thickness / 2
        return (0..<index).contains { i in
            let g = layout.ring(i)
            return g.radius - g.thickness / 2 - 2 < outer && g.radius + g.thickness / 2 + 2 > inner
        }
    }

    /// Whether ring `i` shows a tip (or, with `shown` false, would at a value past its threshold) whose
    /// shadow (5 sigma past its disc) can reach ring `target`'s track.
    func shadow(ofRing i: Int, reaches target: Int, shown: Bool = true) -> Bool {
        guard i < values.count, !shown || values[i] > theme.tipThreshold else { return false }
        let layout = self.layout, g = layout.ring(i), t = layout.ring(target)
        let inner = t.radius - t.thickness / 2, outer = t.radius + t.thickness / 2
        let offset = theme.shadowOffset * g.thickness
        let distance = (g.radius * g.radius + offset * offset).squareRoot()
        let reach = g.thickness / 2 + 5 * theme.shadowSigma * g.thickness + 1
        return distance - reach < outer && distance + reach > inner
    }
}

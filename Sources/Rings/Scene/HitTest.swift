import FoundationEssentials
import Glibc
import RingsRaster

extension RingLayout {
    /// The ring whose band (with half the gap on each side) holds the point, if any.
    public func ring(at point: Point) -> Int? {
        let (t, g) = thicknessAndGap
        let center = ring(0).center
        let distance = (point - center).length
        return (0..<count).first { abs(distance - ring($0).radius) <= t / 2 + g / 2 }
    }

    /// The angle of a point around the rings' centre, clockwise from 12 o'clock, in [0, 2 pi).
    public func angle(of point: Point) -> Double {
        let center = ring(0).center
        let a = atan2(point.x - center.x, center.y - point.y)
        return a < 0 ? a + 2 * Double.pi : a
    }
}

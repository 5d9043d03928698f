/// One ring of a group: how far it has come, its colours and where it sits.
///
///     let ring = scene.rings[0]   // outermost
///     ring.value                  // 0.72: 72 % of a lap; 1.35 is a lap and a third
public struct Ring: Equatable, Sendable {
    /// Progress in laps: 0 is empty, 1 a full ring, up to `RingValues.maximumProgress`.
    public var value: Double
    public var style: RingStyle
    public var geometry: RingGeometry

    public init(value: Double, style: RingStyle, geometry: RingGeometry) {
        self.value = value; self.style = style; self.geometry = geometry
    }
}

import RingsRaster

/// A pixel outside a command's declared bounds that its shape nevertheless covers.
public struct BoundsLeak: Sendable, CustomStringConvertible {
    /// The command's index in the display list.
    public let command: Int
    /// The bounds the shape declared.
    public let bounds: IntRect
    public let x: Int, y: Int
    /// The pixel's mean coverage over the reference's sample grid.
    public let coverage: Double

    public var description: String { "command \(command) covers (\(x), \(y)) by \(coverage), outside its bounds \(bounds)" }
}

/// The least mean coverage of a pixel that counts as a leak: 1/510, what changes an 8-bit channel by
/// half a level at full contrast. One sample of a hard shape (1/256 of a 16 x 16 grid) is above it; a
/// blur's tail beyond the bounds (`BlurredRing` stops where its coverage falls under 1/510) is below it.
public let leastVisibleCoverage = 1.0 / 510

/// Pixels of the frame within `margin` pixels of each command's bounds, but outside them, that its
/// shape covers: the reference renderer samples a shape only inside its own bounds, so a bounds that
/// is too small hides coverage from it, and the fast rasteriser may never draw those pixels at all.
/// Each such pixel is sampled on the reference's grid (`samplesPerAxis` squared points), so that an
/// empty answer means a reference that sampled the margin too would have found nothing there that
/// changes a pixel: the reference's picture, inside bounds only, is then the wider one.
public func coverageOutsideBounds(_ list: DisplayList, width: Int, height: Int, margin: Int = 4, samplesPerAxis n: Int = 16) -> [BoundsLeak] {
    let frame = IntRect(x: 0, y: 0, width: width, height: height)
    let offsets = (0..<n).map { (Double($0) + 0.5) / Double(n) }
    let samples = Double(n * n)
    var leaks: [BoundsLeak] = []
    for (index, command) in list.commands.enumerated() {
        let shape = command.shape, bounds = shape.bounds
        let widened = IntRect(x: bounds.x - margin, y: bounds.y - margin, width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
        let area = widened.intersection(frame)
        guard !area.isEmpty else { continue }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX where !bounds.contains(x: x, y: y) {
                var sum = 0.0
                for dy in offsets {
                    for dx in offsets { sum += shape.coverage(atX: Double(x) + dx, y: Double(y) + dy) }
                }
                let mean = sum / samples
                if mean >= leastVisibleCoverage { leaks.append(BoundsLeak(command: index, bounds: bounds, x: x, y: y, coverage: mean)) }
            }
        }
    }
    return leaks
}

import Foundation
import RingsRaster
import RingsPNG

/// Measures again and again until the measure is 0 or `seconds` have passed; returns the last
/// measure (0 when it settled). For waiting on a window without guessing how slow the machine is:
/// the timeout is generous for a busy machine and costs nothing when the measure comes to 0 early.
public func settled(within seconds: Double = 30, _ measure: () throws -> Int) rethrows -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        let value = try measure()
        if value == 0 || Date() >= deadline { return value }
        usleep(100_000)
    }
}

/// Checks again and again until `condition` holds or `seconds` have passed; returns whether it held.
public func eventually(within seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    try settled(within: seconds) { try condition() ? 0 : 1 } == 0
}

/// How many pixels of two pictures differ in colour (alpha aside); every pixel when the sizes differ.
public func differingPixels(_ a: Pixmap, _ b: Pixmap) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height, 1) }
    var n = 0
    for y in 0..<a.height where !a.sameRow(y, as: b) {
        for x in 0..<a.width where a[x, y].bits & 0xFFFFFF != b[x, y].bits & 0xFFFFFF { n += 1 }
    }
    return n
}

/// Whether every pixel of `frame` is black (alpha aside).
public func isBlack(_ frame: Pixmap) -> Bool {
    (0..<frame.height).allSatisfy { y in (0..<frame.width).allSatisfy { x in frame[x, y].bits & 0xFFFFFF == 0 } }
}

/// A test's own error, with what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

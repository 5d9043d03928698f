import FoundationEssentials
import Glibc

/// The live rings' last values with the times they came, as a state file keeps them across
/// restarts: `{"rings": [{"name": "Move", "value": 0.72, "time": 1795489016.5}, ...]}` (time in
/// seconds since 1970; a ring with no value yet has neither).
public struct ValueMemory: Codable, Equatable, Sendable {
    /// One ring's last value and when it came.
    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        public var value: Double?
        public var time: Double?
        public init(name: String, value: Double?, time: Double?) { self.name = name; self.value = value; self.time = time }
    }
    public var rings: [Entry]

    public init(rings: [Entry]) { self.rings = rings }

    /// A state file larger than this is not one of ours.
    public static let largest = 64 * 1024

    /// The memory in `data`, if it is one and names the same rings in the same order; else nil. Every
    /// value must be one a ring takes, and every time one a clock can have given: from 1970 to a day
    /// past `now` (seconds since 1970), so that no age shown or worked out from it is absurd.
    public static func decode(_ data: Data, names: [String], now: Double) -> ValueMemory? {
        guard data.count <= largest, let memory = try? JSONDecoder().decode(ValueMemory.self, from: data),
              memory.rings.map(\.name) == names,
              memory.rings.allSatisfy({ entry in entry.value.map { $0.isFinite && (0...RingValues.maximumProgress).contains($0) } ?? true }),
              memory.rings.allSatisfy({ entry in entry.time.map { $0.isFinite && (0...(now + 86_400)).contains($0) } ?? true })
        else { return nil }
        return memory
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}

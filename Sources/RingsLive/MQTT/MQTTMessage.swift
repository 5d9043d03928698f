import RingsBase
import Rings
import FoundationEssentials
import Glibc

extension MQTTFeed {
    /// The ring updates a message asks for: when the topic's last level names a ring (by name or
    /// 1-based index), the payload is that ring's value alone, and a line or JSON that names rings is
    /// refused there (it could set other rings); otherwise it is a feed line.
    public static func parse(topic: String, payload: [UInt8], names: [String], goals: [Double?] = [])
        -> Result<[(ring: Int, value: Double)], FeedLine.Rejection> {
        guard let last = topic.split(separator: "/").last.map(String.init), let ring = FeedLine.ringIndex(last, names: names) else {
            return FeedLine.parse(payload, names: names, goals: goals)
        }
        guard payload.count <= FeedLine.maximumLength, let text = String(validating: payload, as: UTF8.self) else {
            return FeedLine.parse(payload, names: names, goals: goals)
        }
        guard !text.contains("=") && !text.trimmed.hasPrefix("{") else {
            return .failure(FeedLine.Rejection(kind: .syntax, reason: "topic \(topic) is ring \(ring + 1)'s own: its message is that ring's value alone (0.72, 72% or 430/600), not a line naming rings"))
        }
        return FeedLine.parse("\(ring + 1)=\(text.trimmed)", names: names, goals: goals)
    }
}

import Foundation

extension MQTTFeed {
    /// The ring updates a message asks for: when the topic's last level names a ring (by name or
    /// 1-based index), the payload is that ring's value alone; otherwise it is a feed line.
    public static func parse(topic: String, payload: [UInt8], names: [String], goals: [Double?] = [])
        -> Result<[(ring: Int, value: Double)], FeedLine.Rejection> {
        if let last = topic.split(separator: "/").last.map(String.init), let ring = FeedLine.ringIndex(last, names: names),
           let text = String(validating: payload, as: UTF8.self), !text.contains("=") && !text.hasPrefix("{") {
            return FeedLine.parse("\(ring + 1)=\(text.trimmingCharacters(in: .whitespacesAndNewlines))", names: names, goals: goals)
        }
        return FeedLine.parse(payload, names: names, goals: goals)
    }
}

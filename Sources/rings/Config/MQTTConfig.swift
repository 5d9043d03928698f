import Rings
import TOMLKit

/// The `[mqtt]` table of a config file: the broker and what to take from it.
struct MQTTEntry: Equatable {
    var url: String?
    var topics: [String] = []
    var clientID: String?
    var keepalive = 30
    var qos = 1
    var statusTopic: String?

    static let keys = ["url", "topic", "client-id", "keepalive", "qos", "status-topic"]
}

extension ConfigReader {
    /// `[mqtt]`: url = "mqtt://HOST[:PORT]", topic = "FILTER" or a list, client-id, keepalive, qos,
    /// status-topic.
    mutating func mqtt(_ value: TOMLValueConvertible) -> MQTTEntry? {
        guard let table = value.table else {
            report("mqtt", "must be a table: [mqtt] with url = \"mqtt://HOST\" and topic = \"FILTER\"")
            return nil
        }
        var entry = MQTTEntry()
        for (key, value) in table {
            let at = "mqtt.\(key)"
            switch key {
            case "url": entry.url = string(value, at)
            case "topic":
                if let list = value.array {
                    entry.topics = list.compactMap(\.string)
                    if entry.topics.count != list.count { report(at, "must be a topic filter or a list of them") }
                } else if let one = string(value, at) {
                    entry.topics = [one]
                }
            case "client-id": entry.clientID = string(value, at)
            case "keepalive": entry.keepalive = integer(value, at, 5...3600) ?? entry.keepalive
            case "qos": entry.qos = integer(value, at, 0...1) ?? entry.qos
            case "status-topic": entry.statusTopic = string(value, at)
            default: report(at, "is not an mqtt key (known: \(MQTTEntry.keys.joined(separator: ", ")))")
            }
        }
        guard let url = entry.url else { report("mqtt", "needs url = \"mqtt://HOST[:PORT]\""); return nil }
        check("mqtt") { _ = try MQTTFeed.Settings(url: url, topics: entry.topics, clientID: entry.clientID, keepalive: entry.keepalive, qos: entry.qos,
                                                       statusTopic: entry.statusTopic) }
        return entry
    }
}

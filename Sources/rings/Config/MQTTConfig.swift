import RingsConfig
import FoundationEssentials
import Glibc
import Rings
import RingsLive

/// The `[mqtt]` table of a config file: the broker, the login and what to take from it.
struct MQTTEntry: Equatable {
    var url: String?
    var topics: [String] = []
    var clientID: String?
    var keepalive = 30
    var qos = 1
    var statusTopic: String?
    /// TLS files and the password file, as paths from the config file's folder.
    var ca: String?, cert: String?, key: String?
    var username: String?, passwordFile: String?
    var discovery: Bool?

    static let keys = ["url", "topic", "client-id", "keepalive", "qos", "status-topic", "ca", "cert", "key", "username", "password-file", "discovery"]

    /// The settings this entry gives, with `url` and `topics` when the command line gives them.
    func settings(url: String, topics: [String]) throws(MQTTFeed.Problem) -> MQTTFeed.Settings {
        try MQTTFeed.Settings(url: url, topics: topics, clientID: clientID, keepalive: keepalive, qos: qos, statusTopic: statusTopic,
                              ca: ca, cert: cert, key: key, username: username,
                              password: try passwordFile.map { path throws(MQTTFeed.Problem) in try MQTTFeed.Settings.password(fromFile: path) },
                              discovery: discovery)
    }
}

extension ConfigReader {
    /// `[mqtt]`: url = "mqtt://HOST[:PORT]", topic = "FILTER" or a list, client-id, keepalive, qos,
    /// status-topic, ca, cert, key, username, password-file, discovery.
    mutating func mqtt(_ value: ConfigValue) -> MQTTEntry? {
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
            case "ca": entry.ca = string(value, at).map(besideConfig)
            case "cert": entry.cert = string(value, at).map(besideConfig)
            case "key": entry.key = string(value, at).map(besideConfig)
            case "username": entry.username = string(value, at)
            case "password": report(at, "is never kept in the config: put the password in a file only this user can read and give password-file")
            case "password-file": entry.passwordFile = string(value, at).map(besideConfig)
            case "discovery": entry.discovery = bool(value, at)
            default: report(at, "is not an mqtt key (known: \(MQTTEntry.keys.joined(separator: ", ")))")
            }
        }
        guard let url = entry.url else { report("mqtt", "needs url = \"mqtt://HOST[:PORT]\""); return nil }
        check("mqtt") { _ = try entry.settings(url: url, topics: entry.topics) }
        return entry
    }
}

import Rings
import RingsBase
import FoundationEssentials
import Glibc

extension MQTTFeed {
    /// Where the broker is, how to prove who we are to it, and what to take from it.
    public struct Settings: Equatable, Sendable {
        public var host: String, port: Int, tls: Bool
        public var topics: [String]
        public var clientID: String
        /// A screen with a client id of its own and QoS 1 keeps its session on the broker, which
        /// holds the messages that arrive while the screen is away and delivers them when it is back.
        public var keepsSession: Bool
        public var keepalive: Int
        public var qos: Int
        /// Where this screen says it is `online` (retained) and the broker says `offline` when it
        /// vanishes (its last will); `STATUS-TOPIC/set` takes feed lines for this screen alone.
        public var statusTopic: String?
        /// TLS: the CA certificate that signed the broker's (else the system's store), and this
        /// client's own certificate and key (PEM files, both or neither).
        public var ca: String?, cert: String?, key: String?
        /// The login; the password comes from a file (`password(fromFile:)`), never from a command line.
        public var username: String?, password: String?
        /// Home Assistant's MQTT discovery: true publishes this screen's device and entities under
        /// `discoveryPrefix`, false removes what an earlier run published, nil leaves them alone.
        public var discovery: Bool?
        public var discoveryPrefix = "homeassistant"

        /// Where the screen takes commands (`ScreenCommand`) and says how it stands (`ScreenState`).
        public var commandTopic: String? { statusTopic.map { $0 + "/cmd" } }
        public var stateTopic: String? { statusTopic.map { $0 + "/state" } }
        /// The folder of CA certificates OpenSSL reads when no `ca` file is given: the system's store.
        var caFolder: String? { ca == nil ? "/etc/ssl/certs" : nil }

        /// `mqtt://HOST[:PORT]` (1883) or `mqtts://HOST[:PORT]` (8883).
        public init(url: String, topics: [String], clientID: String? = nil, keepalive: Int = 30, qos: Int = 1,
                    statusTopic: String? = nil, ca: String? = nil, cert: String? = nil, key: String? = nil,
                    username: String? = nil, password: String? = nil, discovery: Bool? = nil) throws(MQTTFeed.Problem) {
            let (scheme, rest) = url.hasPrefix("mqtts://") ? ("mqtts", url.dropFirst(8)) : url.hasPrefix("mqtt://") ? ("mqtt", url.dropFirst(7)) : ("", "")
            guard !scheme.isEmpty else { throw Problem("\(url) is not a broker address: give mqtt://HOST[:PORT] or mqtts://HOST[:PORT]") }
            let hostPort = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            var host = hostPort, port = scheme == "mqtts" ? 8883 : 1883
            if let colon = hostPort.lastIndex(of: ":"), !hostPort.hasSuffix("]") {
                guard let p = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(p) else {
                    throw Problem("\(url): the port must be 1 to 65535")
                }
                host = String(hostPort[..<colon]); port = p
            }
            guard !host.isEmpty else { throw Problem("\(url): no host") }
            if let problem = Settings.hostProblem(host) { throw Problem("\(url.oneLine): \(problem)") }
            if let clientID, let problem = Settings.clientIDProblem(clientID) { throw Problem("client-id \(problem)") }
            guard !topics.isEmpty, topics.count <= 16 else { throw Problem("--topic: give 1 to 16 topic filters") }
            for topic in topics {
                if let problem = Settings.filterProblem(topic) {
                    throw Problem("topic filter '\(topic.oneLine)' \(problem): no message could ever match it")
                }
            }
            guard (0...1).contains(qos) else { throw Problem("qos must be 0 or 1, not \(qos)") }
            guard (5...3600).contains(keepalive) else { throw Problem("keepalive must be 5 to 3600 seconds, not \(keepalive)") }
            if let statusTopic, statusTopic.isEmpty || statusTopic.utf8.count > 256 || statusTopic.contains(where: { "+#\u{0}".contains($0) }) {
                throw Problem("status-topic must be a topic name (no + or #), not '\(statusTopic.oneLine)'")
            }
            if let statusTopic, statusTopic.hasPrefix("$") {
                throw Problem("status-topic '\(statusTopic.oneLine)' starts with $, which brokers keep for themselves "
                              + "($SYS): a client cannot publish there")
            }
            if scheme == "mqtt", let given = [("ca", ca), ("cert", cert), ("key", key)].first(where: { $0.1 != nil }) {
                throw Problem("\(given.0) is for TLS: the url must start with mqtts://")
            }
            guard (cert == nil) == (key == nil) else { throw Problem("cert and key go together: give both or neither") }
            for case let (name, path?) in [("ca", ca), ("cert", cert), ("key", key)] { try Settings.readable(path, name) }
            if let key { try Settings.unprotected(key) }
            if password != nil && username == nil { throw Problem("password-file needs username") }
            if discovery != nil && (clientID == nil || statusTopic == nil) {
                throw Problem("discovery needs client-id (the device's lasting id in Home Assistant) and status-topic (its availability and state)")
            }
            self.host = host; self.port = port; self.tls = scheme == "mqtts"
            self.topics = topics; self.keepalive = keepalive; self.qos = qos; self.statusTopic = statusTopic
            self.ca = ca; self.cert = cert; self.key = key; self.username = username; self.password = password
            self.clientID = clientID ?? "rings-\(ProcessInfo.processInfo.hostName)-\(getpid())"
            self.keepsSession = clientID != nil && qos == 1
            self.discovery = discovery
        }

        /// Why `filter` is not an MQTT topic filter (MQTT 3.1.1, 4.7), or nil when it is: 1 to 256
        /// bytes, no NUL, `#` only as a whole last level, `+` only as a whole level. A broker takes
        /// some malformed filters and then sends nothing: they are refused before connecting.
        public static func filterProblem(_ filter: String) -> String? {
            if filter.isEmpty || filter.utf8.count > 256 { return "must be 1 to 256 bytes long" }
            if filter.unicodeScalars.contains("\u{0}") { return "holds a NUL character" }
            let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
            for (index, level) in levels.enumerated() {
                if level.contains("#") && (level != "#" || index != levels.count - 1) { return "has # other than as its whole last level" }
                if level.contains("+") && level != "+" { return "has + other than as a whole level" }
            }
            return nil
        }
    }

    /// A setting that cannot be used, said in one line.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

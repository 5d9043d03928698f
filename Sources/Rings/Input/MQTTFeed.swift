import CMosquitto
import Foundation
import RingsRaster

/// Values from an MQTT broker, through libmosquitto on its own network thread: subscribes to the
/// topics on every (re)connection, hands each message to `deliver`, and reconnects by itself with a
/// backoff from 1 s doubling to 30 s. The connection's state goes to `state` as it changes.
public final class MQTTFeed: @unchecked Sendable {
    /// Where the broker is and what to take from it.
    public struct Settings: Equatable, Sendable {
        public var host: String, port: Int, tls: Bool
        public var topics: [String]
        public var clientID: String
        public var keepalive: Int
        public var qos: Int
        /// Where this screen says it is `online` (retained) and the broker says `offline` when it
        /// vanishes (its last will); `STATUS-TOPIC/set` takes feed lines for this screen alone.
        public var statusTopic: String?

        /// `mqtt://HOST[:PORT]` (1883) or `mqtts://HOST[:PORT]` (8883).
        public init(url: String, topics: [String], clientID: String? = nil, keepalive: Int = 30, qos: Int = 1,
                    statusTopic: String? = nil) throws(MQTTFeed.Problem) {
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
            guard !topics.isEmpty, topics.count <= 16, topics.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 256 }) else {
                throw Problem("--topic: give 1 to 16 topic filters")
            }
            guard (0...1).contains(qos) else { throw Problem("qos must be 0 or 1, not \(qos)") }
            guard (5...3600).contains(keepalive) else { throw Problem("keepalive must be 5 to 3600 seconds, not \(keepalive)") }
            self.host = host; self.port = port; self.tls = scheme == "mqtts"
            if let statusTopic, statusTopic.isEmpty || statusTopic.utf8.count > 256 || statusTopic.contains(where: { "+#".contains($0) }) {
                throw Problem("status-topic must be a topic name (no + or #), not '\(statusTopic)'")
            }
            self.topics = topics; self.keepalive = keepalive; self.qos = qos; self.statusTopic = statusTopic
            self.clientID = clientID ?? "rings-\(ProcessInfo.processInfo.hostName)-\(getpid())"
        }
    }

    /// A setting that cannot be used, said in one line.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// How the connection stands, in the legend's one word (the reasons go to stderr).
    public enum State: String, Sendable {
        case connecting, connected, reconnecting
    }

    public let settings: Settings
    /// The rings' names, for the status message.
    public var ringNames: [String] = []
    private let deliver: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void
    private let report: @Sendable (String) -> Void
    private let changed: @Sendable (State) -> Void
    private var client: OpaquePointer?
    /// Messages longer than this are refused before they are copied.
    public static let maximumPayload = FeedLine.maximumLength

    public init(settings: Settings, report: @escaping @Sendable (String) -> Void, state: @escaping @Sendable (State) -> Void,
                deliver: @escaping @Sendable (_ topic: String, _ payload: [UInt8]) -> Void) {
        self.settings = settings; self.report = report; self.changed = state; self.deliver = deliver
    }

    deinit { stop() }

    private static let library: Void = { mosquitto_lib_init() }()

    /// Connects in the background (the window does not wait for the broker).
    public func start() {
        _ = MQTTFeed.library
        guard client == nil, let m = mosquitto_new(settings.clientID, true, Unmanaged.passUnretained(self).toOpaque()) else {
            report("cannot start an MQTT client")
            return
        }
        client = m
        mosquitto_reconnect_delay_set(m, 1, 30, true)
        mosquitto_connect_callback_set(m) { _, me, code in MQTTFeed.from(me).connected(Int(code)) }
        mosquitto_disconnect_callback_set(m) { _, me, code in MQTTFeed.from(me).disconnected(Int(code)) }
        mosquitto_message_callback_set(m) { _, me, message in
            guard let message else { return }
            MQTTFeed.from(me).received(message.pointee)
        }
        if settings.tls { mosquitto_tls_set(m, nil, "/etc/ssl/certs", nil, nil, nil) }
        if let topic = settings.statusTopic {
            let will = Array(status(online: false).utf8)
            mosquitto_will_set(m, topic, Int32(will.count), will, 1, true)
        }
        changed(.connecting)
        let code = mosquitto_connect_async(m, settings.host, Int32(settings.port), Int32(settings.keepalive))
        if code != MOSQ_ERR_SUCCESS.rawValue {
            // The loop retries a failed first connection as it does a lost one.
            changed(.reconnecting)
            report("MQTT \(settings.host):\(settings.port): \(String(cString: mosquitto_strerror(code))); retrying")
        }
        mosquitto_loop_start(m)
    }

    public func stop() {
        guard let m = client else { return }
        client = nil
        if let topic = settings.statusTopic {
            // A clean exit sends no last will: say offline ourselves.
            let words = Array(status(online: false).utf8)
            if mosquitto_publish(m, nil, topic, Int32(words.count), words, 1, true) == MOSQ_ERR_SUCCESS.rawValue {
                usleep(200_000)  // the network thread sends it before the disconnect
            }
        }
        mosquitto_disconnect(m)
        mosquitto_loop_stop(m, true)
        mosquitto_destroy(m)
    }

    /// The status message: `{"state": "online", "client": ..., "host": ..., "rings": [...]}`.
    func status(online: Bool) -> String {
        let fields: [String: Any] = ["state": online ? "online" : "offline", "client": settings.clientID,
                                     "host": ProcessInfo.processInfo.hostName, "program": "rings", "rings": ringNames]
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func from(_ pointer: UnsafeMutableRawPointer?) -> MQTTFeed {
        Unmanaged<MQTTFeed>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private func connected(_ code: Int) {
        guard code == 0, let m = client else {
            let why = String(cString: mosquitto_connack_string(Int32(code)))
            changed(.reconnecting)
            report("MQTT \(settings.host):\(settings.port) refused the connection: \(why); retrying")
            return
        }
        for topic in settings.topics { mosquitto_subscribe(m, nil, topic, Int32(settings.qos)) }
        if let topic = settings.statusTopic {
            mosquitto_subscribe(m, nil, topic + "/set", Int32(settings.qos))
            let words = Array(status(online: true).utf8)
            mosquitto_publish(m, nil, topic, Int32(words.count), words, 1, true)
        }
        changed(.connected)
    }

    private func disconnected(_ code: Int) {
        guard code != 0, client != nil else { return }
        changed(.reconnecting)
        report("MQTT \(settings.host):\(settings.port): connection lost; reconnecting")
    }

    private func received(_ message: mosquitto_message) {
        let topic = message.topic.map { String(cString: $0) } ?? ""
        // No more than one byte past the longest line is copied: a larger payload is refused as too long.
        let length = min(Int(message.payloadlen), MQTTFeed.maximumPayload + 1)
        deliver(topic, message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
    }

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

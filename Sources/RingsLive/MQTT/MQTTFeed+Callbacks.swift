import Rings
import RingsBase
import CMosquitto
import FoundationEssentials
import Glibc

/// What libmosquitto's callbacks do on the network thread: a connection subscribes and publishes
/// the discovery configs, an acknowledged subscription opens the door to commands, and each message
/// is handed on (a value, a command for now) or refused (a command that is not for now).
extension MQTTFeed {
    func setCallbacks(_ m: OpaquePointer) {
        mosquitto_connect_callback_set(m) { m, me, code in
            guard let m else { return }
            MQTTFeed.from(me).connected(m, Int(code))
        }
        mosquitto_message_callback_set(m) { m, me, message in
            guard let m, let message else { return }
            MQTTFeed.from(me).received(m, message.pointee)
        }
        mosquitto_subscribe_callback_set(m) { _, me, mid, count, granted in
            guard let granted, (0..<Int(count)).contains(where: { granted[$0] > 1 }) else {
                MQTTFeed.from(me).subscribed(mid)
                return
            }
            MQTTFeed.from(me).subscriptionRefused(mid)
        }
        mosquitto_publish_callback_set(m) { _, me, mid in
            let feed = MQTTFeed.from(me)
            if feed.session.withLock({ $0.farewell == mid }) { feed.wakeUp.signal() }
        }
        mosquitto_log_callback_set(m) { m, me, level, text in
            guard level == MOSQ_LOG_ERR, let text else { return }
            let feed = MQTTFeed.from(me)
            // Why OpenSSL did not trust the broker, while the connection still holds it.
            let verified = OpaquePointer(mosquitto_ssl_get(m)).map { SSL_get_verify_result($0) } ?? Int(X509_V_OK)
            // "OpenSSL Error[0]: error:...::certificate verify failed"
            let why = verified == X509_V_OK ? String(String(cString: text).split(separator: ":").last ?? "") : feed.untrusted(verified)
            feed.session.withLock { $0.logged = why }
        }
    }

    /// Why OpenSSL did not trust the broker's certificate, from its verify result.
    func untrusted(_ verified: Int) -> String {
        switch Int32(verified) {
        // libmosquitto's own hostname check leaves only UNSPECIFIED behind.
        case X509_V_ERR_UNSPECIFIED, X509_V_ERR_HOSTNAME_MISMATCH: "the broker's certificate is not for \(settings.host)"
        case X509_V_ERR_IP_ADDRESS_MISMATCH: "the broker's certificate does not name the address \(settings.host) (as an IP address subjectAltName)"
        default: String(cString: X509_verify_cert_error_string(verified))
        }
    }

    private static func from(_ pointer: UnsafeMutableRawPointer?) -> MQTTFeed {
        Unmanaged<MQTTFeed>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private func connected(_ m: OpaquePointer, _ code: Int) {
        guard code == 0 else {
            session.withLock { $0.refusal = code }
            return
        }
        var topics: [Int32: String] = [:]
        for topic in filters {
            var mid: Int32 = 0
            // Commands at QoS 0: a broker keeps none of them for a screen that is away.
            let qos = topic == settings.commandTopic ? 0 : Int32(settings.qos)
            if mosquitto_subscribe(m, &mid, topic, qos) == MOSQ_ERR_SUCCESS.rawValue { topics[mid] = topic }
        }
        if settings.discovery != nil {
            for filter in [settings.discoveryFilter] + (settings.legacyDiscoveryFilter.map { [$0] } ?? []) {
                var mid: Int32 = 0
                if mosquitto_subscribe(m, &mid, filter, 1) == MOSQ_ERR_SUCCESS.rawValue { topics[mid] = filter }
            }
            for (topic, config) in published.withLock({ $0.discovery }).sorted(by: { $0.key < $1.key }) { publish(m, topic, config) }
        }
        let now = ProcessInfo.processInfo.systemUptime
        session.withLock { $0.connected = true; $0.connectedAt = now; $0.connections += 1; $0.subscriptions = topics }
        publishStatusIfDue(m)
        changed(.connected)
    }

    /// A subscription is in place: the command topic's opens the door to commands.
    private func subscribed(_ mid: Int32) {
        session.withLock { session in
            if let topic = session.subscriptions[mid], topic == settings.commandTopic { session.commandsOpen = true }
        }
    }

    private func subscriptionRefused(_ mid: Int32) {
        let topic = session.withLock { $0.subscriptions[mid] } ?? "?"
        report("mqtt subscription", "MQTT \(settings.host):\(settings.port) refused the subscription to '\(topic)' (its access list?); nothing from it will show")
    }

    private func received(_ m: OpaquePointer, _ message: mosquitto_message) {
        guard let name = message.topic else { return }
        if settings.discovery != nil, matches(settings.discoveryFilter, name) {
            // A config kept from an earlier run that this one does not publish (discovery turned
            // off, fewer rings): emptied, which removes the entity from Home Assistant.
            let topic = String(cString: name)
            noteDiscovery(topic: topic, message)
            if message.retain && message.payloadlen > 0 && published.withLock({ $0.discovery[topic] == nil }) {
                publish(m, topic, "")
            }
            return
        }
        if let legacy = settings.legacyDiscoveryFilter, matches(legacy, name) {
            // What an earlier version published for this device under the node id it shared with others.
            if message.retain, let payload = message.payload, message.payloadlen > 0,
               isOurDevice(Data(bytes: payload, count: Int(message.payloadlen))) {
                publish(m, String(cString: name), "")
            }
            return
        }
        // A kept session may still hold subscriptions that an earlier config asked for: only ours count.
        guard filters.contains(where: { matches($0, name) }) else { return }
        let topic = String(cString: name)
        // What this screen says itself (a filter such as # takes it in too) is not a value.
        guard topic != settings.statusTopic && topic != settings.stateTopic else { return }
        if topic == settings.commandTopic, let refusal = refusal(ofCommandRetained: message.retain) {
            report("mqtt \(message.retain ? "retained" : "queued") command", "MQTT command on \(topic): \(refusal) (ignored; a command is an order for now)")
            return
        }
        session.withLock { $0.messages += 1 }
        // No more than one byte past the longest line is copied: a larger payload is refused as too long.
        let length = min(Int(message.payloadlen), MQTTFeed.maximumPayload + 1)
        deliver(topic, message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
    }

    /// Why a command is not for now: retained (it would be obeyed again at every start), or held by a
    /// kept session while the screen was away (it comes before this connection's subscription is
    /// acknowledged); nil for a command sent now.
    private func refusal(ofCommandRetained retained: Bool) -> String? {
        if retained {
            return "retained; send commands without the retain flag (clear this one: mosquitto_pub -r -n -t \(settings.commandTopic ?? ""))"
        }
        guard session.withLock({ $0.commandsOpen }) else { return "sent while the screen was away" }
        return nil
    }

    /// A discovery config names this screen's device (its client id), not another's.
    private func isOurDevice(_ config: Data) -> Bool {
        guard let object = (try? JSON.parse(config)) as? [String: Any], let device = object["device"] as? [String: Any],
              let identifiers = device["identifiers"] as? [Any] else { return false }
        return identifiers.contains { $0 as? String == settings.clientID }
    }

    /// The topic `name` matches the filter.
    private func matches(_ filter: String, _ name: UnsafePointer<CChar>) -> Bool {
        var matches = false
        return mosquitto_topic_matches_sub(filter, name, &matches) == MOSQ_ERR_SUCCESS.rawValue && matches
    }
}

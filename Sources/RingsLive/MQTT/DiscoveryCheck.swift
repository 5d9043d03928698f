import FoundationEssentials
import CMosquitto

/// Whether Home Assistant's discovery configs reach the broker: the screen subscribes to its own
/// config topics, so each config it publishes comes back to it, unless the broker's access list
/// drops the publish (a broker grants the subscription and drops a denied publish without a word,
/// as Mosquitto does when a `%u` pattern names another node than the screen's). None back within
/// `discoveryWait` of connecting is said once.
extension MQTTFeed {
    /// How long after connecting the configs must have come back.
    static let discoveryWait = 10.0

    /// A message on the screen's discovery topic `topic`: one of its configs back as it was
    /// published (not a copy the broker kept from before, which comes with the retain flag),
    /// compared where libmosquitto holds it.
    func noteDiscovery(topic: String, _ message: mosquitto_message) {
        guard !message.retain, let config = published.withLock({ $0.discovery[topic] }),
              Int(message.payloadlen) == config.utf8.count, let payload = message.payload,
              UnsafeRawBufferPointer(start: payload, count: Int(message.payloadlen)).elementsEqual(config.utf8) else {
            return
        }
        session.withLock { $0.discoveryHeard = true }
    }

    /// Says once when none of the configs came back within `discoveryWait` of connecting.
    func checkDiscovery() {
        guard settings.discovery == true, !published.withLock({ $0.discovery.isEmpty }) else { return }
        let now = ProcessInfo.processInfo.systemUptime
        let due = session.withLock { session in
            guard session.connected, !session.discoveryHeard, !session.discoveryDoubted,
                  now - session.connectedAt >= MQTTFeed.discoveryWait else { return false }
            session.discoveryDoubted = true
            return true
        }
        guard due else { return }
        let filter = settings.discoveryFilter
        let place = "\(settings.host):\(settings.port)"
        report("mqtt discovery", "MQTT \(place): none of the Home Assistant discovery configs "
            + "published on '\(filter)' came back in \(Int(MQTTFeed.discoveryWait)) s: "
            + "the broker's access list may deny them (this screen's node id is '\(settings.nodeID)'; "
            + "see docs/mqtt.md); Home Assistant may not show it")
    }
}

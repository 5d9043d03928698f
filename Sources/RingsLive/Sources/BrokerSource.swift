import FoundationEssentials
import Rings
import RingsAnimation
import RingsRaster
import RingsBase

/// `--mqtt`: messages from a broker's topics as feed lines (or one ring's value), commands from its
/// command topic, and the screen's state said back on its state topic (`MQTTFeed`).
final class BrokerSource: LiveSource {
    private let settings: MQTTFeed.Settings
    private var feed: MQTTFeed?
    private var link: SourceLink?

    init?(_ options: LiveOptions) {
        guard let settings = options.mqtt else { return nil }
        self.settings = settings
    }

    static func identity(_ options: LiveOptions) -> String { "mqtt " + (options.mqtt.map { "\($0.host):\($0.port) \($0.topics)" } ?? "") }

    /// The broker's settings whole: its login, TLS files and topics too.
    static func same(_ a: LiveOptions, _ b: LiveOptions) -> Bool { a.mqtt == b.mqtt }

    func start(_ link: SourceLink, on loop: FrameLoop) {
        self.link = link
        let settings = settings, count = Mutex(0), widest = MQTTFeed.State.widest
        link.health("MQTT", MQTTFeed.State.connecting.words, problem: false, widest: widest)
        feed = MQTTFeed(settings: settings, report: { link.problems.note(kind: $0, $1) }, state: { now in
            // A new connection wants the state said.
            if now == .connected { link.stateWanted.withLock { $0 = true } }
            link.health("MQTT", now.words, problem: ![.connecting, .connected].contains(now), widest: widest)
        }) { topic, payload in
            if topic == settings.commandTopic { return link.order(ScreenCommand.parse(payload), on: topic) }
            let number = count.withLock { $0 += 1; return $0 }
            let (names, goals) = link.naming.withLock { $0 }
            link.deliver("MQTT message \(number) on \(topic)", MQTTFeed.parse(topic: topic, payload: payload, names: names, goals: goals))
        }
        feed?.ringNames = link.naming.withLock { $0.names }
        feed?.start()
    }

    /// Stops the broker's thread; what it counted stays for `summary` (said as the screen ends).
    func stop() { feed?.stop() }

    var saysState: Bool { settings.stateTopic != nil }

    func say(_ state: ScreenState) { feed?.say(state: state.message(at: Date())) }

    func valueArrived(at time: Date) { feed?.noteValue(at: time) }

    func rename(_ names: [String]) { feed?.rename(names) }

    var summary: String? {
        guard let (messages, connections) = feed?.counts, let line = link?.health.current.first(where: { $0.name == "MQTT" }) else { return nil }
        return "MQTT \(line.text), \(messages) messages, \(connections) connections"
    }
}

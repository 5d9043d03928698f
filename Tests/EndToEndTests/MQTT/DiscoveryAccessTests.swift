import Foundation
import RingsBase
import RingsLive
import Testing
import TestSupport

/// Home Assistant's discovery behind docs/mqtt.md's access list, whose `%u` pattern names the
/// user's node: for a screen whose node id is not its user name the broker grants the subscription
/// and drops each config without a word, and the screen says so once.
extension MQTTFleetTests {
    @Test(.needs(!Broker.missing && !Broker.missingTLSTools, "needs mosquitto and openssl (make test installs them)"))
    func aScreenWhoseDiscoveryTheBrokerDropsSaysSo() throws {
        let broker = try Broker(security: try Self.security(users: ["lobby": "lobby-pw", "大堂": "hall-pw"]))
        func screen(_ name: String, _ password: String) throws -> (MQTTFeed, Mutex<[String]>) {
            let settings = try MQTTFeed.Settings(url: "mqtts://localhost:\(broker.tlsPort)", topics: ["fleet/rings"],
                                                 clientID: name, statusTopic: "screens/\(name)",
                                                 ca: "\(broker.directory)/ca.crt", username: name, password: password,
                                                 discovery: true)
            let said = Mutex<[String]>([])
            let feed = MQTTFeed(settings: settings, report: { _, line in said.withLock { $0.append(line) } },
                                state: { _ in }, deliver: { _, _ in })
            feed.ringNames = ["Move"]
            feed.start()
            return (feed, said)
        }
        let (lobby, lobbySaid) = try screen("lobby", "lobby-pw")
        defer { lobby.stop() }
        #expect(try eventually(within: 60) { try broker.retained("homeassistant/sensor/lobby/ring1/config") != nil },
                "the lobby's configs are taken: \(lobbySaid.withLock { $0 })")
        let (hall, hallSaid) = try screen("大堂", "hall-pw")
        defer { hall.stop() }
        let doubt = "none of the Home Assistant discovery configs", node = "___6894991c41bd"
        let doubted = { hallSaid.withLock { $0 }.filter { $0.contains(doubt) && $0.contains(node) } }
        #expect(eventually(within: 60) { !doubted().isEmpty },
                "大堂 says its configs never came back: \(hallSaid.withLock { $0 })")
        #expect(try broker.retained("homeassistant/sensor/\(node)/ring1/config") == nil, "the broker dropped them")
        #expect(doubted().count == 1, "once: \(hallSaid.withLock { $0 })")
        let lobbyDoubted = lobbySaid.withLock { $0 }.contains { $0.contains(doubt) }
        #expect(!lobbyDoubted, "the lobby's came back: \(lobbySaid.withLock { $0 })")
    }
}

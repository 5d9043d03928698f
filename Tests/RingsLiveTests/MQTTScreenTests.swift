import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// The live screen on a real broker, without a window: what the legend says of the connection.
@Suite(.serialized) struct MQTTScreenTests {
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func theLegendSaysHowTheConnectionStands() throws {
        let broker = try Broker()
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"])
        let screen = LiveScreen(options: .init(theme: .standard, values: [0.1, 0.1, 0.1], spec: .tween(duration: 0.1, curve: .linear), mqtt: settings),
                                glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock()
        screen.start(on: FrameLoop(clock: clock), stats: FrameStats(), wake: {})
        defer { screen.stop() }
        func said() -> String? {
            screen.wake(at: clock.now())
            guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { return nil }
            return scene.chrome?.legend.last.map { "\($0.name) \($0.value)" }
        }
        #expect(eventually(within: 10) { said() == "MQTT connected" })
        broker.stop()
        #expect(eventually(within: 10) { said() == "MQTT reconnecting" }, "\(said() ?? "")")
        try broker.start()
        #expect(eventually(within: 10) { said() == "MQTT connected" }, "back within 10 s")
    }

    /// A screen whose client id has letters node ids do not allow used to share its node with others
    /// (`lobby.1` and `lobby_1` were both `lobby_1`): now on a node of its own, it empties what an
    /// earlier version published for it there, and leaves the other screen's configs alone.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func anEarlierVersionsSharedNodeIsLeftToItsOtherScreen() throws {
        let broker = try Broker()
        let ours = "homeassistant/sensor/lobby_1/ring1/config", theirs = "homeassistant/sensor/lobby_1/ring2/config"
        try broker.publish(ours, #"{"name": "Move", "device": {"identifiers": ["lobby.1"]}}"#, retain: true)
        try broker.publish(theirs, #"{"name": "Stand", "device": {"identifiers": ["lobby_1"]}}"#, retain: true)
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "lobby.1", statusTopic: "screens/lobby", discovery: true)
        #expect(settings.nodeID != "lobby_1")
        let feed = MQTTFeed(settings: settings, report: { _, _ in }, state: { _ in }, deliver: { _, _ in })
        feed.ringNames = ["Move"]
        feed.start()
        defer { feed.stop() }
        #expect(try eventually(within: 10) { try broker.retained("homeassistant/sensor/\(settings.nodeID)/ring1/config") != nil }, "published on its own node")
        #expect(try eventually(within: 10) { try broker.retained(ours) == nil }, "its old config emptied")
        #expect(try broker.retained(theirs)?.contains("lobby_1") == true, "the other screen's kept")
    }

    /// Two screens with one client id take each other's connection (the broker ends the older): they
    /// say what is likely wrong and come back ever more slowly, instead of "connection lost" and a
    /// reconnection every second for ever (27 connections and 84 discovery publishes in 20 s). Each
    /// screen's log names the clash within the first minute, though it said "connection lost" just
    /// before (the clash is a kind of its own, not one more reconnection).
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func twoScreensWithOneClientIDSayItAndBackOff() throws {
        let broker = try Broker()
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "twin")
        let said = Mutex<[String]>([]), logged = Mutex<[[String]]>([[], []])
        let feeds = (0..<2).map { screen in
            let log = ProblemLog(now: { MonotonicClock().now() }) { line in
                logged.withLock { $0[screen].append(line) }
            }
            return MQTTFeed(settings: settings, report: { kind, line in
                said.withLock { $0.append(line) }
                log.note(kind: kind, line)
            }, state: { _ in }, deliver: { _, _ in })
        }
        feeds.forEach { $0.start() }
        defer { feeds.forEach { $0.stop() } }
        let clash = "another client may be using client-id 'twin'"
        let backedOff = { said.withLock { $0 }.contains { $0.contains(clash) && $0.contains("trying again in 8 s") } }
        #expect(eventually(within: 40, backedOff),
                "\(said.withLock { $0 })")
        #expect(eventually(within: 40) { logged.withLock { $0 }.allSatisfy { $0.contains { $0.contains(clash) } } },
                "each screen's log: \(logged.withLock { $0 })")
        #expect(logged.withLock { $0 }.allSatisfy { $0.contains { $0.contains("connection lost; trying again") } },
                "the reconnections before it were said too: \(logged.withLock { $0 })")
    }
}

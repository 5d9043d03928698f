import Foundation
import Rings
import RingsBase
import RingsLive
import Testing

/// What the sources are called across a restart and a reload.
@Suite struct SourceIdentityTests {
    func options(feed: LineFeed.Source? = nil, exec: String? = nil, sources: [SystemSource] = [], mqtt: MQTTFeed.Settings? = nil) -> LiveScreen.Options {
        LiveScreen.Options(theme: .standard, values: [0, 0, 0], spec: .tween(duration: 0.1, curve: .linear), feed: feed, sources: sources,
                           exec: exec, mqtt: mqtt)
    }

    /// The state file is keyed by this line: the same sources give the line that earlier versions
    /// wrote, so that a screen finds the values it kept before an upgrade.
    @Test func theStateFilesKeyKeepsItsForm() throws {
        let broker = try MQTTFeed.Settings(url: "mqtt://127.0.0.1:1883", topics: ["office/rings"])
        let given = options(feed: .path("/run/rings.fifo"), exec: "date +%S", sources: [.cpu, .disk("/")], mqtt: broker)
        #expect(LiveSources.identity(of: given)
                == "feed path(\"/run/rings.fifo\"); exec date +%S; sources [CPU, disk /]; mqtt 127.0.0.1:1883 [\"office/rings\"]")
        #expect(LiveSources.identity(of: options()) == "feed ; exec ; sources []; mqtt ")
    }

    /// A reload that changes a source, a broker's login included, says that sources change only on
    /// a restart (the regression: a new password was neither taken nor said to be left out).
    @Test func aReloadThatChangesASourceSaysItWaitsForARestart() throws {
        let said = Mutex<[String]>([])
        let broker = try MQTTFeed.Settings(url: "mqtt://127.0.0.1:1883", topics: ["office/rings"], clientID: "lobby")
        let screen = LiveScreen(options: options(mqtt: broker), glyphs: nil,
                                problems: ProblemLog(now: { 0 }, write: { line in said.withLock { $0.append(line) } }))
        screen.reload(options(mqtt: broker), at: 0)
        #expect(said.withLock { $0 }.isEmpty, "\(said.withLock { $0 })")
        var changed = broker
        changed.username = "screens"
        screen.reload(options(mqtt: changed), at: 1)
        #expect(said.withLock { $0 }.contains { $0.contains("sources change only on a restart") }, "\(said.withLock { $0 })")
    }
}

import Foundation
import Rings
import RingsBase
@testable import RingsLive
import Testing

/// What the sources are called across a restart and a reload, and how they hand over what they read.
@Suite struct SourceLinkTests {
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

    /// Handing over a line costs the same after a flood as before it (the regression: the wake-up,
    /// kept bare in a generic Mutex, came back wrapped in two more thunks at every read, so each
    /// line called through a longer chain: 10,000 MQTT messages made the screen's CPU double and
    /// its memory grow by 1.5 MB).
    @Test func theWakeUpIsTheSameAfterAFloodOfLines() {
        let link = SourceLink(problems: ProblemLog(now: { 0 }, write: { _ in }))
        link.naming.withLock { $0 = (["Move", "Exercise", "Stand"], [nil, nil, nil]) }
        let depths = Mutex<[Int]>([])
        link.wake = { depths.withLock { $0.append(Thread.callStackReturnAddresses.count) } }
        for number in 1...2000 { link.deliver("feed line \(number)", line: Array("1=0.5".utf8)) }
        let seen = depths.withLock { $0 }
        #expect(seen.count == 2000 && seen.first == seen.last, "stack depth \(seen.first ?? 0) at the first line, \(seen.last ?? 0) at the last")
        var taken = 0
        link.takeValues(stats: FrameStats()) { _, _ in taken += 1 }
        #expect(taken == 2000)
    }
}

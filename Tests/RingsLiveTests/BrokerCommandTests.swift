import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// The live screen on a real broker, without a window, on a manual clock: each command on
/// `STATUS-TOPIC/cmd` changes the frame as it says and is acknowledged on the retained
/// `STATUS-TOPIC/state`; garbage changes nothing and is said in one line.
@Suite(.serialized) struct BrokerCommandTests {
    let clock = ManualClock()
    let loop: FrameLoop
    let said = Mutex<[String]>([])
    let broker: Broker
    let screen: LiveScreen

    init() throws {
        loop = FrameLoop(clock: clock)
        broker = try Broker()
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "lobby-\(getpid())", statusTopic: "screens/lobby")
        let said = said
        screen = LiveScreen(options: .init(theme: .standard, values: [0.1, 0.1, 0.1], spec: .tween(duration: 0.1, curve: .linear), chrome: false, mqtt: settings),
                            glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { line in said.withLock { $0.append(line) } }))
        screen.start(on: loop, stats: FrameStats(), wake: {})
    }

    /// The frame of `shown` (the suite's screen unless another is given) after what has arrived is
    /// taken and `seconds` have passed on the manual clock.
    func frame(of shown: LiveScreen? = nil, after seconds: Double = 0) -> RingScene? {
        let shown = shown ?? screen
        shown.wake(at: clock.now())
        clock.advance(by: seconds)
        loop.runDue()
        guard case let .rings(scene, _) = shown.frame(width: 300, height: 300, at: clock.now()) else { return nil }
        return scene
    }

    /// The retained state, as JSON.
    func state() -> [String: Any]? {
        guard let text = (try? broker.retained("screens/lobby/state")) ?? nil else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    func command(_ json: String) throws { try broker.publish("screens/lobby/cmd", json) }

    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func eachCommandTakesEffectAndIsAcknowledged() throws {
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return state()?["screen"] as? String == "on" }, "the state is said on connecting")
        #expect(state()?["percent"] as? [Double] == [10, 10, 10] && state()?["brightness"] as? Double == 1, "\(state() ?? [:])")

        try command(#"{"brightness": 0.4}"#)
        #expect(eventually { frame(after: 1.1)?.brightness == 0.4 }, "dimmed, eased over a second")
        #expect(eventually { state()?["brightness"] as? Double == 0.4 }, "acknowledged")

        try command(#"{"identify": 3}"#)
        #expect(eventually { frame()?.identity != nil }, "the identity card shows")
        #expect(frame()?.identity?.name == "lobby-\(getpid())" && frame()?.identity?.host == ProcessInfo.processInfo.hostName)
        #expect(eventually { state()?["identifying"] as? Bool == true })
        #expect(frame(after: 3.1)?.identity == nil, "gone after its 3 s")

        try command(#"{"screen": "off"}"#)
        #expect(eventually { frame()?.brightness == 0 }, "one black frame")
        #expect(screen.displayOff && !screen.wantsFrames, "then nothing is drawn")
        #expect(eventually { state()?["screen"] as? String == "off" })
        // Values keep coming while it is off, and the state says them.
        try broker.publish("fleet/rings", "1=0.72")
        #expect(eventually { _ = frame(after: 1.1); return state()?["percent"] as? [Double] == [72, 10, 10] }, "\(state() ?? [:])")

        try command(#"{"screen": "on"}"#)
        #expect(eventually { frame()?.brightness ?? 1 < 0.4 && screen.wantsFrames }, "on again, easing up")
        #expect(frame(after: 1.1)?.brightness == 0.4, "at the brightness it had")
        #expect(frame()?.values.first == 0.72, "current the moment it wakes")
        #expect(eventually { state()?["screen"] as? String == "on" })

        // Garbage, one line each, and nothing changes.
        // The state but its age, in key order.
        func unaged() -> String? { state().map { $0.filter { $0.key != "age" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") } }
        let before = unaged()
        for bad in ["garbage", #"{"brightness": 3}"#, #"{"screen": "dim", "brightness": 0.9}"#] { try command(bad) }
        #expect(eventually { _ = frame(); return said.withLock { $0 }.filter { $0.contains("MQTT command on screens/lobby/cmd") }.count == 3 },
                "\(said.withLock { $0 })")
        #expect(frame(after: 1.1)?.brightness == 0.4 && !screen.displayOff)
        #expect(unaged() == before)

        try command(#"{"reload": true}"#)
        #expect(eventually { _ = frame(); return said.withLock { $0 }.contains { $0.contains("started without a config file") } })
    }

    /// With wake-on-input, a touch turns on a screen that a command turned off, for a minute after
    /// the last touch; the touch itself changes no value.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func aTouchWakesAScreenThatIsOff() throws {
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return state() != nil })
        try command(#"{"screen": "off"}"#)
        #expect(eventually { frame()?.brightness == 0 })
        // Without wake-on-input a touch does nothing while it is dark.
        _ = screen.handle(.press(Point(x: 150, y: 60)), width: 300, height: 300, at: clock.now())
        #expect(screen.displayOff && frame()?.values == [0.1, 0.1, 0.1])
        var options = screen.options
        options.wakeOnInput = 60
        screen.reload(options, at: clock.now())
        _ = screen.handle(.press(Point(x: 150, y: 60)), width: 300, height: 300, at: clock.now())
        _ = screen.handle(.release(Point(x: 150, y: 60)), width: 300, height: 300, at: clock.now())
        #expect(!screen.displayOff && frame(after: 1.1)?.brightness == 1, "awake")
        #expect(frame()?.values == [0.1, 0.1, 0.1], "the waking touch set nothing")
        #expect(eventually { state()?["screen"] as? String == "on" })
        #expect(frame(after: 57)?.brightness == 1, "still awake 58 s after the touch")
        #expect(frame(after: 2.1)?.brightness == 0 && screen.displayOff, "dark a minute after the touch")
    }

    /// A command is an order for now. A retained one is refused (it would darken the screen again at
    /// every start), and so is one that a kept session held while the screen was away; a command sent
    /// once the screen is there is obeyed. With the filter `#` the screen hears its own status and
    /// state, and takes neither for values.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func onlyOrdersSentNowAreObeyed() throws {
        screen.stop()
        let id = "hall-\(getpid())", commands = "screens/hall/cmd"
        // A session kept from an earlier run that took commands at QoS 1, and what came while it was away.
        let kept = try runProgram("/usr/bin/mosquitto_sub", ["-p", "\(broker.port)", "-h", "127.0.0.1", "-c", "-i", id, "-q", "1", "-t", commands, "-E"], timeout: 10)
        #expect(kept.status == 0, "\(kept.stderr)")
        try broker.publish(commands, #"{"brightness": 0.3}"#)
        try broker.publish(commands, #"{"screen": "off"}"#, retain: true)
        defer { try? broker.publish(commands, "", retain: true) }
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["#"], clientID: id, statusTopic: "screens/hall")
        #expect(settings.keepsSession)
        let hall = LiveScreen(options: .init(theme: .standard, values: [0.1, 0.1, 0.1], spec: .tween(duration: 0.1, curve: .linear), chrome: false, mqtt: settings),
                              glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { [said] line in said.withLock { $0.append(line) } }))
        hall.start(on: loop, stats: FrameStats(), wake: {})
        defer { hall.stop() }
        func heard(_ words: String) -> Bool { said.withLock { $0 }.contains { $0.contains(commands) && $0.contains(words) } }
        #expect(eventually { _ = frame(of: hall); return heard("retained") && heard("sent while the screen was away") }, "\(said.withLock { $0 })")
        try broker.publish(commands, #"{"brightness": 0.5}"#)
        #expect(eventually { frame(of: hall, after: 1.1)?.brightness == 0.5 }, "a command sent now is obeyed")
        #expect(!hall.displayOff)
        #expect(!said.withLock { $0 }.contains { $0.contains("screens/hall") && !$0.contains(commands) }, "its own status is no value: \(said.withLock { $0 })")
    }

    /// The state topic says which rings are stale, as the screen marks them, so that Home Assistant
    /// shows them unavailable rather than current; a transition sets how long a change of light takes.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func theStateSaysWhatIsStaleAndATransitionIsTaken() throws {
        var options = screen.options
        options.staleAfter = 5
        screen.reload(options, at: clock.now())
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return state() != nil })
        try broker.publish("fleet/rings", "1=0.5")
        // Said within a second of the value (the manual clock moves only here).
        #expect(eventually { _ = frame(); guard (state()?["percent"] as? [Double])?.first == 50 else { _ = frame(after: 1.1); return false }; return true })
        #expect(state()?["stale"] as? [Bool] == [false, false, false], "\(state() ?? [:])")
        _ = frame(after: 6)
        #expect(eventually { _ = frame(after: 1); return (state()?["stale"] as? [Bool])?.first == true }, "stale after 5 s: \(state() ?? [:])")
        try command(#"{"brightness": 0.2, "transition": 4}"#)
        #expect(eventually { frame(after: 0.1)?.brightness ?? 1 < 1 }, "the change has begun")
        #expect(frame(after: 1.4)?.brightness ?? 0 > 0.5, "still easing 1.5 s in: a second's dimming would be over")
        #expect(frame(after: 3)?.brightness == 0.2)
    }

    /// A screen that starts with values kept from its last run says their time on its status topic
    /// too, as its state topic does (it said `"updated": null` until a fresh value came).
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func keptValuesGiveTheStatusItsTime() throws {
        screen.stop()
        let kept = Date().timeIntervalSince1970.rounded(.down) - 120
        let memory = ValueMemory(rings: [.init(name: "Move", value: 0.4, time: kept), .init(name: "Exercise", value: nil, time: nil),
                                         .init(name: "Stand", value: nil, time: nil)])
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "kept-\(getpid())", statusTopic: "screens/kept")
        var options = LiveScreen.Options(theme: .standard, values: [0, 0, 0], spec: .tween(duration: 0.1, curve: .linear), chrome: false, mqtt: settings)
        options.startsEmpty = true
        options.remembered = memory
        let kiosk = LiveScreen(options: options, glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        kiosk.start(on: loop, stats: FrameStats(), wake: {})
        defer { kiosk.stop() }
        let expected = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: kept))
        #expect(eventually { ((try? broker.retained("screens/kept")) ?? nil)?.contains(#""updated":"\#(expected)""#) == true },
                "\(((try? broker.retained("screens/kept")) ?? nil) ?? "nothing")")
    }

    /// A reload that renames a ring renames it everywhere: lines take the new name (and refuse the
    /// old), the status topic says it. (The legend showed the new name while lines had to use the old.)
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func aReloadThatRenamesARingRenamesItEverywhere() throws {
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""rings":["Move","#) == true })
        var options = screen.options
        options.theme.rings[0].name = "Walk"
        screen.reload(options, at: clock.now())
        #expect(eventually { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""rings":["Walk","#) == true }, "the status says the new name")
        try broker.publish("fleet/rings", "Walk=0.3")
        #expect(eventually { frame(after: 0.2)?.values.first == 0.3 }, "a line takes the new name")
        try broker.publish("fleet/rings", "Move=0.6")
        #expect(eventually { _ = frame(); return said.withLock { $0 }.contains { $0.contains("Move") && $0.contains("fleet/rings") } }, "\(said.withLock { $0 })")
        #expect(frame(after: 0.2)?.values.first == 0.3, "and refuses the old")
    }
}

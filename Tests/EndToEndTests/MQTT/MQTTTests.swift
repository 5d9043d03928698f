import Foundation
import RingsRaster
import Testing
import TestSupport

/// Live values from a real Mosquitto broker on loopback into the real window.
@Suite(.serialized) struct MQTTTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && !Broker.missing
    static let why: Comment = "needs the display tools and mosquitto (make test installs them)"

    func capture(_ display: VirtualDisplay, _ window: String) throws -> Pixmap {
        try display.screenshot().subview(try display.clientArea(of: window))
    }

    /// Retained values show at start; a feed line on the topic, a ring's own topic level and JSON
    /// all set rings; garbage changes nothing.
    @Test(.needs(ready, why))
    func messagesOnTheTopicsSetTheRings() throws {
        let broker = try Broker()
        try broker.publish("office/rings", "1=0.3 2=0.3 3=0.3", retain: true)
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--progress", "0.1,0.1,0.1", "--duration", "0.1",
                                                         "--chrome", "none", "--no-intro", "--mqtt", broker.url,
                                                         "--topic", "office/rings", "--topic", "office/rings/+"]) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.3,0.3,0.3")) } == 0,
                "the retained value at start")
        // Nothing below is retained: it is published once the broker has both subscriptions.
        try broker.awaitSubscription(to: "office/rings")
        try broker.awaitSubscription(to: "office/rings/+")
        try broker.publish("office/rings", "1=0.5 green=50% 3=1/2")
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.5,0.5,0.5")) } == 0)
        try broker.publish("office/rings/blue", "90%")
        try broker.publish("office/rings/2", "0.75")
        try broker.publish("office/rings", "not a value at all")
        // The garbage changed nothing: the line after it on the same topic shows, with every other
        // ring as the lines before the garbage left it.
        try broker.publish("office/rings", #"{"red": 0.25}"#)
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.25,0.75,0.9")) } == 0)
        end(process)
        #expect(process.terminationStatus == 0)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("MQTT message ") && said.contains(" on office/rings: "), "a bad message is named by its topic: \(said)")
    }

    /// A broker that takes the connection but never answers the login (no CONNACK) is said in those
    /// words and tried again (the regression: libmosquitto's "Unknown error").
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
    func aBrokerThatNeverAnswersTheLoginIsSaid() throws {
        // A listener that never accepts: the kernel takes the connection, nothing ever answers.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(listener, raw, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, raw, &length) == 0)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let scratch = ScratchDirectory("rings-silent-broker")
        let config = scratch.path + "/silent.toml"
        try "chrome = \"none\"\nsize = \"200x200\"\n[mqtt]\nurl = \"mqtt://127.0.0.1:\(port)\"\ntopic = \"t\"\nkeepalive = 5\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let display = try VirtualDisplay()
        let errorPipe = Pipe()
        let (process, _) = try display.launchRings(["--config", config]) { $0.standardError = errorPipe }
        defer { if process.isRunning { process.terminate() } }
        let errors = OutputWatch(errorPipe)
        let line = "rings: MQTT 127.0.0.1:\(port): the broker took the connection but never answered the login (no CONNACK); trying again in 1 s"
        #expect(errors.waitFor(line, within: 60), "\(errors.text)")
        // That failure is said in the line above, in these words: libmosquitto's are nowhere.
        #expect(!errors.text.contains("Unknown error"), "\(errors.text)")
        // Tried again: each attempt is a connection the kernel takes for the listener, and a second one comes.
        var connections: [Int32] = []
        defer { for connection in connections { close(connection) } }
        #expect(eventually(within: 60) {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            while poll(&waiting, 1, 0) > 0 {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                connections.append(connection)
            }
            return connections.count >= 2
        }, "tried again: \(connections.count) connections")
    }

    /// The broker goes away and comes back: the rings keep their values once rings has said it lost
    /// the broker, and it subscribes again by itself, so that a value published then shows.
    @Test(.needs(ready, why))
    func aBrokerThatComesBackIsReconnected() throws {
        let broker = try Broker()
        let display = try VirtualDisplay()
        let errorPipe = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--progress", "0.1,0.1,0.1", "--duration", "0.1",
                                                         "--chrome", "none", "--no-intro", "--mqtt", broker.url, "--topic", "fleet/rings"]) {
            $0.standardError = errorPipe
        }
        defer { if process.isRunning { process.terminate() } }
        let errors = OutputWatch(errorPipe)
        try broker.awaitSubscription(to: "fleet/rings")
        try broker.publish("fleet/rings", "1=0.6 2=0.6 3=0.6")
        let before = try ringsRender("300x300", "0.6,0.6,0.6")
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), before) } == 0)
        broker.stop()
        #expect(errors.waitFor("rings: MQTT 127.0.0.1:\(broker.port): connection lost", within: 60), "rings says it lost the broker: \(errors.text)")
        #expect(differingPixels(try capture(display, window), before) == 0, "the last values stay while the broker is away")
        #expect(process.isRunning)
        // The broker's log starts again with it: the first subscription in it is the screen's own, made again.
        try broker.start()
        try broker.awaitSubscription(to: "fleet/rings", within: 120)
        try broker.publish("fleet/rings", "1=0.8 2=0.8 3=0.8")
        let after = try ringsRender("300x300", "0.8,0.8,0.8")
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), after) } == 0, "a value published after the restart shows")
    }

    /// Two kiosks on one broker: one `mosquitto_pub` moves both; each says it is online (retained),
    /// takes lines for itself alone on STATUS/set, and when one is killed the broker says it is
    /// offline (its last will); one stopped cleanly says so itself.
    @Test(.needs(ready, why))
    func aFleetOfTwoScreensOnOneBroker() throws {
        let broker = try Broker()
        var screens: [(Process, String, VirtualDisplay)] = []
        for name in ["lobby", "floor"] {
            let config = try broker.screenConfig(name, mqtt: """
                url = "\(broker.url)"
                topic = "fleet/rings"
                client-id = "\(name)"
                keepalive = 5
                status-topic = "screens/\(name)"
                """)
            let display = try VirtualDisplay()
            let (process, window) = try display.launchRings(["--config", config]) { _ in }
            screens.append((process, window, display))
        }
        defer { for (process, _, _) in screens where process.isRunning { process.terminate() } }
        let says = { (screen: String, words: String) in ((try? broker.retained("screens/\(screen)")) ?? nil)?.contains(words) == true }
        #expect(eventually(within: 60) { says("lobby", #""state":"online""#) })
        #expect(eventually(within: 60) { says("floor", #""state":"online""#) })
        let status = try broker.retained("screens/lobby") ?? ""
        #expect(status.contains(#""client":"lobby""#) && status.contains(#""rings":["Red","Green","Blue"]"#)
                && status.contains(#""version":""#) && status.contains(#""updated":null"#), "\(status)")
        // Nothing below is retained: it is published once both screens have subscribed.
        try broker.awaitSubscription(to: "fleet/rings", beyond: 1)
        try broker.awaitSubscription(to: "screens/lobby/set")
        try broker.awaitSubscription(to: "screens/floor/set")
        func shown(_ index: Int) throws -> Pixmap { try capture(screens[index].2, screens[index].1) }
        try broker.publish("fleet/rings", "1=0.7 2=0.7 3=0.7")
        let both = try ringsRender("300x300", "0.7,0.7,0.7")
        for index in screens.indices {
            #expect(try settled(within: 30) { differingPixels(try shown(index), both) } == 0)
        }
        #expect(eventually(within: 30) { says("lobby", #""updated":"20"#) }, "the first value's time in the status")
        // One screen alone, on its own control topic; the lobby's own line after it shows there with
        // ring 1 as it was: the floor's line never reached the lobby.
        try broker.publish("screens/floor/set", "1=0.2")
        #expect(try settled(within: 30) { differingPixels(try shown(1), try ringsRender("300x300", "0.2,0.7,0.7")) } == 0)
        try broker.publish("screens/lobby/set", "2=0.3")
        #expect(try settled(within: 30) { differingPixels(try shown(0), try ringsRender("300x300", "0.7,0.3,0.7")) } == 0,
                "the lobby takes its own line; the floor's did not move it")
        // Killed: the broker's last will says offline (the connection's end, at the latest 1.5 keepalives).
        kill(screens[0].0.processIdentifier, SIGKILL)
        #expect(eventually(within: 60) { says("lobby", #""state":"offline""#) })
        // Stopped cleanly: it says offline itself (or, when the broker is slow to take that, its last will does).
        end(screens[1].0)
        #expect(eventually(within: 30) { says("floor", #""state":"offline""#) })
    }

    /// A screen with a client id of its own keeps its session: what was published at QoS 1 while it
    /// was away (killed, restarted) shows when it is back, though nothing was retained.
    @Test(.needs(ready, why))
    func aScreenThatWasAwayGetsWhatWasPublishedMeanwhile() throws {
        let broker = try Broker()
        let config = try broker.screenConfig("kept", mqtt: """
            url = "\(broker.url)"
            topic = "fleet/rings"
            client-id = "kept-\(getpid())"
            """)
        let display = try VirtualDisplay()
        var (process, window) = try display.launchRings(["--config", config]) { _ in }
        // The session has the subscription before the screen goes away: the broker keeps what comes for it.
        try broker.awaitSubscription(to: "fleet/rings")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try broker.publish("fleet/rings", "1=0.4 2=0.4 3=0.4")
        (process, window) = try display.launchRings(["--config", config]) { _ in }
        defer { if process.isRunning { process.terminate() } }
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.4,0.4,0.4")) } == 0)
    }
}

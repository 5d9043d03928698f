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
    @Test(.enabled(if: ready, why))
    func messagesOnTheTopicsSetTheRings() throws {
        let broker = try Broker()
        try broker.publish("office/rings", "1=0.3 2=0.3 3=0.3", retain: true)
        let display = try VirtualDisplay()
        let errors = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--progress", "0.1,0.1,0.1", "--duration", "0.1",
                                                         "--chrome", "none", "--no-intro", "--mqtt", broker.url,
                                                         "--topic", "office/rings", "--topic", "office/rings/+"]) { $0.standardError = errors }
        defer { if process.isRunning { process.terminate() } }
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.3,0.3,0.3")) } == 0,
                "the retained value at start")
        try broker.publish("office/rings", "1=0.5 green=50% 3=1/2")
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.5,0.5,0.5")) } == 0)
        try broker.publish("office/rings/blue", "90%")
        try broker.publish("office/rings/2", "0.75")
        try broker.publish("office/rings", "not a value at all")
        try broker.publish("office/rings", #"{"red": 0.25}"#)
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.25,0.75,0.9")) } == 0)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("MQTT message ") && said.contains(" on office/rings: "), "a bad message is named by its topic: \(said)")
    }

    /// A broker that takes the connection but never answers the login (no CONNACK) is said in those
    /// words and tried again (the regression: libmosquitto's "Unknown error").
    @Test(.enabled(if: VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"))
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
        let errors = Pipe()
        let (process, _) = try display.launchRings(["--config", config]) { $0.standardError = errors }
        sleep(10)
        let said = terminate(process, reading: errors)[0]
        #expect(said.contains("rings: MQTT 127.0.0.1:\(port): the broker took the connection but never answered the login (no CONNACK); trying again in 1 s"),
                "\(said)")
        #expect(!said.contains("Unknown error"), "\(said)")
    }

    /// The broker goes away and comes back: the rings keep their values meanwhile, and a value
    /// published after the restart shows within 10 s.
    @Test(.enabled(if: ready, why))
    func aBrokerThatComesBackIsReconnected() throws {
        let broker = try Broker()
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--progress", "0.1,0.1,0.1", "--duration", "0.1",
                                                         "--chrome", "none", "--no-intro", "--mqtt", broker.url, "--topic", "fleet/rings"]) { _ in }
        defer { if process.isRunning { process.terminate() } }
        usleep(500_000)
        try broker.publish("fleet/rings", "1=0.6 2=0.6 3=0.6")
        let before = try ringsRender("300x300", "0.6,0.6,0.6")
        #expect(try settled { differingPixels(try capture(display, window), before) } == 0)
        broker.stop()
        sleep(2)
        #expect(differingPixels(try capture(display, window), before) == 0, "the last values stay while the broker is away")
        #expect(process.isRunning)
        try broker.start()
        let published = Date()
        let after = try ringsRender("300x300", "0.8,0.8,0.8")
        var shown = false
        while !shown && Date().timeIntervalSince(published) < 10 {
            try? broker.publish("fleet/rings", "1=0.8 2=0.8 3=0.8")
            shown = try eventually(within: 1) { differingPixels(try capture(display, window), after) == 0 }
        }
        #expect(shown, "a value published after the restart shows within 10 s")
    }

    /// Two kiosks on one broker: one `mosquitto_pub` moves both; each says it is online (retained),
    /// takes lines for itself alone on STATUS/set, and when one is killed the broker says it is
    /// offline within 1.5 keepalives.
    @Test(.enabled(if: ready, why))
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
        #expect(eventually(within: 10) { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""state":"online""#) == true })
        #expect(eventually(within: 10) { ((try? broker.retained("screens/floor")) ?? nil)?.contains(#""state":"online""#) == true })
        let status = try broker.retained("screens/lobby") ?? ""
        #expect(status.contains(#""client":"lobby""#) && status.contains(#""rings":["Red","Green","Blue"]"#)
                && status.contains(#""version":""#) && status.contains(#""updated":null"#), "\(status)")
        try broker.publish("fleet/rings", "1=0.7 2=0.7 3=0.7")
        let both = try ringsRender("300x300", "0.7,0.7,0.7")
        for (_, window, display) in screens {
            #expect(try settled { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), both) } == 0)
        }
        #expect(eventually(within: 5) { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""updated":"20"#) == true },
                "the first value's time in the status")
        // One screen alone, on its own control topic.
        try broker.publish("screens/floor/set", "1=0.2")
        let floor = try ringsRender("300x300", "0.2,0.7,0.7")
        #expect(try settled { differingPixels(try screens[1].2.screenshot().subview(try screens[1].2.clientArea(of: screens[1].1)), floor) } == 0)
        #expect(differingPixels(try screens[0].2.screenshot().subview(try screens[0].2.clientArea(of: screens[0].1)), both) == 0, "the lobby unmoved")
        // Killed: the broker's last will says offline within 1.5 keepalives (7.5 s).
        kill(screens[0].0.processIdentifier, SIGKILL)
        let killed = Date()
        #expect(eventually(within: 12) { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""state":"offline""#) == true })
        #expect(Date().timeIntervalSince(killed) < 7.5 + 2.5, "offline after \(Date().timeIntervalSince(killed)) s (7.5 s and the check's own time)")
        // Stopped cleanly: it says offline itself.
        screens[1].0.terminate()
        screens[1].0.waitUntilExit()
        #expect(((try? broker.retained("screens/floor")) ?? nil)?.contains(#""state":"offline""#) == true)
    }

    /// A screen with a client id of its own keeps its session: what was published at QoS 1 while it
    /// was away (killed, restarted) shows when it is back, though nothing was retained.
    @Test(.enabled(if: ready, why))
    func aScreenThatWasAwayGetsWhatWasPublishedMeanwhile() throws {
        let broker = try Broker()
        let config = try broker.screenConfig("kept", mqtt: """
            url = "\(broker.url)"
            topic = "fleet/rings"
            client-id = "kept-\(getpid())"
            """)
        let display = try VirtualDisplay()
        var (process, window) = try display.launchRings(["--config", config]) { _ in }
        #expect(eventually(within: 10) { broker.log.contains("kept-\(getpid())") }, "connected")
        usleep(500_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try broker.publish("fleet/rings", "1=0.4 2=0.4 3=0.4")
        (process, window) = try display.launchRings(["--config", config]) { _ in }
        defer { if process.isRunning { process.terminate() } }
        #expect(try settled { differingPixels(try capture(display, window), try ringsRender("300x300", "0.4,0.4,0.4")) } == 0)
    }
}

import Foundation
import RingsRaster
import Testing
import TestSupport

/// The fleet of docs/mqtt.md, as written there: its mosquitto.conf, access list, screen config and
/// mosquitto_pub lines, on a real broker with TLS and passwords, and two kiosks.
@Suite(.serialized) struct MQTTFleetTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && !Broker.missing && !Broker.missingTLSTools
    static let why: Comment = "needs the display tools, mosquitto and openssl (make test installs them)"

    static let page = (try? String(contentsOfFile: checkoutRoot + "/docs/mqtt.md", encoding: .utf8)) ?? ""

    /// docs/mqtt.md's code block whose first line is `first`.
    static func block(_ first: String) throws -> String {
        guard let start = page.range(of: "\n" + first + "\n"), let end = page.range(of: "```", range: start.upperBound..<page.endIndex) else {
            throw BrokerError("docs/mqtt.md has no block starting \(first)")
        }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// docs/mqtt.md's mosquitto.conf and access list, with `users` and their passwords.
    static func security(users: [String: String]) throws -> BrokerSecurity {
        let conf = try block("# /etc/mosquitto/conf.d/fleet.conf"), acl = try block("# /etc/mosquitto/acl")
        return BrokerSecurity(listener: { directory, port in
            // The test broker's own config says per_listener_settings.
            conf.replacingOccurrences(of: "per_listener_settings true\n", with: "")
                .replacingOccurrences(of: "listener 8883", with: "listener \(port) 127.0.0.1")
                .replacingOccurrences(of: "/etc/mosquitto/certs/", with: directory + "/")
                .replacingOccurrences(of: "/etc/mosquitto/", with: directory + "/")
        }, acl: acl, users: users)
    }

    /// docs/mqtt.md's command lines that start with `start`, in order.
    static func commands(_ start: String) -> [String] {
        page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(start) }
    }

    /// The page's lines do what it says: one moves both screens, one the floor alone, the commands
    /// reach the lobby; a screen's own login can neither move the fleet nor command another screen.
    @Test(.needs(ready, why))
    func theDocumentedFleetMovesTwoScreensWithOneLine() throws {
        let screenConfig = try Self.block("# /etc/rings/lobby.toml (the floor's is the same with floor for lobby)")
        let users = ["lobby": "lobby-pw", "floor": "floor-pw", "feeder": "feeder-pw"]
        let broker = try Broker(security: try Self.security(users: users))
        var screens: [(process: Process, window: String, display: VirtualDisplay)] = []
        for name in ["lobby", "floor"] {
            let config = screenConfig.replacingOccurrences(of: "broker.example:8883", with: "localhost:\(broker.tlsPort)")
                .replacingOccurrences(of: "fullscreen = true", with: "theme = \"flat\"\nchrome = \"none\"\nintro = false\nduration = 0.1\nprogress = [0.1, 0.1, 0.1]")
                .replacingOccurrences(of: "lobby", with: name)
            let path = "\(broker.directory)/\(name).toml"
            try Data(config.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.copyItem(atPath: "\(broker.directory)/\(name).pw", toPath: "\(broker.directory)/\(name).password")
            let display = try VirtualDisplay()
            let (process, window) = try display.launchRings(["--config", path])
            screens.append((process, window, display))
        }
        defer { for screen in screens where screen.process.isRunning { screen.process.terminate() } }
        // A kiosk fills its screen: what it shows is compared with a render of that size.
        func shows(_ index: Int, _ values: String) throws -> Bool {
            let (_, window, display) = screens[index]
            let area = try display.clientArea(of: window)
            let expected = try ringsRender("\(area.width)x\(area.height)", values)
            return try settled(within: 30) { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), expected) } == 0
        }
        // Whether a screen shows black alone (it is off).
        func black(_ index: Int) throws -> Bool {
            let (_, window, display) = screens[index]
            return isBlack(try display.screenshot().subview(try display.clientArea(of: window)))
        }
        for name in ["lobby", "floor"] {
            #expect(eventually(within: 60) { ((try? broker.retained("screens/\(name)")) ?? nil)?.contains(#""state":"online""#) == true }, "\(name)")
        }
        // The page's lines are not retained: they are sent once both screens have subscribed.
        try broker.awaitSubscription(to: "fleet/rings", beyond: 1)
        for name in ["lobby", "floor"] {
            try broker.awaitSubscription(to: "screens/\(name)/set")
            try broker.awaitSubscription(to: "screens/\(name)/cmd")
        }
        // The page's lines, against this broker.
        let lines = Self.commands("mosquitto_pub -h broker.example").map {
            $0.replacingOccurrences(of: "broker.example", with: "localhost").replacingOccurrences(of: "-p 8883", with: "-p \(broker.tlsPort)")
                .replacingOccurrences(of: "--cafile ca.crt", with: "--cafile \(broker.directory)/ca.crt")
        }
        try #require(lines.count == 4, "\(lines)")
        func run(_ line: String, as user: String = "feeder") throws -> RunResult {
            try runProgram("/bin/sh", ["-c", line.replacingOccurrences(of: "-u feeder", with: "-u \(user)")],
                           environment: ["FEEDER_PASSWORD": "\(user)-pw", "PATH": "/usr/bin:/bin"], timeout: 20)
        }
        let all = try run(lines[0])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try shows(0, "0.72,1.35,0.48") && (try shows(1, "0.72,1.35,0.48")), "one line moves both screens")
        #expect(try run(lines[1]).status == 0)
        #expect(try shows(1, "0.2,1.35,0.48"), "the floor alone")
        // A screen's login cannot move the fleet, nor another screen. The lobby's lines go first and
        // the feeder's next line after them: once it shows, each screen has had whatever the lobby's
        // did, and ring 1 shows that neither they nor the floor's line above moved the lobby.
        _ = try run(lines[0].replacingOccurrences(of: "1=0.72", with: "1=0.99"), as: "lobby")
        _ = try run(lines[1].replacingOccurrences(of: "1=0.2", with: "1=0.99"), as: "lobby")
        #expect(try run(lines[0].replacingOccurrences(of: "1=0.72 2=135% 3=48%", with: "3=0.5")).status == 0)
        #expect(try shows(0, "0.72,1.35,0.5") && (try shows(1, "0.2,1.35,0.5")), "a screen's login wrote nothing")
        // Commands: the page's identify and off for the lobby; a screen's login cannot command another.
        #expect(try run(lines[2]).status == 0)
        _ = try run(lines[3].replacingOccurrences(of: "screens/lobby", with: "screens/floor"), as: "lobby")
        #expect(try run(lines[3]).status == 0)
        #expect(try eventually(within: 30) { try black(0) }, "the lobby off: black")
        // The feeder's next line for the floor shows there: the floor had had the lobby's command by
        // then, and is on.
        #expect(try run(lines[1].replacingOccurrences(of: "1=0.2", with: "2=0.5")).status == 0)
        #expect(try shows(1, "0.2,0.5,0.5"), "the floor on, untouched by the lobby's login")
        // The control: the same command from the feeder turns the floor off.
        #expect(try run(lines[3].replacingOccurrences(of: "screens/lobby", with: "screens/floor")).status == 0)
        #expect(try eventually(within: 30) { try black(1) }, "the floor off: black")
        let alive = Self.commands("mosquitto_sub -h broker.example").first.map {
            $0.replacingOccurrences(of: "broker.example", with: "localhost").replacingOccurrences(of: "-p 8883", with: "-p \(broker.tlsPort)")
                .replacingOccurrences(of: "--cafile ca.crt", with: "--cafile \(broker.directory)/ca.crt") + " -C 2 -W 5"
        } ?? ""
        let said = try run(alive).stdout
        #expect(said.contains(#"screens/lobby {"#) && said.contains(#"screens/floor {"#), "\(said)")
    }
}

import Foundation
import RingsRaster
import Testing
import TestSupport

/// Home Assistant's MQTT discovery from the real binary on a real broker, with no Home Assistant:
/// the retained configs are read back and checked against its documented format, the light is
/// driven with the commands its templates render, availability follows a SIGKILL, and turning
/// discovery off empties the configs.
@Suite(.serialized) struct HomeAssistantTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && !Broker.missing
    static let why: Comment = "needs the display tools and mosquitto (make test installs them)"

    /// A lobby screen's config: three named rings, a 5 s keepalive, `discovery` as given.
    func config(_ broker: Broker, discovery: Bool) throws -> String {
        let path = "\(broker.directory)/lobby-\(discovery).toml"
        let text = """
            theme = "flat"
            size = "300x300"
            duration = 0.1
            chrome = "none"
            intro = false
            [[ring]]
            name = "Move"
            [[ring]]
            name = "运动"
            [[ring]]
            name = "Stand"
            [mqtt]
            url = "\(broker.url)"
            topic = "fleet/rings"
            client-id = "lobby"
            keepalive = 5
            status-topic = "screens/lobby"
            discovery = \(discovery)
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every retained message under `filters` (what a new subscriber gets at once), by topic.
    func retainedAll(_ broker: Broker, _ filters: String...) throws -> [String: [String: Any]] {
        let topics: [String] = filters.flatMap { ["-t", $0] }
        let result = try runProgram(which("mosquitto_sub")!, ["-p", "\(broker.port)", "-h", "127.0.0.1"] + topics + ["-v", "--retained-only"], timeout: 2)
        var found: [String: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let json = (try? JSONSerialization.jsonObject(with: Data(line[line.index(after: space)...].utf8))) as? [String: Any]
            found[String(line[..<space])] = json ?? [:]
        }
        return found
    }

    func capture(_ display: VirtualDisplay, _ window: String) throws -> Pixmap {
        try display.screenshot().subview(try display.clientArea(of: window))
    }

    /// The sum of every pixel's channels: a frame dimmed to b sums to b times the whole one.
    func light(_ pixmap: Pixmap) -> Double {
        var sum = 0.0
        for y in 0..<pixmap.height { for x in 0..<pixmap.width { let p = pixmap[x, y]; sum += Double(p.r) + Double(p.g) + Double(p.b) } }
        return sum
    }

    /// The retained configs say a device with a sensor per ring, a light and two buttons, in Home
    /// Assistant's format; values and light commands on the broker show on screen and in the state.
    @Test(.needs(ready, why))
    func theScreenAppearsAsADeviceWithASensorPerRingAndALightThatDimsIt() throws {
        let broker = try Broker()
        let display = try VirtualDisplay()
        let (process, window) = try display.launchRings(["--config", try config(broker, discovery: true)])
        defer { if process.isRunning { process.terminate() } }
        let topics = ["sensor/lobby/ring1", "sensor/lobby/ring2", "sensor/lobby/ring3", "light/lobby/screen", "button/lobby/identify", "button/lobby/reload"]
            .map { "homeassistant/\($0)/config" }
        var configs: [String: [String: Any]] = [:]
        #expect(eventually(within: 60) { configs = (try? retainedAll(broker, "homeassistant/#")) ?? [:]; return configs.count == topics.count })
        #expect(Set(configs.keys) == Set(topics), "\(configs.keys.sorted())")
        let version = try runProgram(ringsBinary, ["--version"], timeout: 20).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // What every entity shares: its device, its availability, an id of its own.
        let ids = configs.values.compactMap { $0["unique_id"] as? String }
        #expect(Set(ids).count == topics.count, "a unique_id each: \(ids)")
        for (topic, config) in configs {
            let device = config["device"] as? [String: Any] ?? [:]
            #expect(device["identifiers"] as? [String] == ["lobby"] && device["name"] as? String == "lobby" && device["model"] as? String == "rings"
                    && version.hasSuffix(device["sw_version"] as? String ?? "?"), "\(topic): \(device) (\(version))")
            if topic.contains("/sensor/") {
                // A ring's sensor: available while the screen is online and its value is not stale.
                let availability = config["availability"] as? [[String: Any]] ?? []
                #expect(config["availability_mode"] as? String == "all" && config["availability_topic"] == nil
                        && availability.map { $0["topic"] as? String } == ["screens/lobby", "screens/lobby/state"]
                        && availability.first?["value_template"] as? String == "{{ value_json.state }}", "\(topic): \(config)")
            } else {
                #expect(config["availability_topic"] as? String == "screens/lobby" && config["availability_template"] as? String == "{{ value_json.state }}"
                        && config["payload_available"] as? String == "online" && config["payload_not_available"] as? String == "offline", "\(topic)")
            }
            #expect((config["name"] as? String)?.isEmpty == false, "\(topic)")
        }
        // A sensor per ring, named as the ring, its value in % from the state topic.
        for (index, name) in ["Move", "运动", "Stand"].enumerated() {
            let sensor = configs["homeassistant/sensor/lobby/ring\(index + 1)/config"] ?? [:]
            #expect(sensor["name"] as? String == name && sensor["unit_of_measurement"] as? String == "%"
                    && sensor["state_topic"] as? String == "screens/lobby/state" && sensor["state_class"] as? String == "measurement")
            #expect(sensor["value_template"] as? String == "{{ value_json.percent[\(index)] if value_json.percent | length > \(index) else none }}")
            let stale = (sensor["availability"] as? [[String: Any]])?.last?["value_template"] as? String
            let flag = { (list: String) in "(value_json.\(list) | default([]))[\(index)] | default(false)" }
            #expect(stale == "{{ 'offline' if \(flag("stale")) and not \(flag("kept")) else 'online' }}",
                    "\(stale ?? "")")
        }
        // The values and commands below are not retained: they are published once the screen has subscribed.
        try broker.awaitSubscription(to: "fleet/rings")
        try broker.awaitSubscription(to: "screens/lobby/cmd")
        try broker.publish("fleet/rings", "1=0.72 2=135%")
        var state: [String: Any] = [:]
        #expect(eventually(within: 30) { state = (try? retainedAll(broker, "screens/lobby/state"))?.values.first ?? [:]; return (state["percent"] as? [Any])?.count == 3
                && (state["percent"] as? [Any])?.first as? Double == 72 })
        let percent = state["percent"] as? [Any] ?? []
        #expect(percent.count == 3 && percent[1] as? Double == 135 && percent[2] is NSNull, "the waiting ring is null (unknown): \(percent)")
        #expect(state["stale"] as? [Bool] == [false, false, false], "\(state)")
        // The light: Home Assistant renders its templates into these commands.
        let lamp = configs["homeassistant/light/lobby/screen/config"] ?? [:]
        #expect(lamp["schema"] as? String == "template" && lamp["command_topic"] as? String == "screens/lobby/cmd"
                && lamp["state_topic"] as? String == "screens/lobby/state"
                && lamp["state_template"] as? String == "{{ 'on' if value_json.screen == 'on' and value_json.brightness > 0 else 'off' }}"
                && lamp["command_off_template"] as? String == #"{"screen": "off"{% if transition is defined %}, "transition": {{ transition }}{% endif %}}"#)
        #expect((lamp["command_on_template"] as? String)?.contains(#"{% if flash is defined %}, "flash": "{{ flash }}"{% endif %}}"#) == true)
        #expect((lamp["command_on_template"] as? String)?.contains(#"{"screen": "on"{% if brightness is defined %}, "brightness": {{ (brightness / 255) | round(3) }}"#) == true)
        let whole = try ringsRender("300x300", "0.72,1.35,0")
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), whole) } == 0)
        try broker.publish("screens/lobby/cmd", #"{"screen": "on", "brightness": 0.502}"#)  // brightness 128 of 255
        #expect(try eventually(within: 30) { abs(light(try capture(display, window)) / light(whole) - 0.502) < 0.01 }, "dimmed to 128/255")
        var dimmed: [String: Any] = [:]
        #expect(eventually(within: 30) { dimmed = (try? retainedAll(broker, "screens/lobby/state"))?.values.first ?? [:]; return dimmed["brightness"] as? Double == 0.502 },
                "acknowledged: brightness_template gives 128 back")
        try checkPicture(DeviceCard(configs: configs, state: dimmed), version: version)
        try broker.publish("screens/lobby/cmd", #"{"screen": "off"}"#)
        #expect(try eventually(within: 30) { light(try capture(display, window)) == 0 }, "off: black")
        #expect(eventually(within: 30) { ((try? retainedAll(broker, "screens/lobby/state"))?.values.first?["screen"] as? String) == "off" })
        // Killed: the broker's last will on the availability topic says offline (when the connection
        // ends, at the latest after 1.5 keepalives).
        kill(process.processIdentifier, SIGKILL)
        #expect(eventually(within: 60) { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""state":"offline""#) == true })
        // Discovery turned off: the next start empties every config (Home Assistant removes the entities).
        // The screen's status comes in the same read: the read worked, and the screen is back.
        let (again, _) = try display.launchRings(["--config", try config(broker, discovery: false)])
        defer { if again.isRunning { again.terminate() } }
        var kept: [String: [String: Any]] = [:]
        #expect(eventually(within: 60) {
            kept = (try? retainedAll(broker, "homeassistant/#", "screens/lobby")) ?? [:]
            return kept["screens/lobby"]?["state"] as? String == "online" && !kept.keys.contains { $0.hasPrefix("homeassistant/") }
        }, "emptied: \(kept.keys.sorted())")
    }

    /// docs/mqtt.md's picture of the device is what these payloads draw, compared with the stored
    /// file. RECORD_GOLDENS=1 draws it again, and the test fails saying so: a recording proves nothing.
    /// `test` is the calling test's name, for the line that says how to draw it again.
    func checkPicture(_ card: DeviceCard, version: String, test: String = #function) throws {
        let path = checkoutRoot + "/Assets/Pictures/home-assistant.svg"
        let drawn = card.svg
        let name = test.prefix { $0 != "(" }
        let again = "RECORD_GOLDENS=1 swift test --filter \(Self.self)/\(name)"
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try Data(drawn.utf8).write(to: URL(fileURLWithPath: path))
            Issue.record("recorded \(path); run again without RECORD_GOLDENS")
        }
        let kept = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // The version moves with every release; the picture's does not need to.
        let number = String(version.split(separator: " ").last ?? "")
        let release = try NSRegularExpression(pattern: "rings [0-9]+\\.[0-9]+\\.[0-9]+ by")
        func unversioned(_ text: String) -> String {
            release.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "rings VERSION by")
        }
        #expect(drawn.contains("rings \(number) by") && unversioned(drawn) == unversioned(kept),
                "the picture differs from \(path); if the change is intended: \(again)")
    }

    /// Discovery without a client id and a status topic is refused by check-config, in one line.
    @Test(.needs(!Broker.missing, "needs mosquitto_sub"))
    func discoveryNeedsALastingIDAndAStatusTopic() throws {
        let path = NSTemporaryDirectory() + "rings-discovery-\(getpid()).toml"
        try Data("[mqtt]\nurl = \"mqtt://127.0.0.1\"\ntopic = \"t\"\ndiscovery = true\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runProgram(ringsBinary, ["check-config", path], timeout: 20)
        #expect(result.status != 0 && result.stderr.contains("discovery needs client-id") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

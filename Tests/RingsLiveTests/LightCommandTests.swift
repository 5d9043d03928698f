import Foundation
import Rings
import RingsLive
import Testing
import TestSupport

/// Home Assistant's light, as its templates drive the screen: what the screen draws is what Home
/// Assistant shows of it.
extension BrokerCommandTests {
    /// Dimmed to 0 (Home Assistant shows "off"), then turned on or toggled (it sends `"screen": "on"`
    /// alone): the screen comes back at the brightness it had, and the state says it is on.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func onAloneBringsAScreenDimmedToNothingBack() throws {
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return state() != nil })
        try command(#"{"brightness": 0.6}"#)
        #expect(eventually { frame(after: 1.1)?.brightness == 0.6 })
        try command(#"{"brightness": 0}"#)
        #expect(eventually { frame(after: 1.1)?.brightness == 0 })
        #expect(eventually { state()?["brightness"] as? Double == 0 }, "Home Assistant shows it off")
        try command(#"{"screen": "on"}"#)
        #expect(eventually { frame(after: 1.1)?.brightness == 0.6 }, "back at 0.6, not black")
        #expect(eventually { state()?["brightness"] as? Double == 0.6 && state()?["screen"] as? String == "on" },
                "\(state() ?? [:])")
    }

    /// `"screen": "off"` with a transition fades to black over it (as docs/mqtt.md says), and only
    /// then is the display switched off; without one it goes dark at once.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"))
    func offWithATransitionFadesFirst() throws {
        defer { screen.stop() }
        #expect(eventually { _ = frame(); return state() != nil })
        try command(#"{"screen": "off", "transition": 4}"#)
        #expect(eventually { frame(after: 0.1)?.brightness ?? 0 < 1 }, "the fade has begun")
        let halfway = frame(after: 1.9)?.brightness ?? 0
        #expect(halfway > 0.2 && halfway < 0.8 && !screen.displayOff && screen.wantsFrames,
                "half dark 2 s in: \(halfway)")
        #expect(frame(after: 2.1)?.brightness == 0 && screen.displayOff && !screen.wantsFrames,
                "dark and off after 4 s")
        #expect(eventually { state()?["screen"] as? String == "off" })
        try command(#"{"screen": "on", "transition": 0}"#)
        #expect(eventually { frame()?.brightness == 1 })
        try command(#"{"screen": "off"}"#)
        #expect(eventually { frame()?.brightness == 0 && screen.displayOff }, "at once without a transition")
    }
}

extension BrokerCommandTests {
    /// The light's templates, rendered by Jinja2 as Home Assistant renders them, over the state the
    /// screen says after each command: Home Assistant shows it on exactly when the screen draws
    /// something, at the brightness it draws within one of its 255 steps, and never at 0 while on
    /// (it ignores 0, and went on showing 255 for a screen drawn black at 0.001).
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"),
          .needs(Jinja.missing == nil, "needs python3-jinja2 (make test installs it)"))
    func homeAssistantShowsWhatTheScreenDraws() throws {
        defer { screen.stop() }
        let discovery = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "lobby",
                                              statusTopic: "screens/lobby", discovery: true)
        let discovered = discovery.discoveryConfigs(names: ["Move"])
        let lamp = try #require(discovered["homeassistant/light/lobby/screen/config"])
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(lamp.utf8)) as? [String: Any])
        let templates = try ["state_template", "brightness_template"].map { try #require(fields[$0] as? String) }
        #expect(eventually { _ = frame(); return state() != nil })
        // Each command, the brightness drawn, and the brightness and screen the state says.
        let steps: [(command: String, drawn: Double, brightness: Double, screen: String)] = [
            (#"{"brightness": 0.001}"#, 0.001, 0.001, "on"), (#"{"brightness": 0.5}"#, 0.5, 0.5, "on"),
            (#"{"brightness": 0}"#, 0, 0, "on"), (#"{"screen": "on"}"#, 0.5, 0.5, "on"),
            (#"{"screen": "off"}"#, 0, 0.5, "off"), (#"{"screen": "on", "brightness": 1}"#, 1, 1, "on"),
        ]
        for (command, drawn, brightness, screenWord) in steps {
            try self.command(command)
            #expect(eventually { frame(after: 1.1)?.brightness == drawn }, "\(command): drawn at \(drawn)")
            #expect(eventually {
                state()?["brightness"] as? Double == brightness && state()?["screen"] as? String == screenWord
            },
                    "\(command): said \(state() ?? [:])")
            let payload = try #require(try broker.retained("screens/lobby/state"))
            let shown = try Jinja.render(templates, payload: payload)
            #expect(shown[0] == (drawn > 0 ? "on" : "off"),
                    "\(command): Home Assistant shows it \(shown[0]); drawn at \(drawn)")
            if drawn > 0 {
                let level = Double(shown[1]) ?? -1
                #expect(level >= 1 && abs(level / 255 - drawn) < 1.0 / 255,
                        "\(command): Home Assistant shows \(level); drawn at \(drawn)")
            }
        }
    }
}

import Foundation
import Rings
import RingsLive
import Testing
import TestSupport

/// Home Assistant's sensors for a screen that starts with the values its state file kept.
extension BrokerCommandTests {
    /// After a restart each sensor shows its ring's kept value with its age (the screen shows it,
    /// marked stale with its age), not "unavailable" until a new value comes; a ring without a kept
    /// value is unknown; a new value is no longer kept, and young.
    @Test(.needs(!Broker.missing, "needs mosquitto (make test installs it)"),
          .needs(Jinja.missing == nil, "needs python3-jinja2 (make test installs it)"))
    func keptValuesShowInHomeAssistantWithTheirAge() throws {
        screen.stop()
        let kept = Date().timeIntervalSince1970.rounded(.down) - 120
        let rings: [ValueMemory.Entry] = [.init(name: "Move", value: 0.4, time: kept),
                                          .init(name: "Exercise", value: nil, time: nil),
                                          .init(name: "Stand", value: nil, time: nil)]
        let memory = ValueMemory(rings: rings)
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"], clientID: "kept",
                                             statusTopic: "screens/kept", discovery: true)
        var options = LiveScreen.Options(theme: .standard, values: [0, 0, 0],
                                         spec: .tween(duration: 0.1, curve: .linear), chrome: false, mqtt: settings)
        options.startsEmpty = true
        options.remembered = memory
        options.staleAfter = 60
        let kiosk = LiveScreen(options: options, glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }) { _ in })
        kiosk.start(on: loop, stats: FrameStats(), wake: {})
        defer { kiosk.stop() }
        let sensor = try #require(settings.discoveryConfigs(names: ["Move", "Exercise", "Stand"])
            .first { $0.key.hasSuffix("/sensor/kept/ring1/config") }?.value)
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(sensor.utf8)) as? [String: Any])
        let lists = fields["availability"] as? [[String: Any]]
        let availability = try #require(lists?.last?["value_template"] as? String)
        let templates = try [#require(fields["value_template"] as? String), availability,
                             #require(fields["json_attributes_template"] as? String)]
        #expect(eventually {
            _ = frame(of: kiosk)
            return ((try? broker.retained("screens/kept/state")) ?? nil) != nil
        })
        // What Home Assistant shows: the value, the availability, the attributes.
        var shown: (value: Double?, available: String, attributes: [String: Any]) = (nil, "", [:])
        func show() throws {
            let rendered = try Jinja.render(templates, payload: try #require(try broker.retained("screens/kept/state")))
            let attributes = try JSONSerialization.jsonObject(with: Data(rendered[2].utf8)) as? [String: Any]
            shown = (Double(rendered[0]), rendered[1], attributes ?? [:])
        }
        try show()
        #expect(shown.value == 40 && shown.available == "online", "the kept value, available: \(shown)")
        let age = shown.attributes["age"] as? Int ?? -1
        #expect(age >= 120 && age < 180 && shown.attributes["kept"] as? Bool == true
                && shown.attributes["stale"] as? Bool == true, "its age and that it is kept: \(shown)")
        try broker.publish("fleet/rings", "1=0.55")
        #expect(try eventually {
            _ = frame(of: kiosk, after: 1.1)
            try show()
            return shown.value == 55 && shown.attributes["kept"] as? Bool == false
        }, "a new value: \(shown)")
        #expect(shown.available == "online" && shown.attributes["stale"] as? Bool == false
                && shown.attributes["age"] as? Int ?? 99 < 10, "\(shown)")
    }
}

import FoundationEssentials
import RingsBase
import Glibc
import Rings

/// Home Assistant's MQTT discovery for a screen (`[mqtt] discovery = true`): retained configs under
/// `PREFIX/COMPONENT/NODE/OBJECT/config` that make the screen a device (named by its client id,
/// model "rings") with a sensor per ring (its value in %), a light for the screen (on, off and
/// brightness, as `STATUS-TOPIC/cmd` commands) and buttons to identify it and reload its config.
/// Every entity is available while the status topic says `online`.
extension MQTTFeed.Settings {
    /// The device's id in discovery topics and unique ids: the client id when it is made of the
    /// letters Home Assistant's node ids allow (A-Z, a-z, 0-9, _ and -) and does not end as a made
    /// one does; otherwise those letters with `_` for the others, `_` and twelve hex digits of the
    /// whole id, so that two ids never share one (`lobby.1` and `lobby_1`, 大堂 and 餐厅, 大堂 and
    /// the id `___6894991c41bd` that is 大堂's node id).
    public var nodeID: String {
        guard let legacyNodeID else { return clientID }
        return legacyNodeID + "_" + String(cFormat: "%016llx", fnv1a64(clientID)).prefix(12)
    }

    /// The node id this screen had before (the id's allowed letters, `_` for the others) when it is
    /// not its node id now: what is published there for this device is emptied.
    var legacyNodeID: String? {
        let safe = String(clientID.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
        return safe == clientID && !Self.endsAsAMadeNodeID(clientID) ? nil : safe
    }

    /// Whether `id` ends as a made node id does: `_` and twelve lowercase hex digits.
    static func endsAsAMadeNodeID(_ id: String) -> Bool {
        let tail = id.utf8.suffix(13)
        return tail.count == 13 && tail.first == UInt8(ascii: "_")
            && tail.dropFirst().allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Every discovery topic this screen can own: what it finds there that it no longer publishes is emptied.
    public var discoveryFilter: String { "\(discoveryPrefix)/+/\(nodeID)/+/config" }

    /// Where versions before 0.18 published this device's configs, when that is elsewhere.
    var legacyDiscoveryFilter: String? { legacyNodeID.map { "\(discoveryPrefix)/+/\($0)/+/config" } }

    /// The template for ring `index`'s entry in the state's list `list`, `otherwise` where the list
    /// is missing or shorter (a state from an earlier version).
    private func ring(_ list: String, _ index: Int, otherwise: String = "false") -> String {
        "(value_json.\(list) | default([]))[\(index)] | default(\(otherwise))"
    }

    /// The configs, by topic, for rings named `names` (outermost first); none without discovery.
    public func discoveryConfigs(names: [String]) -> [String: String] {
        guard discovery == true, let statusTopic, let commandTopic, let stateTopic else { return [:] }
        let node = nodeID
        let shared: [String: Any] = [
            "device": ["identifiers": [clientID], "name": clientID, "model": "rings", "manufacturer": "rings",
                       "sw_version": ringsVersion] as [String: Any],
            "origin": ["name": "rings", "sw_version": ringsVersion],
            "availability_topic": statusTopic, "availability_template": "{{ value_json.state }}",
            "payload_available": "online", "payload_not_available": "offline", "qos": qos,
        ]
        func config(_ component: String, _ object: String, _ fields: [String: Any]) -> (String, String) {
            var all = shared.merging(fields) { _, own in own }.merging(["unique_id": "\(node)_\(object)"]) { _, id in id }
            // An entity with a list of availabilities has no single one (Home Assistant takes one or the other).
            if fields["availability"] != nil {
                for key in ["availability_topic", "availability_template", "payload_available", "payload_not_available"] { all[key] = nil }
            }
            return ("\(discoveryPrefix)/\(component)/\(node)/\(object)/config", MQTTFeed.json(all))
        }
        var configs = names.enumerated().map { index, name in
            config("sensor", "ring\(index + 1)", [
                "name": name, "state_topic": stateTopic,
                // A state of fewer rings (one taken away, before its config is emptied) is no error.
                "value_template": "{{ value_json.percent[\(index)] if value_json.percent | length > \(index) else none }}",
                "unit_of_measurement": "%", "state_class": "measurement", "suggested_display_precision": 1, "icon": "mdi:circle-slice-8",
                // Unavailable while the screen is away, and while its value is stale (as the screen marks
                // it) but for one kept from the screen's last run: that one is shown, with its age, as
                // the screen shows it, rather than a gap in the history until a new value comes.
                "availability_mode": "all",
                "availability": [
                    ["topic": statusTopic, "value_template": "{{ value_json.state }}"],
                    ["topic": stateTopic, "value_template":
                        "{{ 'offline' if \(ring("stale", index)) and not \(ring("kept", index)) else 'online' }}"],
                ],
                "json_attributes_topic": stateTopic,
                "json_attributes_template": "{{ {'age': \(ring("ages", index, otherwise: "none")), "
                    + "'kept': \(ring("kept", index)), 'stale': \(ring("stale", index))} | tojson }}",
            ])
        }
        configs.append(config("light", "screen", [
            "name": "Screen", "schema": "template", "command_topic": commandTopic, "state_topic": stateTopic,
            "command_on_template": #"{"screen": "on"{% if brightness is defined %}, "brightness": {{ (brightness / 255) | round(3) }}{% endif %}"#
                + #"{% if transition is defined %}, "transition": {{ transition }}{% endif %}{% if flash is defined %}, "flash": "{{ flash }}"{% endif %}}"#,
            "command_off_template": #"{"screen": "off"{% if transition is defined %}, "transition": {{ transition }}{% endif %}}"#,
            // A brightness of 0 is a dark screen: off, as Home Assistant shows a light.
            "state_template": "{{ 'on' if value_json.screen == 'on' and value_json.brightness > 0 else 'off' }}",
            // Home Assistant ignores a brightness of 0 (it keeps the last, 255 say): a screen that is
            // on is at 1 of 255 at least, so that a brightness of 0.001 shows as the dimmest it has.
            "brightness_template": "{{ [(value_json.brightness * 255) | round(0) | int, 1] | max }}",
            "icon": "mdi:monitor",
        ]))
        configs.append(config("button", "identify", [
            "name": "Identify", "command_topic": commandTopic, "payload_press": #"{"identify": 10}"#,
            "device_class": "identify", "entity_category": "config",
        ]))
        configs.append(config("button", "reload", [
            "name": "Reload config", "command_topic": commandTopic, "payload_press": #"{"reload": true}"#,
            "entity_category": "config", "icon": "mdi:file-refresh",
        ]))
        return Dictionary(uniqueKeysWithValues: configs)
    }
}

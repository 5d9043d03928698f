import Foundation

/// The picture docs/mqtt.md shows of a screen in Home Assistant, drawn (as SVG) from what the screen
/// published: its discovery configs and its state, laid out as Home Assistant's device page groups
/// entities (controls, sensors, configuration). Not a screenshot: no Home Assistant runs here.
struct DeviceCard {
    let configs: [String: [String: Any]]
    let state: [String: Any]

    /// The state a config's entity shows, as its templates would read the state message.
    func shown(_ config: [String: Any], component: String) -> String {
        switch component {
        case "sensor":
            let template = config["value_template"] as? String ?? ""
            guard let index = Int(template.split(separator: "[").last?.prefix { $0.isNumber } ?? ""),
                  let values = state["percent"] as? [Any], values.indices.contains(index), let value = values[index] as? Double else { return "Unknown" }
            if let stale = state["stale"] as? [Bool], stale.indices.contains(index), stale[index] { return "Unavailable" }
            return String(format: "%.1f %@", value, config["unit_of_measurement"] as? String ?? "")
        case "light":
            guard state["screen"] as? String == "on" else { return "Off" }
            return "On · \(Int(((state["brightness"] as? Double ?? 1) * 100).rounded())) %"
        default:
            return "Press"
        }
    }

    var svg: String {
        let entities = configs.keys.sorted().map { topic -> (group: String, name: String, shown: String) in
            let component = String(topic.split(separator: "/")[1]), config = configs[topic]!
            let group = config["entity_category"] as? String == "config" ? "Configuration" : component == "sensor" ? "Sensors" : "Controls"
            return (group, config["name"] as? String ?? "?", shown(config, component: component))
        }
        let device = configs.values.first?["device"] as? [String: Any] ?? [:]
        var rows: [String] = []
        var y = 96
        for group in ["Controls", "Sensors", "Configuration"] {
            let members = entities.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            rows.append(#"<text x="24" y="\#(y)" class="group">\#(group)</text>"#)
            y += 30
            for entity in members {
                rows.append(#"<text x="40" y="\#(y)">\#(escaped(entity.name))</text><text x="456" y="\#(y)" class="value">\#(escaped(entity.shown))</text>"#)
                y += 28
            }
            y += 12
        }
        let title = escaped(device["name"] as? String ?? "?")
        let model = escaped("\(device["model"] as? String ?? "?") \(device["sw_version"] as? String ?? "") by \(device["manufacturer"] as? String ?? "?")")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="480" height="\(y + 8)" viewBox="0 0 480 \(y + 8)" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="16">
            <style>text { fill: #e1e1e1 } .group { fill: #9b9b9b; font-size: 14px; font-weight: bold } .value { text-anchor: end; fill: #03a9f4 } .title { font-size: 22px }</style>
            <rect width="480" height="\(y + 8)" rx="12" fill="#1c1c1c"/>
            <text x="24" y="38" class="title">\(title)</text>
            <text x="24" y="62" class="group">\(model)</text>
            \(rows.joined(separator: "\n"))
            </svg>

            """
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

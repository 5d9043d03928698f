import Foundation

/// Home Assistant's templates rendered as Home Assistant renders them (Jinja2: Debian's
/// python3-jinja2, run by Debian's own Python), over an MQTT payload given as `value_json`.
public enum Jinja {
    static let python = "/usr/bin/python3"

    /// Why templates cannot be rendered here, or nil.
    public static let missing: String? = {
        guard let result = try? runProgram(python, ["-c", "import jinja2"], timeout: 30) else { return "no \(python)" }
        return result.status == 0 ? nil : "needs python3-jinja2 (make test installs it)"
    }()

    /// Each of `templates` rendered with `value_json` the JSON of `payload`, trimmed.
    public static func render(_ templates: [String], payload: String) throws -> [String] {
        let script = """
            import jinja2, json, sys
            templates, payload = json.loads(sys.argv[1]), json.loads(sys.argv[2])
            environment = jinja2.Environment()
            print(json.dumps([environment.from_string(t).render(value_json=payload).strip() for t in templates]))
            """
        let list = String(decoding: try JSONSerialization.data(withJSONObject: templates), as: UTF8.self)
        let result = try runProgram(python, ["-c", script, list, payload], timeout: 30)
        let output = Data(result.stdout.utf8)
        guard result.status == 0, let rendered = try JSONSerialization.jsonObject(with: output) as? [String] else {
            throw TestFailure("jinja2: \(result.stderr)")
        }
        return rendered
    }
}

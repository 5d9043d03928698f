import CTOMLTree

/// Where each key of a TOML file is written, as toml++ read it, for error messages that point at a
/// line.
///
/// Keys are named by their path: `duration`, `kiosk.display`, `ring[2].goal`, `mqtt.schedule[1].at`
/// (items of an array, tables or values, counted from 1), each at the line its value starts on, so
/// that a key inside a table of an array, or an item of an inline array written over several lines,
/// is found where it is. A path with no line of its own falls back to what holds it.
public struct ConfigLines {
    private var lines: [String: Int] = [:]

    init(_ root: toml_tree_node) {
        record(root, path: "")
    }

    /// The line of `path`, else of the nearest key or table that holds it, else 1.
    public func line(of path: String) -> Int {
        var path = Substring(path)
        while true {
            if let line = lines[String(path)] { return line }
            if path.hasSuffix("]"), let open = path.lastIndex(of: "[") {
                path = path[..<open]
                continue
            }
            guard let dot = path.lastIndex(of: ".") else { return 1 }
            path = path[..<dot]
        }
    }

    private mutating func record(_ node: toml_tree_node, path: String) {
        if !path.isEmpty, node.line > 0 { lines[path] = Int(node.line) }
        for index in 0..<node.count {
            let child = node.children[index]
            switch node.kind {
            case TOML_TREE_TABLE:
                let key = String(cString: child.key)
                record(child, path: path.isEmpty ? key : "\(path).\(key)")
            case TOML_TREE_ARRAY:
                record(child, path: "\(path)[\(index + 1)]")
            default:
                break
            }
        }
    }
}

import RingsText
import FoundationEssentials
import Glibc

/// Where each key of a TOML file is written, for error messages that point at a line.
///
/// Keys are named by their path: `duration`, `kiosk.display`, `ring[2].goal` (tables of an array
/// counted from 1). A key not found (written in an inline table, say) falls back to its table's line.
struct ConfigLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = "", counts: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmed
            let number = index + 1
            if line.hasPrefix("[[") {
                let name = Self.key(line.dropFirst(2).prefix { $0 != "]" })
                counts[name, default: 0] += 1
                table = "\(name)[\(counts[name]!)]"
                record(table, number)
            } else if line.hasPrefix("[") {
                table = Self.key(line.dropFirst().prefix { $0 != "]" })
                record(table, number)
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = Self.key(line[..<equals])
                record(table.isEmpty ? key : "\(table).\(key)", number)
            }
        }
    }

    /// The line of `path`, else of the nearest key or table that holds it (`ring[1].thresholds[2]`
    /// is written on the line of `ring[1].thresholds`), else 1.
    func line(of path: String) -> Int {
        var path = Substring(path)
        while true {
            if let line = lines[String(path)] { return line }
            if path.hasSuffix("]"), let open = path.lastIndex(of: "["), lines[String(path[..<open])] != nil {
                path = path[..<open]
                continue
            }
            guard let dot = path.lastIndex(of: ".") else { return 1 }
            path = path[..<dot]
        }
    }

    private mutating func record(_ path: String, _ line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// A key as written, without spaces or quotes round its parts.
    private static func key(_ text: Substring) -> String {
        text.split(separator: ".").map { $0.trimmed.trimmed { $0 == "\"" || $0 == "'" } }
            .joined(separator: ".")
    }
}

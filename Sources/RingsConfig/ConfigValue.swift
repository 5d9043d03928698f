import CTOMLTree
import RingsBase
import FoundationEssentials
import Glibc

/// A value of a config file as TOML writes it, copied out of toml++'s tree (`CTOMLTree`), which is
/// freed whole at once: reading a file again keeps nothing of the last reading.
public indirect enum ConfigValue {
    case string(String), integer(Int), float(Double), boolean(Bool), array([ConfigValue]), table(ConfigTable), dateTime

    public var string: String? { if case let .string(text) = self { text } else { nil } }
    public var int: Int? { if case let .integer(number) = self { number } else { nil } }
    public var double: Double? { if case let .float(number) = self { number } else { nil } }
    public var bool: Bool? { if case let .boolean(flag) = self { flag } else { nil } }
    public var array: [ConfigValue]? { if case let .array(items) = self { items } else { nil } }
    public var table: ConfigTable? { if case let .table(table) = self { table } else { nil } }

    /// What it is, in the words of an error message.
    public var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .float: "a number"
        case .boolean: "true or false"
        case .array: "a list"
        case .table: "a table"
        case .dateTime: "a date or time"
        }
    }

    init(_ node: toml_tree_node) {
        let children = (0..<node.count).map { node.children[$0] }
        switch node.kind {
        case TOML_TREE_STRING: self = .string(String(cString: node.text))
        case TOML_TREE_INTEGER: self = .integer(Int(node.integer))
        case TOML_TREE_FLOAT: self = .float(node.number)
        case TOML_TREE_BOOLEAN: self = .boolean(node.boolean != 0)
        case TOML_TREE_ARRAY: self = .array(children.map(ConfigValue.init))
        case TOML_TREE_TABLE: self = .table(ConfigTable(members: children.map { (String(cString: $0.key), ConfigValue($0)) }))
        default: self = .dateTime
        }
    }
}

/// A TOML table: its keys in the order read, with their values.
public struct ConfigTable: Sequence {
    public let members: [(key: String, value: ConfigValue)]

    public var count: Int { members.count }
    public subscript(key: String) -> ConfigValue? { members.first { $0.key == key }?.value }
    public func makeIterator() -> IndexingIterator<[(key: String, value: ConfigValue)]> { members.makeIterator() }

    /// Why a text is not TOML, and on which line.
    public struct SyntaxError: Error {
        public let line: Int
        public let description: String
    }

    /// The root table of a TOML document, and where each of its keys is written.
    public static func parse(_ text: String) throws(SyntaxError) -> (table: ConfigTable, lines: ConfigLines) {
        var error: UnsafeMutablePointer<CChar>?
        var line: UInt32 = 1
        let root = text.withCString { toml_tree_parse($0, strlen($0), &error, &line) }
        guard let root else {
            defer { free(error) }
            // toml++ echoes the character it stopped at, a line break or a control character too.
            let words = error.map { String(cString: $0) } ?? "cannot be read as TOML"
            throw SyntaxError(line: Swift.max(1, Int(line)), description: words.oneLine)
        }
        defer { toml_tree_free(root) }
        return (ConfigValue(root.pointee).table ?? ConfigTable(members: []), ConfigLines(root.pointee))
    }
}

import FuzzSupport
import RingsConfig

/// A config file's text (`--config FILE.toml`) through toml++ and its copy into Swift values: a
/// tree no larger than the text with every key at a line of it, or one reason in one line at one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let lineCount = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    do {
        let (table, lines) = try ConfigTable.parse(text)
        require(values(in: .table(table)) <= text.utf8.count + 1, "more values than bytes")
        for (key, _) in table {
            let line = lines.line(of: key)
            require((1...lineCount).contains(line), "'\(key)' at line \(line) of \(lineCount)")
        }
    } catch {
        require((1...lineCount).contains(error.line), "the reason's line \(error.line) of \(lineCount)")
        require(isOneLine(error.description), "the reason: \(error.description)")
    }
    return 0
}

/// How many values `value` holds, itself included.
func values(in value: ConfigValue) -> Int {
    switch value {
    case let .array(items): 1 + items.reduce(0) { $0 + values(in: $1) }
    case let .table(table): 1 + table.reduce(0) { $0 + values(in: $1.value) }
    default: 1
    }
}

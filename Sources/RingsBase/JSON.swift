import FoundationEssentials
import Glibc

/// JSON read into plain Swift values and written back, as the themes, presets, feed lines, commands
/// and the broker's messages need it: an object is `[String: Any]`, an array `[Any]`, a number
/// `Double`, then `String`, `Bool`, and `JSON.null` for null.
public enum JSON {
    /// JSON's null, where a value is read or written as one.
    public struct Null: Equatable, Sendable {}
    public static let null = Null()

    /// Why a text is not JSON, in one line.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The value `data` holds (`JSON.parse(Data("{\"a\": [1, true]}".utf8))` is `["a": [1.0, true]]`).
    public static func parse(_ data: Data) throws(Malformed) -> Any {
        if let offset = controlCharacterInString(data) {
            throw Malformed(description: "unescaped control character in a string at byte \(offset)")
        }
        do { return try JSONDecoder().decode(Value.self, from: data).plain } catch let error as DecodingError {
            switch error {
            case let .dataCorrupted(context): throw Malformed(description: reason(context))
            default: throw Malformed(description: "parse error")
            }
        } catch {
            throw Malformed(description: "parse error")
        }
    }

    /// Where a string holds a raw control character (below U+0020), which JSON forbids: found before
    /// the decoder sees it, as Swift 6.0's (Debian 13's, the arm64 build's) stops the process there.
    static func controlCharacterInString(_ data: Data) -> Int? {
        var inString = false, escaped = false
        for (offset, byte) in data.enumerated() {
            if !inString {
                inString = byte == UInt8(ascii: "\"")
            } else if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            } else if byte < 0x20 {
                return offset
            }
        }
        return nil
    }

    /// The decoder's words, with the parser's own underneath where it gives them.
    private static func reason(_ context: DecodingError.Context) -> String {
        let under = context.underlyingError.map { String(describing: $0) } ?? ""
        return under.isEmpty ? context.debugDescription : under
    }

    /// `value` as JSON text, object keys in order and slashes as they are (`{"a":[1,null]}`); a value
    /// of any other type is written as null.
    public static func text(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let object as [String: Any]:
            out += "{"
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                write(key, to: &out); out += ":"; write(object[key]!, to: &out)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (i, element) in array.enumerated() {
                if i > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case let string as String: quote(string, to: &out)
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Double: out += number.isFinite ? plain(number) : "null"
        default: out += "null"
        }
    }

    /// A number as JSON writes it: whole numbers without a point (72, not 72.0).
    private static func plain(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    private static func quote(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// JSON as the decoder reads it.
    private enum Value: Decodable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? single.decode(Double.self) { self = .number(number) }
            else if let string = try? single.decode(String.self) { self = .string(string) }
            else if let array = try? single.decode([Value].self) { self = .array(array) }
            else { self = .object(try single.decode([String: Value].self)) }
        }

        var plain: Any {
            switch self {
            case .null: JSON.null
            case let .bool(flag): flag
            case let .number(number): number
            case let .string(string): string
            case let .array(array): array.map(\.plain)
            case let .object(object): object.mapValues(\.plain)
            }
        }
    }
}

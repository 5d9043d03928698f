import FoundationEssentials

extension StringProtocol {
    /// The text with its control characters written as escapes (\n, \t, \r, \0, \x1B ...), so that
    /// no value echoed in a message can break it in two or forge another line.
    public var oneLine: String {
        guard unicodeScalars.contains(where: isControl) else { return String(self) }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where isControl(scalar):
                out += scalar.value <= 0xFF ? "\\x" + String(cFormat: "%02X", scalar.value)
                    : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// At most `limit` characters of the text, one line (`oneLine`), "..." where it was cut.
    public func clipped(_ limit: Int = 40) -> String {
        (count <= limit ? String(self) : String(prefix(limit - 3)) + "...").oneLine
    }
}

/// C0 and C1 controls, DEL, and the bidirectional controls that would reorder what a terminal
/// shows after them (U+202A-U+202E, U+2066-U+2069).
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
}

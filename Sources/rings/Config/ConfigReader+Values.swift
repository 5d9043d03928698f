import RingsConfig
import RingsBase
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL

/// The config reader's values: each key's value checked for its type and range, a problem
/// said as `FILE:LINE: key: problem` and the key left out.
extension ConfigReader {
    mutating func report(_ key: String, _ problem: String) {
        problems.append(ConfigProblem(file: file, line: lines.line(of: key), key: key, problem: problem))
    }

    /// Runs a check that throws the command line's own errors, noting its message against `key`.
    mutating func check(_ key: String, _ body: () throws -> Void) {
        do { try body() } catch { report(key, "\(error)") }
    }

    /// A string value that `validate` accepts.
    mutating func checked(_ value: ConfigValue, _ key: String, _ validate: (String) throws -> Void) -> String? {
        guard let text = string(value, key) else { return nil }
        do {
            try validate(text)
            return text
        } catch {
            report(key, "\(error)")
            return nil
        }
    }

    mutating func string(_ value: ConfigValue, _ key: String) -> String? {
        guard let text = value.string else { report(key, "must be a string, not \(kind(value))"); return nil }
        return text
    }

    /// A ring's name or unit: a string of at most `RingStyle.longestName` characters.
    mutating func name(_ value: ConfigValue, _ key: String) -> String? {
        guard let text = string(value, key) else { return nil }
        if let problem = RingStyle.nameProblem(text) { report(key, problem); return nil }
        return text
    }

    /// One of an enumeration's names ("auto", "vsync" or "surface").
    mutating func choice<T: RawRepresentable & CaseIterable>(_ value: ConfigValue, _ key: String) -> T? where T.RawValue == String {
        guard let text = string(value, key) else { return nil }
        if let choice = T(rawValue: text) { return choice }
        let names = T.allCases.map { "\"\($0.rawValue)\"" }
        report(key, "must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not \"\(text)\"")
        return nil
    }

    mutating func bool(_ value: ConfigValue, _ key: String) -> Bool? {
        guard let flag = value.bool else { report(key, "must be true or false, not \(kind(value))"); return nil }
        return flag
    }

    mutating func number(_ value: ConfigValue, _ key: String, _ range: ClosedRange<Double>) -> Double? {
        guard let number = value.int.map(Double.init) ?? value.double else { report(key, "must be a number, not \(kind(value))"); return nil }
        guard number.isFinite, range.contains(number) else {
            report(key, "must be from \(plain(range.lowerBound)) to \(plain(range.upperBound)), not \(plain(number))")
            return nil
        }
        return number
    }

    mutating func integer(_ value: ConfigValue, _ key: String, _ range: ClosedRange<Int>) -> Int? {
        guard let number = value.int else { report(key, "must be a whole number, not \(kind(value))"); return nil }
        guard range.contains(number) else { report(key, "must be from \(range.lowerBound) to \(range.upperBound), not \(number)"); return nil }
        return number
    }

    /// Ring values as a list (`[0.72, "135%"]`) or as the command line writes them (`"0.72,135%"`).
    mutating func progress(_ value: ConfigValue, _ key: String) -> [Double]? {
        guard let text = joined(value, { $0.string ?? $0.int.map { "\($0)" } ?? $0.double.map { "\($0)" } }) else { report(key, "must be values such as [0.72, \"135%\"] or \"0.72,135%\""); return nil }
        do { return try RingValues.parse(text) } catch {
            report(key, "\(error)")
            return nil
        }
    }

    /// A list written as the command line writes it: one value as `item` reads it, or a TOML list
    /// of such values joined with commas; nil when a value cannot be read.
    func joined(_ value: ConfigValue, _ item: (ConfigValue) -> String?) -> String? {
        guard let list = value.array else { return item(value) }
        let words = list.map(item)
        return words.contains { $0 == nil } ? nil : words.map { $0! }.joined(separator: ",")
    }

    /// A colour as theme files write it too (`ColorValue`): "#rrggbb", a palette name, or [r, g, b].
    mutating func color(_ value: ConfigValue, _ key: String) -> RGB8? {
        var color: RGB8?
        if let text = value.string {
            color = ColorValue.parse(text)
        } else if let list = value.array {
            let numbers = list.compactMap { $0.int.map(Double.init) }
            color = numbers.count == list.count ? ColorValue.parse(channels: numbers) : nil
        }
        if color == nil { report(key, "must be \(ColorValue.expected)") }
        return color
    }

    /// A number as people write it: 3600, 0.5, 1e+12.
    func plain(_ number: Double) -> String { String(cFormat: "%g", number) }

    func kind(_ value: ConfigValue) -> String { value.kind }

    /// A file's path as the config names it: from the config file's folder unless it starts with /
    /// (a bare name too: `feed = "office.fifo"` is beside the config).
    func besideConfig(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path).path
    }

    /// A theme in the file: a path from the file's folder unless absolute; a built-in theme's name stays a name.
    func themeBesideConfig(_ nameOrPath: String) -> String {
        ThemeFile.isPath(nameOrPath) ? besideConfig(nameOrPath) : nameOrPath
    }
}

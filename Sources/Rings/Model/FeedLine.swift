import RingsBase
import FoundationEssentials
import Glibc

/// One line of a data feed, parsed: which rings get which values.
///
/// A line sets one or more rings by 1-based index or by name, as `1=0.72 2=135% stand=430/600`, or as
/// a JSON object `{"move": 0.72, "stand": "430/600"}`. Values are fractions (0.72), percentages (72%)
/// or value/goal (430/600). Values are clamped to 0 ... 10 laps; what cannot be read is rejected with
/// a reason, and the line as a whole is refused (no half-applied lines).
public enum FeedLine {
    /// Why a line was refused; `kind` groups problems for rate-limited logging.
    public struct Rejection: Error, Equatable, CustomStringConvertible {
        /// What kind of problem it was (each kind is logged at most once a minute).
        public enum Kind: String, Sendable { case empty, tooLong, notText, syntax, unknownRing, badValue }
        public let kind: Kind
        public let reason: String
        public var description: String { reason }
        public init(kind: Kind, reason: String) { self.kind = kind; self.reason = reason }
    }

    /// The longest line read; longer ones are refused whole.
    public static let maximumLength = 4096

    /// The ring updates a line asks for, as (ring index, value), or why it cannot be used.
    /// `names` are the rings' names (matched without regard to case).
    /// `goals[i]`, when set, makes a plain number for ring i an amount of that goal (430 of 600).
    public static func parse(_ bytes: some Collection<UInt8>, names: [String], goals: [Double?] = []) -> Result<[(ring: Int, value: Double)], Rejection> {
        guard bytes.count <= maximumLength else {
            return .failure(Rejection(kind: .tooLong, reason: "line of \(bytes.count) bytes is longer than \(maximumLength)"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Rejection(kind: .notText, reason: "line is not UTF-8 text"))
        }
        return parse(text, names: names, goals: goals)
    }

    public static func parse(_ line: String, names: [String], goals: [Double?] = []) -> Result<[(ring: Int, value: Double)], Rejection> {
        // A byte-order mark (what Notepad and PowerShell put before a file's first line) is no part of a line.
        let unmarked = line.unicodeScalars.first == "\u{FEFF}" ? String(line.unicodeScalars.dropFirst()) : line
        let text = unmarked.trimmed
        guard !text.isEmpty else { return .failure(Rejection(kind: .empty, reason: "empty line")) }
        guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" }) else {
            return .failure(Rejection(kind: .notText, reason: "line holds control characters"))
        }
        let pairs: [(key: String, value: String)]
        if text.hasPrefix("{") {
            switch jsonPairs(text) {
            case let .success(found): pairs = found
            case let .failure(rejection): return .failure(rejection)
            }
        } else {
            var found: [(String, String)] = []
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) {
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    return .failure(Rejection(kind: .syntax, reason: "'\(word.clipped())' is not ring=value"))
                }
                found.append((String(parts[0]), String(parts[1])))
            }
            pairs = found
        }
        guard !pairs.isEmpty else { return .failure(Rejection(kind: .syntax, reason: "no ring=value in the line")) }
        var updates: [(ring: Int, value: Double)] = []
        for (key, raw) in pairs {
            guard let ring = ringIndex(key, names: names) else {
                let known = names.isEmpty ? "" : " (rings: 1-\(names.count), \(names.joined(separator: ", ")))"
                return .failure(Rejection(kind: .unknownRing, reason: "no ring '\(key.clipped())'\(known)"))
            }
            switch value(raw, goal: ring < goals.count ? goals[ring] : nil) {
            case let .success(v): updates.append((ring, v))
            case let .failure(rejection): return .failure(rejection)
            }
        }
        return .success(updates)
    }

    public static func ringIndex(_ key: String, names: [String]) -> Int? {
        if let n = Int(key) { return (1...max(1, names.count)).contains(n) && n <= names.count ? n - 1 : nil }
        return names.firstIndex { $0.lowercased() == key.lowercased() }
    }

    /// A value: 0.72, 72%, or 430/600 (or 430 when the ring's goal is 600); clamped to 0 ... 10 laps;
    /// NaN and infinities refused.
    static func value(_ raw: String, goal ringGoal: Double? = nil) -> Result<Double, Rejection> {
        do {
            // A feed's value past the ends shows as the end: an empty ring, or ten laps.
            return .success(min(RingValues.maximumProgress, max(0, try RingValue.parse(raw, goal: ringGoal))))
        } catch {
            return .failure(Rejection(kind: .badValue, reason: "value '\(raw.clipped())' \(error)"))
        }
    }

    /// The keys and values of a flat JSON object; numbers and strings as values.
    static func jsonPairs(_ text: String) -> Result<[(key: String, value: String)], Rejection> {
        guard let object = try? JSON.parse(Data(text.utf8)) as? [String: Any] else {
            return .failure(Rejection(kind: .syntax, reason: "not a JSON object of ring names to values"))
        }
        var pairs: [(String, String)] = []
        for key in object.keys.sorted() {
            switch object[key] {
            case let string as String: pairs.append((key, string))
            case let number as Double: pairs.append((key, "\(number)"))
            default:
                let reason = "value of '\(key.clipped())' is neither a number nor a string"
                return .failure(Rejection(kind: .badValue, reason: reason))
            }
        }
        return .success(pairs)
    }
}

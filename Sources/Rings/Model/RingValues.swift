import RingsBase
import FoundationEssentials
import Glibc

/// Parses and checks the progress values of a ring group: 1 to 8 rings, each 0 ... 10 (laps).
public enum RingValues {
    public static let maximumRings = 8
    public static let maximumProgress = 10.0

    /// Why a list of values was refused; the description is one line for the user.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case count(Int)
        case notANumber(String)
        case outOfRange(String)
        /// A value written as amount/goal whose goal is zero, negative or not finite.
        case badGoal(String)

        public var description: String {
            switch self {
            case let .count(n): "expected 1 to \(maximumRings) progress values separated by commas, got \(n)"
            case let .notANumber(text): "progress value '\(text)' is not a number"
            case let .badGoal(text): "progress value '\(text)' \(RingValue.Problem.badGoal)"
            case let .outOfRange(text):
                "progress value '\(text)' is out of range: each must be a finite number from 0 to \(Int(maximumProgress)) (laps)"
            }
        }
    }

    /// "0.72,1.35,0.48" as numbers, each as `RingValue` reads it ("72%", "430/600" too).
    public static func parse(_ text: String) throws(Problem) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
        guard (1...maximumRings).contains(parts.count), !(parts.count == 1 && parts[0].isEmpty) else {
            throw .count(parts.count == 1 && parts[0].isEmpty ? 0 : parts.count)
        }
        var values: [Double] = []
        for part in parts {
            let value: Double
            do { value = try RingValue.parse(part) } catch {
                switch error {
                case .notANumber, .notAmountOfGoal: throw .notANumber(part)
                case .badGoal: throw .badGoal(part)
                case .notFinite: throw .outOfRange(part)
                }
            }
            guard value >= 0, value <= maximumProgress else { throw .outOfRange(part) }
            values.append(value)
        }
        return values
    }
}

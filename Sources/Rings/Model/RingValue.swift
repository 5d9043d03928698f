/// One ring's value as people write it, on the command line, in a config file or a feed line: a
/// fraction of a full ring ("0.72"; 1.35 is a lap and a bit), a percent ("72%"), or an amount of a
/// goal ("430/600"); a plain number for a ring that has a goal is an amount of that goal. Where the
/// value may lie is the caller's rule (the command line refuses more than ten laps, a feed clamps).
public enum RingValue {
    /// Why a value was refused, as words that follow it ("'x' is not a number").
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notANumber, notAmountOfGoal, badGoal, notFinite

        public var description: String {
            switch self {
            case .notANumber: "is not a number"
            case .notAmountOfGoal: "is not value/goal"
            case .badGoal: "has a goal that is not a positive number"
            case .notFinite: "is not finite"
            }
        }
    }

    /// The value `text` writes, in rings (1 is a full ring); `goal` is the ring's own goal, if any.
    public static func parse(_ text: some StringProtocol, goal: Double? = nil) throws(Problem) -> Double {
        let number: Double
        if text.hasSuffix("%") {
            guard let v = Double(text.dropLast()) else { throw .notANumber }
            number = v / 100
        } else if let slash = text.firstIndex(of: "/") {
            guard let amount = Double(text[..<slash]), let of = Double(text[text.index(after: slash)...]) else {
                throw .notAmountOfGoal
            }
            guard of > 0, of.isFinite else { throw .badGoal }
            number = amount / of
        } else {
            guard let v = Double(text) else { throw .notANumber }
            number = goal.map { v / $0 } ?? v
        }
        guard number.isFinite else { throw .notFinite }
        return number
    }
}

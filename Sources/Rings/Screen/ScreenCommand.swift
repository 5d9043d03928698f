import RingsBase
import FoundationEssentials
import Glibc

/// A command for the screen itself (its broker's `STATUS-TOPIC/cmd`): a JSON object with any of
/// `brightness` (0 to 1), `screen` ("on" or "off"), `reload` (true), `identify` (seconds, 0 to
/// 600; 0 ends it), `transition` (seconds the change of light takes, 0 to 3600) and `flash`
/// ("short" or "long": an identify of 2 or 10 s, as Home Assistant's light asks), all taken
/// together or, when one is wrong, none.
public struct ScreenCommand: Equatable, Sendable {
    public var brightness: Double?
    /// On (true) or off (false); nil leaves it.
    public var screenOn: Bool?
    public var reload = false
    public var identify: Double?
    /// How long the light takes to change (nil: a second).
    public var transition: Double?

    public init(brightness: Double? = nil, screenOn: Bool? = nil, reload: Bool = false, identify: Double? = nil, transition: Double? = nil) {
        self.brightness = brightness; self.screenOn = screenOn; self.reload = reload; self.identify = identify; self.transition = transition
    }

    public static let keys = ["brightness", "screen", "reload", "identify", "transition", "flash"]
    /// A command longer than this is refused unread.
    public static let largest = 1024
    /// The longest identify.
    public static let longestIdentify = 600.0

    /// Why a command was refused, in one line.
    public struct Refusal: Error, Equatable, Sendable {
        public let reason: String
        /// The kind of mistake, said at most once a minute however many commands make it.
        public let kind: String
        public init(reason: String, kind: String? = nil) { self.reason = reason; self.kind = kind ?? reason }
    }

    /// The command in `bytes`, or why it cannot be taken.
    public static func parse(_ bytes: [UInt8]) -> Result<ScreenCommand, Refusal> {
        func refuse(_ reason: String, kind: String? = nil) -> Result<ScreenCommand, Refusal> { .failure(Refusal(reason: reason, kind: kind)) }
        let example = #"a command is a JSON object such as {"brightness": 0.5}, {"screen": "off"}, {"reload": true} or {"identify": 10}"#
        guard bytes.count <= largest else { return refuse("over \(largest) bytes; \(example)", kind: "too long") }
        guard let object = (try? JSON.parse(Data(bytes))) as? [String: Any] else { return refuse(example) }
        guard !object.isEmpty else { return refuse("it names no command; \(example)") }
        var command = ScreenCommand()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let number = value as? Double
            switch key {
            case "brightness":
                guard let number, (0...1).contains(number) else { return refuse("brightness must be a number from 0 to 1") }
                command.brightness = number
            case "screen":
                guard let word = value as? String, word == "on" || word == "off" else { return refuse(#"screen must be "on" or "off""#) }
                command.screenOn = word == "on"
            case "reload":
                guard value as? Bool == true else { return refuse("reload must be true") }
                command.reload = true
            case "identify":
                guard let number, (0...longestIdentify).contains(number) else {
                    return refuse("identify must be a number of seconds from 0 to \(Int(longestIdentify)) (0 ends it)")
                }
                command.identify = number
            case "transition":
                guard let number, (0...3600).contains(number) else { return refuse("transition must be a number of seconds from 0 to 3600") }
                command.transition = number
            case "flash":
                guard let word = value as? String, let seconds = ["short": 2.0, "long": 10.0][word] else { return refuse(#"flash must be "short" or "long""#) }
                command.identify = command.identify ?? seconds
            default:
                let known = keys.joined(separator: ", ")
                return refuse("'\(key.clipped())' is not a command (known: \(known))", kind: "unknown command")
            }
        }
        return .success(command)
    }
}

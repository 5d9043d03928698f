import CCEC
import FoundationEssentials
import Glibc

/// Which HDMI-CEC adapter switches the TV (`cec` in the config, `--cec`).
public enum CECChoice: Equatable, Sendable {
    /// The first adapter that is not a TV's own, if there is one.
    case auto
    case off
    /// This adapter (/dev/cecN).
    case device(String)

    /// `auto`, `off` or an adapter's path; nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "off": self = .off
        default:
            guard text.hasPrefix("/dev/") else { return nil }
            self = .device(text)
        }
    }
}

/// A TV switched by HDMI-CEC through the kernel's CEC API: rings is a playback device on the
/// adapter, which puts the TV in standby (Standby) and wakes it showing rings (Image View On, then
/// Active Source). A TV in standby, unlike one that lost its signal, stays quietly off.
final class CECPower {
    /// The adapter's file and the name its driver gives it.
    let path: String, name: String
    private let descriptor: Int32

    private init(path: String, name: String, descriptor: Int32) {
        self.path = path; self.name = name; self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The adapter `choice` names, or why there is none: nil with no reason when `auto` found no
    /// adapter at all (most computers), or `off`.
    static func open(_ choice: CECChoice) -> (power: CECPower?, why: String?) {
        let paths: [String]
        switch choice {
        case .off: return (nil, nil)
        case .device(let path): paths = [path]
        case .auto: paths = adapters()
        }
        var reasons: [String] = []
        for path in paths {
            let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { reasons.append("\(path): \(String(cString: strerror(errno)))"); continue }
            var name = [CChar](repeating: 0, count: 64)
            let kind = rings_cec_describe(descriptor, &name, name.count)
            let named = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if kind == 0 { return (CECPower(path: path, name: named, descriptor: descriptor), nil) }
            close(descriptor)
            reasons.append(kind == 1 ? "\(path) is the TV's own" : "\(path): not a CEC adapter (\(String(cString: strerror(-kind))))")
        }
        return (nil, reasons.isEmpty ? nil : "no HDMI-CEC adapter to use (" + reasons.joined(separator: "; ") + ")")
    }

    /// /dev/cec0, /dev/cec1, ... as the kernel made them.
    private static func adapters() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        let numbers = names.compactMap { $0.hasPrefix("cec") ? Int($0.dropFirst(3)) : nil }
        return numbers.sorted().map { "/dev/cec\($0)" }
    }

    /// Puts the TV in standby or wakes it; nil when the TV took it, else why not.
    func set(off: Bool) -> String? {
        let done = rings_cec_power(descriptor, off ? 0 : 1)
        switch -done {
        case 0: return nil
        case Int32(ENONET): return "HDMI-CEC on \(path): no logical address (is a TV connected?)"
        case Int32(EHOSTUNREACH): return "HDMI-CEC on \(path): the TV did not answer"
        default: return "HDMI-CEC on \(path): \(String(cString: strerror(-done)))"
        }
    }
}

extension CECChoice {
    /// What would switch the display's power off, as `check-config` says it: the adapter, or why none.
    public var summary: String {
        let (power, why) = CECPower.open(self)
        if let power { return "hdmi-cec (\(power.path), \(power.name))" }
        return "the window system's (" + (why ?? (self == .off ? "cec = off" : "no HDMI-CEC adapter")) + ")"
    }
}

import RingsBase
import RingsAnimation
import Rings

/// A built-in source of a ring's value on a Linux machine, the gauges conky's rings show: CPU
/// (all, one core, or every core), memory, swap, load per core, a file system's used space, a
/// temperature against its critical point, the battery's charge, a network interface's or a disk's
/// throughput, a GPU's busy share. Each reads /proc or /sys (`SystemFiles`) or statvfs.
public enum SystemSource: Hashable, Sendable, CustomStringConvertible {
    case cpu, mem, swap, load
    /// One core, as /proc/stat numbers them (cpu0 is the first).
    case core(Int)
    /// Every core, one ring each: made into `core`s by `resolved`.
    case cores
    case disk(String)
    /// A sensor by name (`Sensor.name`); nil, the hottest, is named by `resolved`.
    case temp(String?)
    /// A battery by its power_supply name (BAT0); nil, the first battery.
    case battery(String?)
    /// Bytes received (down) or sent (up) per second on an interface, against `perSecond` (nil: the link's speed).
    case down(String, perSecond: Double?), up(String, perSecond: Double?)
    /// A block device's bytes read and written per second against `perSecond`; nil, the share of time it was busy.
    case diskio(String, perSecond: Double?)
    /// A DRM card's `gpu_busy_percent` (nil: the first card that says it).
    case gpu(String?)

    /// Why a list of sources was refused; one line for the user.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What `parse` knows, for the one line that refuses a word.
    static let known = "cpu, cpu:N, cores, mem, swap, load, disk:PATH, temp, temp:NAME, battery, battery:NAME, down:IFACE[:MAX], up:IFACE[:MAX], diskio:DEV[:MAX], gpu, gpu:CARD"

    /// "cpu,mem,disk:/,temp,down:eth0:100Mbit" as sources: 1 to `RingValues.maximumRings` words.
    public static func parse(_ text: String) throws(Problem) -> [SystemSource] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
        guard (1...RingValues.maximumRings).contains(words.count) else {
            throw Problem(description: "give 1 to \(RingValues.maximumRings) sources separated by commas, not \(words.count)")
        }
        return try words.map { word throws(Problem) in try parse(word: word) }
    }

    private static func parse(word: String) throws(Problem) -> SystemSource {
        switch word {
        case "cpu": return .cpu
        case "cores": return .cores
        case "mem": return .mem
        case "swap": return .swap
        case "load": return .load
        case "temp": return .temp(nil)
        case "battery": return .battery(nil)
        case "gpu": return .gpu(nil)
        default: break
        }
        let kind = word.prefix { $0 != ":" }, rest = String(word.dropFirst(kind.count + 1))
        guard word.contains(":"), !rest.isEmpty else { throw Problem(description: "unknown source '\(word)' (known: \(known))") }
        switch kind {
        case "cpu":
            guard let n = Int(rest), n >= 0 else { throw Problem(description: "\(word): a core is a number from 0, as in cpu:0") }
            return .core(n)
        case "disk": return .disk(rest)
        case "temp": return .temp(rest)
        case "battery": return .battery(rest)
        case "gpu": return .gpu(rest)
        case "down", "up", "diskio":
            let parts = rest.split(separator: ":", maxSplits: 1).map(String.init)
            let rate = try parts.count > 1 ? rate(parts[1], in: word) : nil
            return kind == "down" ? .down(parts[0], perSecond: rate) : kind == "up" ? .up(parts[0], perSecond: rate)
                : .diskio(parts[0], perSecond: rate)
        default: throw Problem(description: "unknown source '\(word)' (known: \(known))")
        }
    }

    /// "100Mbit", "1Gbit", "12.5MB", "500kB" (each a second's worth) in bytes per second.
    static func rate(_ text: String, in word: String) throws(Problem) -> Double {
        let units: [(String, Double)] = [("Gbit", 1e9 / 8), ("Mbit", 1e6 / 8), ("kbit", 1e3 / 8), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)]
        let bare = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let (unit, scale) = units.first(where: { bare.hasSuffix($0.0) }),
              let amount = Double(bare.dropLast(unit.count)), amount.isFinite, amount > 0 else {
            throw Problem(description: "\(word): the maximum is a rate such as 100Mbit, 1Gbit, 12.5MB or 500kB (a second's worth)")
        }
        return amount * scale
    }

    /// The ring's name in the legend.
    public var description: String {
        switch self {
        case .cpu: "CPU"
        case let .core(n): "cpu\(n)"
        case .cores: "cores"
        case .mem: "memory"
        case .swap: "swap"
        case .load: "load"
        case let .disk(path): "disk \(path)"
        case let .temp(name): name ?? "temperature"
        case let .battery(name): name.map { "battery \($0)" } ?? "battery"
        case let .down(interface, _): "\(interface) down"
        case let .up(interface, _): "\(interface) up"
        case let .diskio(device, _): "\(device) I/O"
        case let .gpu(card): card.map { "GPU \($0)" } ?? "GPU"
        }
    }

    /// How the ring's value reads: °C for a temperature (the value is its share of the critical
    /// point), MB/s for a throughput against a maximum, else a percentage.
    public func label(_ files: SystemFiles) -> LabelFormat {
        switch self {
        case let .temp(name?):
            let critical = Sensor.all(files).first { $0.name == name }?.critical ?? Sensor.assumedCritical
            return .amount(full: critical, unit: "°C", decimals: 0)
        case let .down(_, perSecond?), let .up(_, perSecond?), let .diskio(_, perSecond?):
            return .amount(full: perSecond / 1e6, unit: "MB/s", decimals: 1)
        default: return .percent()
        }
    }

    /// The sources with what is found at start made definite: `cores` as one `core` each (as many
    /// as fit beside the others), `temp` as the sensor hottest now, an interface's speed where no
    /// maximum is given (refused when a link that is up has none; one that is down or gone is read
    /// again at each sample).
    public static func resolved(_ sources: [SystemSource], files: SystemFiles) throws(Problem) -> [SystemSource] {
        let cores = SystemSampler.cores(files)
        var room = RingValues.maximumRings - sources.filter { $0 != .cores }.count
        var result: [SystemSource] = []
        for source in sources {
            switch source {
            case .cores:
                guard room > 0, !cores.isEmpty else { throw Problem(description: "cores: no cores in \(files.path("/proc/stat")) fit beside the other rings") }
                result += cores.prefix(room).map { .core($0) }
                room -= min(cores.count, room)
            case .temp(nil):
                let hottest = Sensor.all(files).compactMap { s in s.celsius(files).map { (s, $0) } }.max { $0.1 < $1.1 }
                result.append(.temp(hottest?.0.name))
            case let .down(interface, nil), let .up(interface, nil):
                // Gone, or a link that is down, may have a speed later: it is read at each sample then.
                let folder = "/sys/class/net/\(interface)"
                guard files.exists(folder), files.line("\(folder)/operstate") != "down" else { result.append(source); continue }
                guard let speed = files.number("\(folder)/speed"), speed > 0 else {
                    throw Problem(description: "\(source.word): the kernel knows no link speed for \(interface); give a maximum, as in \(source.word):100Mbit")
                }
                let rate = speed * 1e6 / 8
                result.append(source == .down(interface, perSecond: nil) ? .down(interface, perSecond: rate) : .up(interface, perSecond: rate))
            default: result.append(source)
            }
        }
        return result
    }

    /// The source as a word of `--source` (without a maximum).
    var word: String {
        switch self {
        case let .down(interface, _): "down:\(interface)"
        case let .up(interface, _): "up:\(interface)"
        default: description
        }
    }
}

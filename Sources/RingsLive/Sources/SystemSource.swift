import RingsBase
import Rings
import FoundationEssentials
import Glibc

/// A built-in source of a ring's value on a Linux machine, like conky's rings: CPU busy, memory and
/// swap in use, load per core, a file system's used space. Each reads /proc or statvfs.
public enum SystemSource: Equatable, Sendable, CustomStringConvertible {
    case cpu, mem, swap, load
    case disk(String)

    /// Why a list of sources was refused; one line for the user.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// "cpu,mem,disk:/,swap,load" as sources, at most `RingValues.maximumRings`.
    public static func parse(_ text: String) throws(Problem) -> [SystemSource] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
        guard (1...RingValues.maximumRings).contains(words.count) else {
            throw Problem(description: "give 1 to \(RingValues.maximumRings) sources separated by commas, not \(words.count)")
        }
        return try words.map { word throws(Problem) in
            switch word {
            case "cpu": return .cpu
            case "mem": return .mem
            case "swap": return .swap
            case "load": return .load
            default:
                guard word.hasPrefix("disk:"), word.count > 5 else {
                    throw Problem(description: "unknown source '\(word)' (known: cpu, mem, swap, load, disk:PATH)")
                }
                return .disk(String(word.dropFirst(5)))
            }
        }
    }

    /// The ring's name in the legend.
    public var description: String {
        switch self {
        case .cpu: "CPU"
        case .mem: "memory"
        case .swap: "swap"
        case .load: "load"
        case let .disk(path): "disk \(path)"
        }
    }
}

/// Reads system sources; CPU is measured between one sample and the next.
public final class SystemSampler {
    private var lastCPU: (busy: Double, total: Double)?

    public init() {}

    /// The source's value as a fraction (load per core can pass 1), or nil when it cannot be read.
    public func sample(_ source: SystemSource) -> Double? {
        switch source {
        case .cpu:
            guard let line = Self.lines("/proc/stat")?.first(where: { $0.hasPrefix("cpu ") }) else { return nil }
            let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            guard fields.count >= 4 else { return nil }
            let total = fields.reduce(0, +), idle = fields[3] + (fields.count > 4 ? fields[4] : 0)
            defer { lastCPU = (total - idle, total) }
            guard let last = lastCPU, total > last.total else { return total > 0 ? (total - idle) / total : nil }
            return ((total - idle) - last.busy) / (total - last.total)
        case .mem:
            guard let info = Self.meminfo(), let total = info["MemTotal"], total > 0, let available = info["MemAvailable"] else { return nil }
            return 1 - available / total
        case .swap:
            guard let info = Self.meminfo(), let total = info["SwapTotal"], let free = info["SwapFree"] else { return nil }
            return total > 0 ? 1 - free / total : 0
        case .load:
            guard let first = Self.lines("/proc/loadavg")?.first?.split(separator: " ").first, let load = Double(first) else { return nil }
            return load / Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
        case let .disk(path):
            // As df's Use%: used over what ordinary users could have (used plus available).
            var info = statvfs()
            guard statvfs(path, &info) == 0, info.f_blocks > 0 else { return nil }
            let used = Double(info.f_blocks - info.f_bfree), available = Double(info.f_bavail)
            return used + available > 0 ? used / (used + available) : nil
        }
    }

    private static func lines(_ path: String) -> [Substring]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n")
    }

    /// /proc/meminfo's fields in kB.
    private static func meminfo() -> [String: Double]? {
        guard let lines = lines("/proc/meminfo") else { return nil }
        var fields: [String: Double] = [:]
        for line in lines {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let value = Double(parts[1].split(separator: " ").first ?? "") else { continue }
            fields[String(parts[0])] = value
        }
        return fields
    }
}

import FoundationEssentials
import Glibc
import Rings

/// What a system source read: a value (a fraction; load, a throughput and a temperature past its
/// critical point can pass 1) with a word after it in the legend ("charging"); hardware that is not
/// there ("no battery": said in the ring's label, never taken as 0); nothing yet (a rate's first
/// read); or a file that cannot be read.
public enum Reading: Equatable, Sendable {
    case value(Double, remark: String? = nil)
    case absent(String)
    case pending
    case unreadable

    /// The value, if there is one.
    public var value: Double? { if case let .value(v, _) = self { v } else { nil } }

    /// A value kept within 0 and 1 (a share that cannot pass the whole).
    var clamped: Reading { if case let .value(v, remark) = self { .value(min(1, max(0, v)), remark: remark) } else { self } }
}

extension Substring {
    /// Nil for an empty substring.
    var nilIfEmpty: Substring? { isEmpty ? nil : self }
}

/// Reads system sources from `files`. CPU is measured between one read and the next by the
/// kernel's tick counts; a throughput between two reads at the times given.
public final class SystemSampler {
    let files: SystemFiles
    /// Each source's last counter and when it was read (CPU: busy and total ticks).
    var counters: [SystemSource: (a: Double, b: Double)] = [:]
    /// Each source's last reading and its time: a source named twice is read once a tick.
    private(set) var last: [SystemSource: (time: Double, reading: Reading)] = [:]
    /// The files read at the last tick (/proc/stat for every core's ring, /proc/meminfo for memory and swap).
    private var texts: (time: Double, files: [String: String])?
    /// The cores /proc/stat counts, for load per core.
    private lazy var cores = Self.cores(files)
    /// The sensors named by `temp` sources, found once (again when one cannot be read).
    var sensors: [String: Sensor] = [:]

    public init(files: SystemFiles = .current) { self.files = files }

    /// `path`'s text, read once a tick however many sources need it.
    private func read(_ path: String, at time: Double) -> String? {
        if texts?.time != time { texts = (time, [:]) }
        if let kept = texts?.files[path] { return kept }
        let text = files.text(path)
        texts?.files[path] = text
        return text
    }

    /// What `source` says at `time` (seconds on any steady clock).
    public func sample(_ source: SystemSource, at time: Double) -> Reading {
        if let kept = last[source], kept.time == time { return kept.reading }
        let reading = read(source, at: time)
        last[source] = (time, reading)
        return reading
    }

    private func read(_ source: SystemSource, at time: Double) -> Reading {
        switch source {
        case .cpu: return cpu(line: "cpu", source, at: time)
        case let .core(n): return cpu(line: "cpu\(n)", source, at: time)
        case .cores: return .unreadable
        case .mem:
            // What no kernel says (more available than there is) is not read as a share.
            guard let info = meminfo(at: time), let total = info["MemTotal"], total > 0,
                  let available = info["MemAvailable"], (0...total).contains(available) else { return .unreadable }
            return .value(1 - available / total)
        case .swap:
            // A total below 0 (no kernel says one) is no range to hold what is free.
            guard let info = meminfo(at: time), let total = info["SwapTotal"], let free = info["SwapFree"],
                  total == 0 || (total > 0 && (0...total).contains(free)) else { return .unreadable }
            return total > 0 ? .value(1 - free / total) : .absent(Words.noSwap.text)
        case .load:
            guard let first = files.line("/proc/loadavg")?.split(separator: " ").first,
                  let load = SystemFiles.number(first), load >= 0 else { return .unreadable }
            return .value(load / Double(max(1, cores.count)))
        case let .disk(path):
            // As df's Use%: used over what ordinary users could have (used plus available).
            var info = statvfs()
            guard statvfs(files.path(path), &info) == 0, info.f_blocks > 0 else { return .unreadable }
            let used = Double(info.f_blocks - info.f_bfree), available = Double(info.f_bavail)
            return used + available > 0 ? .value(used / (used + available)) : .unreadable
        case let .temp(name): return temperature(name)
        case let .battery(name): return battery(name)
        case let .down(interface, perSecond): return network(interface, "rx_bytes", perSecond, source, at: time)
        case let .up(interface, perSecond): return network(interface, "tx_bytes", perSecond, source, at: time)
        case let .diskio(device, perSecond): return diskio(device, perSecond, source, at: time)
        case let .gpu(card): return gpu(card)
        }
    }

    /// The CPUs (or one core) busy between the last read and this one, by /proc/stat's ticks;
    /// nothing at the first read.
    private func cpu(line name: String, _ source: SystemSource, at time: Double) -> Reading {
        guard let text = read("/proc/stat", at: time) else { return .unreadable }
        guard let line = Self.line(in: text, startingWith: name + " ") else { return .absent(Words.noSuchCore.text) }
        let fields = line.split(separator: " ").compactMap { SystemFiles.number($0) }
        guard fields.count >= 4, fields.allSatisfy({ $0 >= 0 }) else { return .unreadable }
        // guest and guest_nice are counted in user and nice already.
        let counted = fields.prefix(8)
        let total = counted.reduce(0, +), idle = fields[3] + (fields.count > 4 ? fields[4] : 0)
        // The first read has nothing to measure against (the share since boot is not now's).
        guard let last = counters[source] else {
            counters[source] = (total - idle, total)
            return .pending
        }
        // No tick since the last read (read twice within 10 ms): what it said then.
        guard total > last.b else { return self.last[source]?.reading ?? .pending }
        counters[source] = (total - idle, total)
        // iowait may go back between reads: the share stays within 0 and 1.
        return Reading.value(((total - idle) - last.a) / (total - last.b)).clamped
    }

    /// The cores /proc/stat counts, by their numbers (an offline core has no line).
    static func cores(_ files: SystemFiles) -> [Int] {
        (files.text("/proc/stat") ?? "").split(separator: "\n").compactMap { line in
            line.hasPrefix("cpu") ? line.dropFirst(3).prefix { $0 != " " }.nilIfEmpty.flatMap { Int($0) } : nil
        }
    }

    /// /proc/meminfo's fields in kB, the four read here.
    private func meminfo(at time: Double) -> [String: Double]? {
        guard let text = read("/proc/meminfo", at: time) else { return nil }
        var fields: [String: Double] = [:]
        for name in ["MemTotal", "MemAvailable", "SwapTotal", "SwapFree"] {
            fields[name] = Self.line(in: text, startingWith: name + ":")
                .flatMap { $0.split(separator: " ").first }.flatMap(SystemFiles.number)
        }
        return fields
    }

    /// What follows `prefix` on the line of `text` that starts with it; found by bytes, as
    /// /proc/stat's "intr" line holds thousands of numbers (read every second).
    static func line(in text: String, startingWith prefix: String) -> Substring? {
        var text = text
        let wanted = Array(prefix.utf8)
        guard let found = text.withUTF8({ find(wanted, atLineStartIn: $0) }) else { return nil }
        let utf8 = text.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: found.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: found.upperBound)])
    }

    /// Where the rest of the first line of `bytes` starting with `wanted` lies (memchr from line to line).
    private static func find(_ wanted: [UInt8], atLineStartIn bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let base = bytes.baseAddress else { return nil }
        var start = 0
        while start + wanted.count <= bytes.count {
            var end = bytes.count
            if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
            }
            if end - start >= wanted.count, memcmp(base + start, wanted, wanted.count) == 0 { return start + wanted.count..<end }
            start = end + 1
        }
        return nil
    }

    /// The change of `counter` per second since the last read at `time`, against `full` per second
    /// (a counter that went back, a reset, starts again).
    func rate(_ counter: Double, full: Double, _ source: SystemSource, at time: Double) -> Reading {
        defer { counters[source] = (counter, time) }
        guard let last = counters[source], time > last.b, counter >= last.a, full > 0 else { return .pending }
        return .value((counter - last.a) / (time - last.b) / full)
    }
}

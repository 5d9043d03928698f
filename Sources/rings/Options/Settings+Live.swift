import ArgumentParser
import Rings
import RingsLive

/// The live settings: where values come from, how old they may grow, and where they are kept.
extension Settings {
    static let feed = Setting<String>(
        "feed", "Live values, a line at a time (1=0.72 2=135% stand=430/600, or JSON): - for standard input, or a file or FIFO to follow.",
        value: "-|path", field: \.feed) { reader, value, key in reader.string(value, key).map { $0 == "-" ? $0 : reader.besideConfig($0) } }

    static let source = Setting<String>(
        "source", "Built-in sources, one ring each: cpu, cpu:N, cores, mem, swap, load, disk:PATH, temp[:NAME], battery[:NAME], down:IFACE[:MAX], up:IFACE[:MAX], diskio:DEV[:MAX], gpu[:CARD] (for example cpu,mem,disk:/,temp).",
        value: "list", field: \.source) { reader, value, key in
        guard let text = reader.joined(value, \.string) else {
            reader.report(key, "must be a list of sources such as [\"cpu\", \"mem\", \"disk:/\"], or one string \"cpu,mem\"")
            return nil
        }
        reader.check(key) { _ = try SystemSource.parse(text) }
        return text
    }

    static let exec = Setting<String>(
        "exec", "A shell command run every --every; each line of its output is a feed line (it is stopped if it overruns).",
        value: "command", field: \.exec) { $0.string($1, $2) }

    static let every = Setting<String>("every", "How often --source is sampled and --exec runs: 2s, 500ms, 1m. Default: 2s.",
                                       value: "interval", field: \.every, default: "2s") { reader, value, key in
        reader.checked(value, key) { text in _ = try Interval.parse(text) }
    }

    static let staleAfter = Setting<String>(
        "stale-after", "A ring whose value is older than this is drawn stale (faded, \"stale 2 m\" in the legend): 30s, 5m, or off. Default: three --every for --exec and --source, off otherwise.",
        value: "interval", field: \.staleAfter) { reader, value, key in
        reader.checked(value, key) { text in _ = try Interval.staleAfter(text) }
    }

    static let stateFile = Setting<String>(
        "state-file", "Where live values are kept across restarts (shown stale at the next start until fresh ones come), or off. Default: $XDG_STATE_HOME/rings/values.json.",
        value: "path|off", field: \.stateFile) { reader, value, key in reader.string(value, key).map { $0 == "off" ? $0 : reader.besideConfig($0) } }

    /// How long `wake-on-input = true` keeps a screen that is off on after the last touch or key.
    static let wakeTime = 60.0

    static let wakeOnInput = Setting<Double>(
        "wake-on-input", "(config only) A touch or key on a screen that is off turns it on for this many seconds after the last (true: 60).",
        field: \.wakeOnInput) { reader, value, key in
        if let flag = value.bool { return flag ? wakeTime : nil }
        if value.int != nil || value.double != nil { return reader.number(value, key, 5...3600) }
        reader.report(key, "must be true (on for \(Int(wakeTime)) s), false, or seconds from 5 to 3600, not \(reader.kind(value))")
        return nil
    }

    static let ring = ConfigKey(table: "ring") { reader, value, file in file.rings = reader.rings(value) }
    static let mqtt = ConfigKey(table: "mqtt") { reader, value, file in file.mqtt = reader.mqtt(value) }
    static let schedule = ConfigKey(table: "schedule") { reader, value, file in file.schedule = reader.schedule(value) }
}

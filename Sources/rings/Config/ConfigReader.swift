import RingsConfig
import RingsBase
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL

/// Reads a parsed config table into a `ConfigFile`, noting each problem with its line.
struct ConfigReader {
    let file: String
    let lines: ConfigLines
    var problems: [ConfigProblem] = []

    /// The keys of a `[[ring]]` table and of a `[[schedule]]` table.
    static let ringKeys = ["name", "start", "end", "goal", "unit", "label", "decimals", "progress", "thresholds", "alert"]
    static let scheduleKeys = ["at", "days", "brightness", "screen"]

    /// The settings the table holds (`Settings.keys`); a key that is none of them is a problem.
    mutating func config(_ table: ConfigTable) -> ConfigFile {
        var c = ConfigFile()
        for (key, value) in table {
            guard let known = ConfigKey.named(key) else {
                report(key, "is not a config key (known: \(Settings.keys.map(\.name).joined(separator: ", ")))")
                continue
            }
            known.read(&self, value, &c)
        }
        if let progress = c.progress, !c.rings.isEmpty, progress.count != c.rings.count {
            report(Settings.progress.name, "has \(progress.count) values but there are \(c.rings.count) [[ring]] tables")
        }
        return c
    }

    mutating func rings(_ value: ConfigValue) -> [RingEntry] {
        guard let list = value.array, (1...RingValues.maximumRings).contains(list.count), list.allSatisfy({ $0.table != nil }) else {
            report(Settings.ring.name, "must be 1 to \(RingValues.maximumRings) [[ring]] tables")
            return []
        }
        return list.enumerated().map { index, item in ring(item.table!, path: "ring[\(index + 1)]") }
    }

    mutating func ring(_ table: ConfigTable, path: String) -> RingEntry {
        var entry = RingEntry()
        var unit = "", decimals = 0, labelName: String?
        for (key, value) in table {
            let at = "\(path).\(key)"
            switch key {
            case "name": entry.name = name(value, at)
            case "start": entry.start = color(value, at)
            case "end": entry.end = color(value, at)
            case "goal":
                entry.goal = number(value, at, 0...1e12)
                if entry.goal == 0 { report(at, "must be more than 0"); entry.goal = nil }
            case "unit": unit = name(value, at) ?? ""
            case "decimals": decimals = integer(value, at, 0...3) ?? 0
            case "label":
                labelName = string(value, at)
                if let name = labelName, !["percent", "goal"].contains(name) {
                    report(at, "must be \"percent\" (72%) or \"goal\" (430/600 and the unit), not \"\(name)\"")
                    labelName = nil
                }
            case "progress": entry.progress = oneValue(value, at)
            case "thresholds": entry.thresholds = thresholds(value, at)
            case "alert": entry.alert = oneValue(value, at)
            default: report(at, "is not a ring key (known: \(ConfigReader.ringKeys.joined(separator: ", ")))")
            }
        }
        switch (labelName, entry.goal) {
        case ("goal", nil): report("\(path).label", "\"goal\" needs the ring's goal = NUMBER")
        case ("goal", let goal?), (nil, let goal?): entry.label = .goal(goal, unit: unit)
        default: entry.label = .percent(decimals: decimals)
        }
        return entry
    }

    /// `[[schedule]]` tables: `at = "22:00"`, `brightness = 0.2` or `screen = "off"` (or "on";
    /// neither is full brightness, on),
    /// `days = ["sat", "sun"]` (every day when left out); at most `Schedule.most`.
    mutating func schedule(_ value: ConfigValue) -> Schedule? {
        guard let list = value.array, (1...Schedule.most).contains(list.count), list.allSatisfy({ $0.table != nil }) else {
            report(Settings.schedule.name, "must be 1 to \(Schedule.most) [[schedule]] tables")
            return nil
        }
        var steps: [Schedule.Step] = []
        for (index, item) in list.enumerated() {
            let path = "schedule[\(index + 1)]"
            var minute: Int?, days: Set<Schedule.Weekday> = [], brightness: Double?, screen: String?, good = true
            for (key, value) in item.table! {
                let at = "\(path).\(key)"
                switch key {
                case "at":
                    minute = string(value, at).flatMap { text in
                        if let minute = Schedule.minute(of: text) { return minute }
                        report(at, "must be a time of day as \"22:00\" (00:00 to 23:59), not \"\(text.prefix(40))\"")
                        return nil
                    }
                    if minute == nil { good = false }
                case "days":
                    let names = value.array?.compactMap(\.string) ?? []
                    let known = names.compactMap { Schedule.Weekday(rawValue: $0.lowercased()) }
                    if names.isEmpty || known.count != names.count || known.count != value.array?.count {
                        report(at, "must be a list of days from \(Schedule.Weekday.allCases.map(\.rawValue).joined(separator: ", ")), such as [\"sat\", \"sun\"]")
                        good = false
                    }
                    days = Set(known)
                case "brightness":
                    brightness = number(value, at, 0...1)
                    if brightness == nil { good = false }
                case "screen":
                    screen = string(value, at)
                    if let text = screen, !["on", "off"].contains(text) { report(at, "must be \"on\" or \"off\", not \"\(text.prefix(40))\""); good = false }
                default:
                    report(at, "is not a schedule key (known: \(ConfigReader.scheduleKeys.joined(separator: ", ")))")
                    good = false
                }
            }
            if minute == nil && good { report(path, "needs at = \"HH:MM\""); good = false }
            if brightness != nil && screen == "off" { report(path, "brightness and screen = \"off\" do not go together"); good = false }
            if good, let minute {
                steps.append(Schedule.Step(minute: minute, days: days, brightness: brightness ?? 1, screenOff: screen == "off"))
            }
        }
        return steps.count == list.count ? Schedule(steps: steps) : nil
    }

    /// `thresholds = [{ at = 0.8, color = "orange" }, ...]`: at most `Threshold.most`, lowest first.
    mutating func thresholds(_ value: ConfigValue, _ key: String) -> [Threshold]? {
        let shape = "must be a list of at most \(Threshold.most) { at = 0.8, colour = \"orange\" }"
        guard let list = value.array, list.count <= Threshold.most else { report(key, shape); return nil }
        var levels: [Threshold] = []
        for (i, item) in list.enumerated() {
            let at = "\(key)[\(i + 1)]"
            guard let table = item.table, let level = table["at"], let paint = table["colour"] ?? table["color"], table.count == 2 else {
                report(at, "must be { at = 0.8, colour = \"orange\" }")
                continue
            }
            if let value = oneValue(level, at + ".at"), let color = color(paint, at + ".colour") { levels.append(Threshold(at: value, color: color)) }
        }
        return levels.sorted { $0.at < $1.at }
    }

    /// One ring value: 0.72, "72%" or "430/600".
    mutating func oneValue(_ value: ConfigValue, _ key: String) -> Double? {
        guard let values = progress(value, key) else { return nil }
        if values.count == 1 { return values[0] }
        report(key, "must be one value, such as 0.72 or \"72%\"")
        return nil
    }

    // MARK: Values
}

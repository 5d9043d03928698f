import Rings

extension SystemSampler {
    /// The named sensor's reading against its critical point.
    func temperature(_ name: String?) -> Reading {
        guard let name else { return .absent(Words.noSensor.text) }
        // Found once; looked for again (an hwmon's number can change on resume) when it cannot be read.
        if let sensor = sensors[name], let celsius = sensor.celsius(files) { return .value(max(0, celsius) / sensor.critical) }
        guard let sensor = Sensor.all(files).first(where: { $0.name == name }) else { return .absent(Words.noSensor.text) }
        sensors[name] = sensor
        guard let celsius = sensor.celsius(files) else { return .unreadable }
        return .value(max(0, celsius) / sensor.critical)
    }

    /// The battery's charge (`capacity`, else `energy_now` over `energy_full`), "charging" after it while it charges.
    func battery(_ name: String?) -> Reading {
        let supplies = "/sys/class/power_supply"
        let batteries = files.names(in: supplies).filter { files.line("\(supplies)/\($0)/type") == "Battery" }
        guard let found = name.map({ batteries.contains($0) ? $0 : nil }) ?? batteries.first,
              files.line("\(supplies)/\(found)/present") != "0" else { return .absent(Words.noBattery.text) }
        let folder = "\(supplies)/\(found)"
        let charge: Double
        if let capacity = files.number("\(folder)/capacity") {
            charge = capacity / 100
        } else if let now = files.number("\(folder)/energy_now") ?? files.number("\(folder)/charge_now"),
                  let full = files.number("\(folder)/energy_full") ?? files.number("\(folder)/charge_full"), full > 0 {
            charge = now / full
        } else { return .unreadable }
        let charging = files.line("\(folder)/status") == "Charging"
        return .value(min(1, max(0, charge)), remark: charging ? Words.charging.text : nil)
    }

    /// An interface's bytes (`rx_bytes` or `tx_bytes`) per second against `perSecond`, else its link's speed now.
    func network(_ interface: String, _ counter: String, _ perSecond: Double?, _ source: SystemSource, at time: Double) -> Reading {
        let folder = "/sys/class/net/\(interface)"
        guard files.exists(folder) else { counters[source] = nil; return .absent(Words.noSuchInterface.text) }
        guard let bytes = files.number("\(folder)/statistics/\(counter)") else { return .unreadable }
        // Without a maximum, the link's speed now (a link that was down at start has one once it is up).
        guard let full = perSecond ?? files.number("\(folder)/speed").flatMap({ $0 > 0 ? $0 * 1e6 / 8 : nil }) else {
            counters[source] = nil
            return .absent(Words.noLinkSpeed.text)
        }
        return rate(bytes, full: full, source, at: time)
    }

    /// A block device's bytes read and written per second against `perSecond`, else the share of
    /// time it was busy (/sys/block/DEV/stat: sectors of 512 bytes in fields 3 and 7, busy
    /// milliseconds in field 10).
    func diskio(_ device: String, _ perSecond: Double?, _ source: SystemSource, at time: Double) -> Reading {
        let path = "/sys/block/\(device)/stat"
        guard files.exists(path) else { counters[source] = nil; return .absent(Words.noSuchDisk.text) }
        let fields = files.line(path)?.split(separator: " ").compactMap { SystemFiles.number($0) } ?? []
        guard fields.count >= 10 else { return .unreadable }
        if let perSecond { return rate((fields[2] + fields[6]) * 512, full: perSecond, source, at: time) }
        // Busy seconds a second, at most 1 (the kernel's count and the loop's clock may disagree a little).
        return rate(fields[9] / 1000, full: 1, source, at: time).clamped
    }

    /// The card's `gpu_busy_percent` (amdgpu says it; most drivers do not).
    func gpu(_ card: String?) -> Reading {
        let cards = card.map { [$0] } ?? files.names(in: "/sys/class/drm").filter { !$0.contains("-") }
        guard let busy = cards.lazy.compactMap({ self.files.number("/sys/class/drm/\($0)/device/gpu_busy_percent") }).first else {
            return .absent(Words.noGPUFigure.text)
        }
        return .value(busy / 100)
    }
}

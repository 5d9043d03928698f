/// A temperature sensor the kernel offers: an hwmon input (`/sys/class/hwmon/hwmonN/tempK_input`)
/// or a thermal zone (`/sys/class/thermal/thermal_zoneN/temp`), with its critical point.
public struct Sensor: Equatable, Sendable {
    /// "k10temp Tctl", "coretemp Package id 0", "acpitz" (a thermal zone's type): what a config names.
    public let name: String
    /// The file of its reading, in millidegrees Celsius.
    public let input: String
    /// The critical point in °C: the kernel's `_crit` (else `_max`, a zone's critical trip point),
    /// else `Sensor.assumedCritical`.
    public let critical: Double

    /// The critical point taken where the kernel gives none.
    public static let assumedCritical = 100.0

    /// The reading in °C, or nil when it cannot be read.
    public func celsius(_ files: SystemFiles) -> Double? { files.number(input).map { $0 / 1000 } }

    /// Every sensor, hwmon's first, in the kernel's order.
    public static func all(_ files: SystemFiles) -> [Sensor] {
        var sensors: [Sensor] = []
        for hwmon in files.names(in: "/sys/class/hwmon") {
            let folder = "/sys/class/hwmon/\(hwmon)"
            let chip = files.line("\(folder)/name") ?? hwmon
            let inputs = files.names(in: folder).filter { $0.hasPrefix("temp") && $0.hasSuffix("_input") }
            for input in inputs {
                let stem = "\(folder)/\(input.dropLast("_input".count))"
                let label = files.line("\(stem)_label")
                let critical = files.number("\(stem)_crit") ?? files.number("\(stem)_max")
                sensors.append(Sensor(name: label.map { "\(chip) \($0)" } ?? (inputs.count > 1 ? "\(chip) \(input.dropLast(6))" : chip),
                                      input: "\(folder)/\(input)", critical: usable(critical.map { $0 / 1000 })))
            }
        }
        for zone in files.names(in: "/sys/class/thermal") where zone.hasPrefix("thermal_zone") {
            let folder = "/sys/class/thermal/\(zone)"
            guard files.exists("\(folder)/temp") else { continue }
            let trips = files.names(in: folder).filter { $0.hasPrefix("trip_point_") && $0.hasSuffix("_type") }
            let critical = trips.first { files.line("\(folder)/\($0)") == "critical" }
                .flatMap { files.number("\(folder)/\($0.dropLast("_type".count))_temp") }
            sensors.append(Sensor(name: files.line("\(folder)/type") ?? zone, input: "\(folder)/temp",
                                  critical: usable(critical.map { $0 / 1000 })))
        }
        return sensors
    }

    /// A critical point worth dividing by: above 20 °C and below 250 °C (firmware says odd things).
    private static func usable(_ critical: Double?) -> Double {
        guard let critical, critical > 20, critical < 250 else { return assumedCritical }
        return critical
    }
}

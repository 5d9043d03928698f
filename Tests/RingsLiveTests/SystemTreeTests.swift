import Foundation
import Rings
import RingsAnimation
@testable import RingsLive
import Testing

/// The gauges against a fake /proc and /sys (`SystemFiles(root:)`, as `RINGS_SYSTEM_ROOT` gives the binary).
@Suite struct SystemTreeTests {
    /// A tree of a laptop: two cores, a CPU sensor (critical 100 °C), an NVMe one without a
    /// critical point, an ACPI zone (critical 95 °C), a charging battery, eth0 at 1 Gbit/s, sda, an amdgpu.
    static func laptop() throws -> SystemTree {
        let tree = try SystemTree()
        try tree.write("/proc/stat", "cpu  300 0 100 600 0 0 0 0 0 0\ncpu0 200 0 50 250 0 0 0 0 0 0\ncpu1 100 0 50 350 0 0 0 0 0 0\nintr 1 2\n")
        try tree.write("/sys/class/hwmon/hwmon0/name", "k10temp\n")
        try tree.write("/sys/class/hwmon/hwmon0/temp1_input", "54000\n")
        try tree.write("/sys/class/hwmon/hwmon0/temp1_label", "Tctl\n")
        try tree.write("/sys/class/hwmon/hwmon0/temp1_crit", "100000\n")
        try tree.write("/sys/class/hwmon/hwmon1/name", "nvme\n")
        try tree.write("/sys/class/hwmon/hwmon1/temp1_input", "41000\n")
        try tree.write("/sys/class/thermal/thermal_zone0/type", "acpitz\n")
        try tree.write("/sys/class/thermal/thermal_zone0/temp", "38000\n")
        try tree.write("/sys/class/thermal/thermal_zone0/trip_point_0_type", "critical\n")
        try tree.write("/sys/class/thermal/thermal_zone0/trip_point_0_temp", "95000\n")
        try tree.write("/sys/class/power_supply/AC/type", "Mains\n")
        try tree.write("/sys/class/power_supply/BAT0/type", "Battery\n")
        try tree.write("/sys/class/power_supply/BAT0/capacity", "83\n")
        try tree.write("/sys/class/power_supply/BAT0/status", "Charging\n")
        try tree.write("/sys/class/net/eth0/speed", "1000\n")
        try tree.write("/sys/class/net/eth0/statistics/rx_bytes", "1000000\n")
        try tree.write("/sys/class/net/eth0/statistics/tx_bytes", "500\n")
        try tree.write("/sys/block/sda/stat", "100 0 2000 0 50 0 4000 0 0 1000 0\n")
        try tree.write("/sys/class/drm/card0/device/gpu_busy_percent", "37\n")
        try tree.write("/sys/class/drm/card0-HDMI-A-1/status", "connected\n")
        return tree
    }

    @Test func temperaturesAreSharesOfTheirCriticalPoints() throws {
        let tree = try Self.laptop(), files = tree.files
        #expect(Sensor.all(files).map(\.name) == ["k10temp Tctl", "nvme", "acpitz"])
        #expect(Sensor.all(files).map(\.critical) == [100, Sensor.assumedCritical, 95])
        let sampler = SystemSampler(files: files)
        #expect(sampler.sample(.temp("k10temp Tctl"), at: 0) == .value(0.54))
        #expect(sampler.sample(.temp("acpitz"), at: 0) == .value(0.4))
        #expect(sampler.sample(.temp("fan"), at: 0) == .absent(Words.noSensor.text))
        // The hottest now is the one `temp` follows, and its label is in °C.
        let resolved = try SystemSource.resolved([.temp(nil)], files: files)
        #expect(resolved == [.temp("k10temp Tctl")])
        #expect(resolved[0].label(files).text(for: 0.54) == "54 °C")
        #expect(SystemSource.temp("acpitz").label(files).text(for: 0.4) == "38 °C")
        // No sensor at all: said, never 0.
        let bare = try SystemTree()
        #expect(try SystemSource.resolved([.temp(nil)], files: bare.files) == [.temp(nil)])
        #expect(SystemSampler(files: bare.files).sample(.temp(nil), at: 0) == .absent(Words.noSensor.text))
    }

    @Test func theBatterySaysItsChargeAndWhetherItCharges() throws {
        let tree = try Self.laptop()
        let sampler = SystemSampler(files: tree.files)
        #expect(sampler.sample(.battery(nil), at: 0) == .value(0.83, remark: Words.charging.text))
        #expect(sampler.sample(.battery("AC"), at: 0) == .absent(Words.noBattery.text))
        try tree.write("/sys/class/power_supply/BAT0/status", "Discharging\n")
        try tree.write("/sys/class/power_supply/BAT0/capacity", "82\n")
        #expect(sampler.sample(.battery("BAT0"), at: 1) == .value(0.82))
        // A battery that reports energy, not capacity.
        try FileManager.default.removeItem(atPath: tree.files.path("/sys/class/power_supply/BAT0/capacity"))
        try tree.write("/sys/class/power_supply/BAT0/energy_now", "30000000\n")
        try tree.write("/sys/class/power_supply/BAT0/energy_full", "40000000\n")
        #expect(sampler.sample(.battery(nil), at: 2) == .value(0.75))
        #expect(SystemSampler(files: try SystemTree().files).sample(.battery(nil), at: 0) == .absent(Words.noBattery.text))
    }

    @Test func coresAreEachTheirOwnRing() throws {
        let tree = try Self.laptop(), files = tree.files
        #expect(try SystemSource.resolved([.cpu, .cores, .mem], files: files) == [.cpu, .core(0), .core(1), .mem])
        // As many cores as fit beside the other rings.
        let many = (0..<12).map { "cpu\($0) 1 0 1 8 0 0 0 0 0 0\n" }.joined()
        try tree.write("/proc/stat", "cpu  12 0 12 96 0 0 0 0 0 0\n" + many)
        let six = try SystemSource.resolved([.cpu, .cores, .temp("nvme")], files: files)
        #expect(six.count == RingValues.maximumRings && six[1] == .core(0) && six[6] == .core(5))
        // Busy between two reads, by the kernel's ticks: cpu0 did 30 of 40, cpu1 none of 40.
        try tree.write("/proc/stat", "cpu  300 0 100 600 0 0 0 0 0 0\ncpu0 200 0 50 250 0 0 0 0 0 0\ncpu1 100 0 50 350 0 0 0 0 0 0\n")
        let sampler = SystemSampler(files: files)
        #expect(sampler.sample(.core(0), at: 0) == .pending, "nothing to measure against yet")
        #expect(sampler.sample(.core(1), at: 0) == .pending)
        try tree.write("/proc/stat", "cpu  330 0 100 650 0 0 0 0 0 0\ncpu0 225 0 55 260 0 0 0 0 0 0\ncpu1 100 0 50 390 0 0 0 0 0 0\n")
        #expect(sampler.sample(.core(0), at: 1) == .value(0.75))
        #expect(sampler.sample(.core(1), at: 1) == .value(0))
        #expect(sampler.sample(.core(1), at: 2) == .value(0), "no tick since: what it said")
        #expect(sampler.sample(.core(2), at: 1) == .absent(Words.noSuchCore.text))
        // An offline core has no line: `cores` takes the numbers there are.
        try tree.write("/proc/stat", "cpu  4 0 0 4 0 0 0 0 0 0\ncpu0 2 0 0 2 0 0 0 0 0 0\ncpu2 2 0 0 2 0 0 0 0 0 0\n")
        #expect(try SystemSource.resolved([.cores], files: files) == [.core(0), .core(2)])
    }

    @Test func noSwapIsSaidNotShownAsNothingUsed() throws {
        let tree = try Self.laptop()
        try tree.write("/proc/meminfo", "MemTotal:       1000 kB\nMemFree:         100 kB\nMemAvailable:    250 kB\nSwapTotal:         0 kB\nSwapFree:          0 kB\n")
        let sampler = SystemSampler(files: tree.files)
        #expect(sampler.sample(.mem, at: 0) == .value(0.75))
        #expect(sampler.sample(.swap, at: 0) == .absent(Words.noSwap.text))
    }

    /// Figures no kernel gives (more available than there is, "nan", a negative tick count) are
    /// unreadable, never a share below 0 or past 1, never a stop (found by FuzzSystemFiles: memory at
    /// -91366, and a swap total below 0).
    @Test func impossibleFiguresAreUnreadable() throws {
        let tree = try Self.laptop()
        try tree.write("/proc/meminfo",
                       "MemTotal: 1000 kB\nMemAvailable: 92000 kB\nSwapTotal: 10 kB\nSwapFree: 20 kB\n")
        try tree.write("/proc/loadavg", "nan 0.5 0.5 1/100 42\n")
        try tree.write("/proc/stat", "cpu  inf 0 100 600\ncpu0 -200 0 50 250 0 0 0 0 0 0\n")
        let sampler = SystemSampler(files: tree.files)
        for source in [SystemSource.mem, .swap, .load, .cpu, .core(0)] {
            #expect(sampler.sample(source, at: 0) == .unreadable, "\(source)")
        }
        try tree.write("/sys/class/drm/card0/device/gpu_busy_percent", "inf\n")
        #expect(sampler.sample(.gpu(nil), at: 0) == .absent(Words.noGPUFigure.text))
        // A total below 0 stopped the process on a range that cannot be (FuzzSystemFiles, an hour).
        try tree.write("/proc/meminfo", "MemTotal: 1000 kB\nMemAvailable: 500 kB\nSwapTotal: -10 kB\nSwapFree: 20 kB\n")
        #expect(SystemSampler(files: tree.files).sample(.swap, at: 1) == .unreadable)
    }

    @Test func throughputIsBytesPerSecondAgainstTheMaximum() throws {
        let tree = try Self.laptop(), files = tree.files
        // No maximum: eth0's 1000 Mbit/s is 125 MB/s.
        let resolved = try SystemSource.resolved([.down("eth0", perSecond: nil), .up("eth0", perSecond: 1e6)], files: files)
        #expect(resolved == [.down("eth0", perSecond: 125e6), .up("eth0", perSecond: 1e6)])
        #expect(resolved[0].label(files).text(for: 0.1) == "12.5 MB/s")
        let sampler = SystemSampler(files: files)
        #expect(sampler.sample(resolved[0], at: 10) == .pending)
        #expect(sampler.sample(resolved[1], at: 10) == .pending)
        try tree.write("/sys/class/net/eth0/statistics/rx_bytes", "26000000\n")
        try tree.write("/sys/class/net/eth0/statistics/tx_bytes", "1000500\n")
        #expect(sampler.sample(resolved[0], at: 12) == .value(0.1))
        #expect(sampler.sample(resolved[1], at: 12) == .value(0.5))
        // A link that is up with no speed (Wi-Fi, a virtual one): a maximum must be given.
        try tree.write("/sys/class/net/eth0/speed", "-1\n")
        #expect(throws: SystemSource.Problem.self) { try SystemSource.resolved([.down("eth0", perSecond: nil)], files: files) }
        // One that is down at start is read again at each sample: its speed once it is up.
        try tree.write("/sys/class/net/eth0/operstate", "down\n")
        let down = try SystemSource.resolved([.down("eth0", perSecond: nil)], files: files)
        #expect(down == [.down("eth0", perSecond: nil)])
        #expect(sampler.sample(down[0], at: 20) == .absent(Words.noLinkSpeed.text))
        try tree.write("/sys/class/net/eth0/speed", "100\n")
        #expect(sampler.sample(down[0], at: 21) == .pending)
        try tree.write("/sys/class/net/eth0/statistics/rx_bytes", "27250000\n")
        #expect(sampler.sample(down[0], at: 22) == .value(0.1), "1.25 MB in a second of 12.5 MB/s")
        // An interface that is gone is said.
        #expect(sampler.sample(.down("wlan0", perSecond: 1e6), at: 12) == .absent(Words.noSuchInterface.text))
    }

    @Test func diskIOIsBusyTimeOrBytes() throws {
        let tree = try Self.laptop(), files = tree.files
        let sampler = SystemSampler(files: files)
        let busy = SystemSource.diskio("sda", perSecond: nil), bytes = SystemSource.diskio("sda", perSecond: 1e6)
        #expect(sampler.sample(busy, at: 0) == .pending && sampler.sample(bytes, at: 0) == .pending)
        // 500 ms busy over 2 s; 2000 + 2000 sectors of 512 bytes over 2 s against 1 MB/s.
        try tree.write("/sys/block/sda/stat", "120 0 4000 0 60 0 6000 0 0 1500 0\n")
        #expect(sampler.sample(busy, at: 2) == .value(0.25))
        #expect(sampler.sample(bytes, at: 2) == .value(1.024))
        #expect(sampler.sample(.diskio("sdz", perSecond: nil), at: 2) == .absent(Words.noSuchDisk.text))
        #expect(bytes.label(files).text(for: 1.024) == "1.0 MB/s")
    }

    @Test func theGPUSaysHowBusyItIs() throws {
        let tree = try Self.laptop()
        let sampler = SystemSampler(files: tree.files)
        #expect(sampler.sample(.gpu(nil), at: 0) == .value(0.37))
        #expect(sampler.sample(.gpu("card1"), at: 0) == .absent(Words.noGPUFigure.text))
        #expect(SystemSampler(files: try SystemTree().files).sample(.gpu(nil), at: 0) == .absent(Words.noGPUFigure.text))
    }
}

/// A fake root of /proc and /sys in a folder of its own, removed with the value.
final class SystemTree {
    let folder: URL
    var files: SystemFiles { SystemFiles(root: folder.path) }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rings-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(String(path.dropFirst()))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

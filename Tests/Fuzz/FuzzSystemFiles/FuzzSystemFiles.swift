import FoundationEssentials
import FuzzSupport
import Glibc
import RingsLive

/// The files /proc and /sys give the system sources, with any bytes in them: a fake tree of the
/// same layout (`SystemFiles(root:)`), written from the input (its parts between NUL bytes, file by
/// file, then again for a second read, which the rates and CPU shares measure against), read by
/// every kind of source. A reading is a finite value (a share within 0 and 1 where nothing can
/// pass the whole), or says why there is none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSystemFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let parts = bytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
    let sampler = SystemSampler(files: SystemFiles(root: tree))
    for time in [1.0, 2.0] {
        for (index, file) in files.enumerated() {
            let part = Int(time - 1) * files.count + index
            write(file, part < parts.count ? Array(parts[part]) : [])
        }
        for (source, share) in sources {
            guard case let .value(value, _) = sampler.sample(source, at: time) else { continue }
            require(value.isFinite, "\(source): \(value)")
            require(!share || (0...1).contains(value), "\(source) is a share but reads \(value)")
        }
    }
    return 0
}

/// The files written, each under the fake tree.
let files = [
    "/proc/stat", "/proc/meminfo", "/proc/loadavg", "/sys/class/power_supply/BAT0/capacity",
    "/sys/class/power_supply/BAT0/energy_now", "/sys/class/power_supply/BAT0/status",
    "/sys/class/net/eth0/statistics/rx_bytes", "/sys/class/net/eth0/speed", "/sys/block/sda/stat",
    "/sys/class/drm/card0/device/gpu_busy_percent", "/sys/class/hwmon/hwmon0/temp1_input",
    "/sys/class/hwmon/hwmon0/temp1_crit", "/sys/class/hwmon/hwmon0/name",
]

/// Every kind of source, and whether it is a share (which nothing can pass).
let sources: [(SystemSource, share: Bool)] = [
    (.cpu, true), (.core(0), true), (.core(1), true), (.mem, true), (.swap, true), (.load, false),
    (.battery(nil), true), (.down("eth0", perSecond: nil), false), (.up("eth0", perSecond: 1e6), false),
    (.diskio("sda", perSecond: nil), true), (.diskio("sda", perSecond: 1e6), false), (.gpu(nil), false),
    (.temp(nil), false), (.temp("k10temp"), false),
]

/// The fake tree, made once in memory (/dev/shm), with what the parts do not write.
let tree: String = {
    var template = Array("/dev/shm/rings-fuzz-system-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a folder in /dev/shm") }
    let root = String(cString: made)
    for file in files + ["/sys/class/power_supply/BAT0/type", "/sys/class/power_supply/BAT0/energy_full",
                         "/sys/class/net/eth0/statistics/tx_bytes"] {
        let folder = String(file[..<file.lastIndex(of: "/")!])
        try? FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
    }
    for (file, text) in [("type", "Battery"), ("energy_full", "50000000")] {
        require(FileManager.default.createFile(atPath: root + "/sys/class/power_supply/BAT0/" + file,
                                               contents: Data(text.utf8)), "the fake tree's \(file)")
    }
    require(FileManager.default.createFile(atPath: root + "/sys/class/net/eth0/statistics/tx_bytes",
                                           contents: Data("1000".utf8)), "the fake tree's tx_bytes")
    // Gone when libFuzzer ends (it exits through exit(), which runs these).
    atexit { try? FileManager.default.removeItem(atPath: tree) }
    return root
}()

/// Writes `part` as `file` of the tree, whole.
func write(_ file: String, _ part: [UInt8]) {
    let fd = open(tree + file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(fd >= 0, "cannot write \(tree + file)")
    defer { close(fd) }
    require(part.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == part.count, "a short write")
}

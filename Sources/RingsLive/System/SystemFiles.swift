import FoundationEssentials
import RingsBase
import Glibc

/// Where the system sources read /proc and /sys: under `/`, or under the folder
/// `RINGS_SYSTEM_ROOT` names (a test's fake tree of the same layout).
public struct SystemFiles: Sendable {
    /// The folder standing for `/` ("" for the machine's own).
    public let root: String

    public init(root: String = "") { self.root = root.hasSuffix("/") ? String(root.dropLast()) : root }

    /// The machine's files, or the tree `RINGS_SYSTEM_ROOT` names.
    public static var current: SystemFiles { SystemFiles(root: ProcessInfo.processInfo.environment["RINGS_SYSTEM_ROOT"] ?? "") }

    /// The real path of `path` (absolute, as on the machine).
    public func path(_ path: String) -> String { root + path }

    /// The file's text, or nil when it cannot be read (a sysfs attribute may refuse with EINVAL):
    /// its first 64 KB, which hold every line read here (/proc/stat's cpu lines come first).
    public func text(_ path: String) -> String? {
        let fd = open(self.path(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var failed = false
        // Read straight into the string's storage (a /proc file is read every second).
        let text = String(unsafeUninitializedCapacity: 64 * 1024) { buffer in
            var count = 0
            while count < buffer.count {
                let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { failed = n < 0; break }
                count += n
            }
            return count
        }
        return failed ? nil : text
    }

    /// The file's first line, trimmed: a sysfs attribute.
    public func line(_ path: String) -> String? {
        text(path).map { String($0.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").trimmed }
    }

    /// The file's first line as a number.
    public func number(_ path: String) -> Double? { line(path).flatMap(SystemFiles.number) }

    /// A figure of the kernel's: a finite number (never "nan" or "inf", which Double reads too).
    public static func number(_ text: some StringProtocol) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The names in folder `path`, sorted as people count (hwmon2 before hwmon10); empty when it cannot be read.
    public func names(in path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: self.path(path))) ?? []
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// Whether `path` exists.
    public func exists(_ path: String) -> Bool { access(self.path(path), F_OK) == 0 }
}

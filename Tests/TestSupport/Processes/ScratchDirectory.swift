import Foundation

/// A fresh folder of its own under the temporary directory, removed with everything in it when the
/// value goes away: a suite's instance holds one, so each test cleans up after itself.
public final class ScratchDirectory: @unchecked Sendable {
    public let path: String

    /// `prefix` names the folder (`rings-config-PID-RANDOM`), for whoever finds one left by a crash.
    public init(_ prefix: String) {
        path = NSTemporaryDirectory() + "\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A new FIFO named `name` (a path from the folder, "/feed") in the folder, an older one there
    /// removed first; its path.
    public func fifo(_ name: String) throws -> String {
        let fifo = path + name
        unlink(fifo)
        guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        return fifo
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

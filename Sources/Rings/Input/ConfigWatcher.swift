import Foundation
import RingsRaster

/// Watches a config file for the live screen: `changed` is called when SIGHUP comes or when the file
/// is written or replaced (inotify on its folder, so an editor's save-by-rename is seen too), a
/// burst of writes once, 0.2 s after the last. SIGHUP no longer ends the process while it watches
/// (`ProcessSignals` takes it).
public final class ConfigWatcher: @unchecked Sendable {
    public let path: String
    private let changed: @Sendable () -> Void
    private let thread = FeedThread()
    /// Written to by `stop`, so that the watching thread, asleep in poll, ends at once.
    private var stopPipe: [Int32] = [-1, -1]

    public init(path: String, changed: @escaping @Sendable () -> Void) {
        self.path = path; self.changed = changed
    }

    public func start() {
        ProcessSignals.onHangUp(changed)
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, folder.isEmpty ? "/" : folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)) >= 0 else {
            if fd >= 0 { close(fd) }
            StandardError.say("rings: cannot watch \(path) for changes (\(String(cString: strerror(errno)))); SIGHUP still reloads it")
            return
        }
        guard pipe(&stopPipe) == 0 else { close(fd); return }
        let wake = stopPipe[0]
        thread.start(named: "rings config") { [self] in watch(fd, name: name, stop: wake) }
    }

    public func stop() {
        thread.stop()
        ProcessSignals.onHangUp(nil)
        if stopPipe[1] >= 0 {
            var byte: UInt8 = 1
            _ = write(stopPipe[1], &byte, 1)
            close(stopPipe[1])
            stopPipe[1] = -1
        }
    }

    /// Reads the folder's events, asleep in poll until one comes (or `stop` writes to its pipe); a
    /// change to the file is told once its writes have been quiet for 0.2 s.
    private func watch(_ fd: Int32, name: String, stop: Int32) {
        defer { close(fd); close(stop) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var due: Double?
        let clock = { ProcessInfo.processInfo.systemUptime }
        while !thread.isStopped {
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let wait = due.map { Int32(max(0, $0 - clock()) * 1000) } ?? -1
            if poll(&ready, 2, wait) > 0, ready[0].revents != 0 {
                let n = read(fd, &buffer, buffer.count)
                var offset = 0
                while n > 0, offset + 16 <= n {
                    let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                    let named = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                    if String(decoding: named, as: UTF8.self) == name { due = clock() + 0.2 }
                    offset += 16 + length
                }
            }
            if let at = due, clock() >= at {
                due = nil
                changed()
            }
        }
    }
}

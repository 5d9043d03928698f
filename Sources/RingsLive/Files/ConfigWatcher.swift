import Rings
import FoundationEssentials
import Glibc
import RingsRaster

/// Watches a config file for the live screen: `changed` is called on the watcher's own thread (so
/// that reading the file never holds up a frame) when SIGHUP comes or when the file is written or
/// replaced, a burst of writes once, 0.2 s after the last, and a burst of requests to read it at
/// most once every `pause`. inotify watches the folder of the path
/// and, when the path is a symbolic link, the folder of the file it leads to, so that an editor's
/// save-by-rename is seen in either. SIGHUP no longer ends the process while it watches
/// (`ProcessSignals` takes it).
public final class ConfigWatcher: @unchecked Sendable {
    public let path: String
    private let changed: @Sendable () -> Void
    private let thread = FeedThread()
    /// Written to by SIGHUP (`hangUp`) and by `stop` (`quit`): the watching thread, asleep in poll, wakes at once.
    private var wakePipe: [Int32] = [-1, -1]
    private static let hangUp: UInt8 = 1, quit: UInt8 = 2

    public init(path: String, changed: @escaping @Sendable () -> Void) {
        self.path = path; self.changed = changed
    }

    public func start() {
        guard pipe(&wakePipe) == 0 else {
            StandardError.say("rings: cannot watch \(path) for changes (\(String(cString: strerror(errno))))")
            return
        }
        wakePipe.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        let writer = wakePipe[1]
        ProcessSignals.onHangUp { Self.send(Self.hangUp, to: writer) }
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd < 0 { StandardError.say("rings: cannot watch \(path) for changes (\(String(cString: strerror(errno)))); SIGHUP still reloads it") }
        let wake = wakePipe[0]
        thread.start(named: "rings config") { [self] in watch(fd, wake: wake) }
    }

    /// Requests to read the file again come at most this often (a burst of `reload` commands is merged).
    static let pause = 0.5

    /// Reads the file again now, as SIGHUP does (a `reload` command), or `pause` after the last read.
    public func reloadNow() {
        if wakePipe[1] >= 0 { Self.send(Self.hangUp, to: wakePipe[1]) }
    }

    public func stop() {
        thread.stop()
        ProcessSignals.onHangUp(nil)
        if wakePipe[1] >= 0 {
            Self.send(Self.quit, to: wakePipe[1])
            close(wakePipe[1])
            wakePipe[1] = -1
        }
    }

    private static func send(_ byte: UInt8, to fd: Int32) {
        var byte = byte
        _ = write(fd, &byte, 1)
    }

    /// The places whose changes are the file's: the path's folder and name, and those of the file a
    /// symbolic link leads to.
    private func places() -> [(folder: String, name: String)] {
        func split(_ path: String) -> (folder: String, name: String) {
            guard let slash = path.lastIndex(of: "/") else { return (".", path) }
            let folder = String(path[..<slash])
            return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
        }
        var found = [split(path)]
        if let real = realpath(path, nil) {
            let target = split(String(cString: real))
            free(real)
            if target != found[0] { found.append(target) }
        }
        return found
    }

    /// Reads the folders' events, asleep in poll until one comes (or the pipe wakes it); a change to
    /// the file is told once its writes have been quiet for 0.2 s, SIGHUP at once.
    private func watch(_ fd: Int32, wake: Int32) {
        defer { if fd >= 0 { close(fd) }; close(wake) }
        var names: [Int32: Set<String>] = [:]
        func watchPlaces() {
            guard fd >= 0 else { return }
            for (folder, name) in places() {
                let id = inotify_add_watch(fd, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
                if id >= 0 { names[id, default: []].insert(name) }
            }
        }
        watchPlaces()
        var buffer = [UInt8](repeating: 0, count: 4096), signals = [UInt8](repeating: 0, count: 256)
        var due: Double?, lastRead = -Double.infinity
        let clock = { ProcessInfo.processInfo.systemUptime }
        while !thread.isStopped {
            var ready = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0), pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let wait = due.map { Int32(max(0, $0 - clock()) * 1000) } ?? -1
            if poll(&ready, fd >= 0 ? 2 : 1, wait) > 0 {
                if ready[0].revents != 0 {
                    // Every request waiting is taken at once: a burst of them is one read.
                    let n = read(wake, &signals, signals.count)
                    guard n > 0, !signals.prefix(n).contains(Self.quit) else { return }
                    due = max(clock(), lastRead + ConfigWatcher.pause)
                }
                if ready[1].revents != 0 {
                    let n = read(fd, &buffer, buffer.count)
                    var offset = 0
                    while n > 0, offset + 16 <= n {
                        let id = Int32(bitPattern: UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16 | UInt32(buffer[offset + 3]) << 24)
                        let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                        let named = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                        if names[id]?.contains(String(decoding: named, as: UTF8.self)) == true { due = clock() + 0.2 }
                        offset += 16 + length
                    }
                }
            }
            if let at = due, clock() >= at {
                due = nil
                lastRead = clock()
                changed()
                // The link may lead elsewhere now.
                watchPlaces()
            }
        }
    }
}

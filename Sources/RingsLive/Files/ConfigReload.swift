import Rings
import RingsRaster
import RingsBase

/// The live screen's config file read again while it runs: on SIGHUP, a change to the file or a
/// `reload` command, the watcher's thread reads it (`reloader`) and what it gives waits here for
/// the screen's loop.
final class ConfigReload {
    /// Reads the config again: the options it gives now, or nil when the file is bad (the
    /// reloader has said why, and the running options stay).
    var reloader: (@Sendable () -> LiveOptions?)?
    private let read = Mutex<LiveOptions?>(nil)
    private var watcher: ConfigWatcher?

    /// Watches `path` (nothing without a path or a reloader); `wake` wakes the screen when options wait.
    func start(watching path: String?, wake: @escaping @Sendable () -> Void) {
        guard let path, let reloader else { return }
        let read = read
        watcher = ConfigWatcher(path: path) {
            guard let fresh = reloader() else { return }
            read.withLock { $0 = fresh }
            wake()
        }
        watcher?.start()
    }

    /// The options a reload read, once.
    func take() -> LiveOptions? { read.withLock { fresh in defer { fresh = nil }; return fresh } }

    /// Reads the file now, as SIGHUP does; false when there is no file to read.
    func now() -> Bool {
        watcher?.reloadNow()
        return watcher != nil
    }

    func stop() { watcher?.stop(); watcher = nil }
}

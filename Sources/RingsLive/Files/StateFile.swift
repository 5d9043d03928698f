import RingsBase
import Dispatch
import FoundationEssentials
import Glibc
import Rings

/// The state file: the live rings' last values, read at start and replaced (atomically, off the
/// main thread) at most once a second when they change.
public enum StateFile {
    /// The state file this run keeps, claimed for it alone (a lock beside it held while the process
    /// lives, so that two screens never share one): the file `--state-file` or `state-file` names,
    /// `off` for none, else one of its own for what it shows, `$XDG_STATE_HOME/rings/values-KEY.json`
    /// (`~/.local/state` when XDG_STATE_HOME is not set), KEY from `identity` (the config file and
    /// the sources, with the ring names without a config), so that a run never shows values another
    /// run's sources said. A second screen of the same identity takes `values-KEY-2.json`, and so on.
    public static func claim(_ given: String?, identity: String) -> String? {
        if let given {
            guard given != "off" else { return nil }
            if lock(given) { return given }
            StandardError.say("rings: state file \(given) is in use by another rings; the values are not kept")
            return nil
        }
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_STATE_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil })
                ?? environment["HOME"].map({ $0 + "/.local/state" }) else { return nil }
        let stem = base + "/rings/values-" + key(identity)
        try? FileManager.default.createDirectory(atPath: base + "/rings", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for n in 1...8 {
            let path = stem + (n == 1 ? "" : "-\(n)") + ".json"
            if lock(path) { return path }
        }
        StandardError.say("rings: every state file for this screen (\(stem).json ...) is in use; the values are not kept")
        return nil
    }

    /// Sixteen hex digits of FNV-1a over `identity`.
    public static func key(_ identity: String) -> String {
        String(cFormat: "%016llx", fnv1a64(identity))
    }

    /// Takes `path`'s lock (`path.lock`, flock) for the rest of the process; false when another holds it.
    private static func lock(_ path: String) -> Bool {
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        // Without a lock file (a read-only folder) the state file cannot be written either: said when writing.
        guard fd >= 0 else { return true }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { close(fd); return false }
        return true  // held until the process ends
    }

    /// What the file kept for these rings, or nil: no file, another set of rings, not ours. Never
    /// blocks and never reads more than a state file can hold: a FIFO, a device or a folder there, or
    /// a file that cannot be read, is said in one line and not used.
    public static func read(_ path: String, names: [String]) -> ValueMemory? {
        do { return ValueMemory.decode(Data(try BoundedFile.read(path, limit: ValueMemory.largest)), names: names,
                                          now: Date().timeIntervalSince1970) } catch {
            if error != .missing { StandardError.say("rings: state file \(path) \(error); the last values are not shown") }
            return nil
        }
    }

    /// Writes each memory it is given to `path` on a queue of its own; a failure is said at most once a minute.
    public static func keeper(_ path: String) -> (ValueMemory) -> Void {
        let queue = DispatchQueue(label: "rings state file"), problems = ProblemLog.standardError
        return { memory in
            queue.async {
                try? FileManager.default.createDirectory(atPath: OutputFile.folder(of: path), withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])
                let data = memory.encoded()
                do {
                    // The screen's figures are its own user's alone.
                    try OutputFile.write(path, mode: 0o600) { stream in
                        data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, stream) } == data.count ? nil : String(cString: strerror(errno))
                    }
                } catch {
                    problems.note(kind: "state file", "\(error); the values are not kept")
                }
            }
        }
    }
}

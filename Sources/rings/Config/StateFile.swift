import Dispatch
import Foundation
import Rings
import RingsLive
import RingsPNG

/// The state file: the live rings' last values, read at start and replaced (atomically, off the
/// main thread) at most once a second when they change.
enum StateFile {
    /// The file `--state-file` or `state-file` names, `off` for none, else
    /// `$XDG_STATE_HOME/rings/values.json` (`~/.local/state` when XDG_STATE_HOME is not set).
    static func path(_ given: String?) -> String? {
        if let given { return given == "off" ? nil : given }
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_STATE_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil })
                ?? environment["HOME"].map({ $0 + "/.local/state" }) else { return nil }
        return base + "/rings/values.json"
    }

    /// What the file kept for these rings, or nil: no file, another set of rings, not ours. Never
    /// blocks and never reads more than a state file can hold: a FIFO, a device or a folder there, or
    /// a file that cannot be read, is said in one line and not used.
    static func read(_ path: String, names: [String]) -> ValueMemory? {
        do { return ValueMemory.decode(Data(try BoundedFile.read(path, limit: ValueMemory.largest)), names: names,
                                          now: Date().timeIntervalSince1970) } catch {
            if error != .missing { StandardError.say("rings: state file \(path) \(error); the last values are not shown") }
            return nil
        }
    }

    /// Writes each memory it is given to `path` on a queue of its own; a failure is said at most once a minute.
    static func keeper(_ path: String) -> (ValueMemory) -> Void {
        let queue = DispatchQueue(label: "rings state file"), problems = ProblemLog.standardError
        return { memory in
            queue.async {
                try? FileManager.default.createDirectory(atPath: OutputFile.folder(of: path), withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])
                let data = memory.encoded()
                do {
                    try OutputFile.write(path) { stream in
                        data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, stream) } == data.count ? nil : String(cString: strerror(errno))
                    }
                } catch {
                    problems.note(kind: "state file", "\(error); the values are not kept")
                }
            }
        }
    }
}

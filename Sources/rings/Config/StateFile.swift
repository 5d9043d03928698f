import Dispatch
import Foundation
import Rings
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
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { StandardError.say("rings: state file \(path): \(String(cString: strerror(errno))); the last values are not shown") }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            StandardError.say("rings: state file \(path) is not a regular file; the last values are not shown")
            return nil
        }
        var data = [UInt8](repeating: 0, count: ValueMemory.largest + 1), count = 0
        while count < data.count {
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n > 0 { count += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return ValueMemory.decode(Data(data[..<count]), names: names)
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

import FoundationEssentials
import Glibc

/// A file replaced safely: written into a new temporary file in the destination's folder (created
/// exclusively under a random name, never through a link), every write checked and flushed to disk,
/// then renamed over the destination. A failure removes the temporary file and leaves the destination
/// as it was. The destination must be a new name or a regular file: never a folder, a link, a device.
public enum OutputFile {
    /// Why a file could not be written, in one line naming it.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// Why `path` cannot be written, in the user's terms (the path as they gave it), or nil when it can.
    public static func problem(with path: String) -> String? {
        guard !path.isEmpty else { return "no file name given" }
        if path == "-" { return "cannot write -: give a file name (images are not written to standard output)" }
        if path.hasSuffix("/") { return "cannot write \(path): that names a folder, not a file" }
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return "cannot write \(path): it is a folder"
            case S_IFLNK: return "cannot write \(path): it is a symbolic link (name the file itself)"
            default: return "cannot write \(path): it is not a regular file (a device, pipe or socket)"
            }
        }
        let folder = folder(of: path)
        guard stat(folder, &info) == 0 else {
            return errno == ENOENT ? "cannot write \(path): there is no folder \(folder)" : "cannot write \(path): \(reason())"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "cannot write \(path): \(folder) is not a folder" }
        return nil
    }

    /// Replaces `path` with what `body` writes to the stream it is given; `body` returns nil, or
    /// what went wrong. Throws one line naming `path`. `mode` is the new file's (less the umask):
    /// 0600 keeps it from other users from its first byte.
    public static func write(_ path: String, mode: mode_t = 0o666, _ body: (UnsafeMutablePointer<FILE>) -> String?) throws(Failure) {
        if let problem = problem(with: path) { throw Failure(problem) }
        let (temporary, fd) = try create(beside: path, mode: mode)
        guard let stream = fdopen(fd, "wb") else {
            let why = reason()
            close(fd); unlink(temporary)
            throw Failure("cannot write \(path): \(why)")
        }
        var failure = body(stream)
        if failure == nil && fflush(stream) != 0 { failure = reason() }
        if failure == nil && fsync(fd) != 0 { failure = reason() }
        if fclose(stream) != 0 && failure == nil { failure = reason() }
        if failure == nil && rename(temporary, path) != 0 { failure = reason() }
        if let failure {
            unlink(temporary)
            throw Failure("cannot write \(path): \(failure)")
        }
        // The rename itself reaches the disk with the folder (best effort: some file systems refuse).
        let folderFD = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 { fsync(folderFD); close(folderFD) }
    }

    /// A new file `.NAME.RANDOM.tmp` beside `path`, opened for writing: O_EXCL so that nothing planted
    /// there (a file, a link) is ever opened, under a name nobody can guess.
    private static func create(beside path: String, mode: mode_t) throws(Failure) -> (String, Int32) {
        let folder = folder(of: path), name = path.split(separator: "/").last.map(String.init) ?? path
        for _ in 0..<16 {
            let temporary = "\(folder)/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (temporary, fd) }
            if errno != EEXIST { throw Failure("cannot write \(path): \(reason())") }
        }
        throw Failure("cannot write \(path): no free temporary name in \(folder)")
    }

    /// The folder a path names its file in: "." for a bare name, "/" for one at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

import Rings
import FoundationEssentials
import Glibc

/// A settings file read whole only when it is a regular file no larger than a limit: its size is
/// checked with fstat before a byte is read, and no more than the limit is read however it grows
/// meanwhile. It is opened without blocking, so a FIFO in its place is refused at once.
public enum BoundedFile {
    /// Why a file was not read; the description completes "FILE ...".
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing
        case unreadable(String)
        case notAFile
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case let .unreadable(reason): "cannot be read (\(reason))"
            case .notAFile: "is not a regular file"
            case let .tooLarge(limit): "is over \(limit >> 10) KB, more than such a file can need"
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        var bytes = [UInt8](repeating: 0, count: limit + 1), count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n > 0 { count += n } else if n < 0 && errno == EINTR { continue } else if n < 0 {
                throw .unreadable(String(cString: strerror(errno)))
            } else { break }
        }
        guard count <= limit else { throw .tooLarge(limit: limit) }
        return Array(bytes[..<count])
    }
}

import Rings
import FoundationEssentials
import Glibc

/// Reads lines from standard input or follows a file or FIFO like `tail -F` (it survives truncation,
/// replacement and a writer that closes and comes back), on a thread of its own, and hands each line
/// with its number to `deliver`. Lines longer than `FeedLine.maximumLength` are cut off and passed on
/// as they are, for the parser to refuse. It never stops for bad data; standard input stops at its end.
public final class LineFeed: @unchecked Sendable {
    /// Where lines come from: standard input, or a file or FIFO followed like `tail -F`.
    public enum Source: Equatable, Sendable {
        case standardInput
        case path(String)
    }

    public let source: Source
    private let deliver: @Sendable (_ number: Int, _ line: [UInt8]) -> Void
    private let report: @Sendable (String) -> Void
    private let state: @Sendable (String?) -> Void
    private let thread = FeedThread()

    /// `report` hears about the feed itself (closed, reopened), not about the lines' contents;
    /// `state` gets a few words while the file cannot be opened (`no such file: PATH`), nil once it is.
    public init(source: Source, report: @escaping @Sendable (String) -> Void, state: @escaping @Sendable (String?) -> Void = { _ in },
                deliver: @escaping @Sendable (_ number: Int, _ line: [UInt8]) -> Void) {
        self.source = source; self.deliver = deliver; self.report = report; self.state = state
    }

    public func start() { thread.start(named: "rings feed") { [self] in run() } }
    public func stop() { thread.stop() }

    private func run() {
        var number = 0
        switch source {
        case .standardInput:
            _ = read(descriptor: 0, number: &number, follow: nil)
            report("the feed on standard input ended; the rings keep their last values")
        case let .path(path):
            var backoff = 0.25
            /// A FIFO whose writer closed, held open until it is open again: a line the next writer
            /// writes in between stays in the pipe (closing its last descriptor would drop it).
            var held: Int32 = -1
            defer { if held >= 0 { close(held) } }
            /// Says why the feed gives nothing, and waits longer each time (0.25 s doubling to 5 s).
            func wait(_ words: String, _ problem: String) {
                state("\(words): \(path)")
                report(problem + "; trying again")
                Threads.sleep(seconds: backoff)
                backoff = min(5, backoff * 2)
            }
            while !thread.isStopped {
                // Not blocking here: a FIFO's open would wait for a writer before anything is known.
                let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                guard fd >= 0 else {
                    let code = errno
                    wait(SourceHealth.words(errno: code), "cannot open the feed \(path): \(String(cString: strerror(code)))")
                    continue
                }
                if held >= 0 { close(held); held = -1 }
                var info = stat()
                let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
                // Only a file or a FIFO gives lines: a folder, /dev/null or /dev/zero would be read in a busy loop.
                guard kind == S_IFREG || kind == S_IFIFO else {
                    close(fd)
                    wait(kind == S_IFDIR ? "a folder" : "not a file or FIFO",
                         "the feed \(path) is " + (kind == S_IFDIR ? "a folder, not a file" : "not a file or FIFO (a device?)"))
                    continue
                }
                // Blocking reads from here on: a FIFO with no writer waits for one in poll, not in a loop.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                state(nil)
                let ended = read(descriptor: fd, number: &number, follow: path)
                if case .writerClosed = ended, kind == S_IFIFO { held = fd } else { close(fd) }
                switch ended {
                case .changed, .writerClosed: backoff = 0.25
                case let .failed(code): wait("unreadable", "cannot read the feed \(path): \(String(cString: strerror(code)))")
                }
            }
        }
    }

    /// Why `read` returned.
    private enum End {
        /// A followed file was replaced, truncated or rewritten: read it again from the start.
        case changed
        /// The end: a FIFO's writer closed, or standard input ended.
        case writerClosed
        /// A read failed with this errno.
        case failed(Int32)
    }

    /// Reads lines until the end; when following a regular file, waits for it to grow and returns
    /// when it is truncated, replaced or rewritten in place (the caller reopens it). A FIFO's end (its
    /// writer closed) returns too, its last line taken even without a newline, and reopening waits
    /// for the next writer.
    private func read(descriptor fd: Int32, number: inout Int, follow path: String?) -> End {
        /// With a FIFO without a writer yet, poll waits for one (a blocking read would return 0 at once).
        if path != nil, !waitForData(fd) { return thread.isStopped ? .writerClosed : .failed(EIO) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        var info = stat()
        let isRegular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let inode = info.st_ino
        var modified = info.st_mtim
        /// The last bytes read: when the file changes without shrinking, they tell a rewrite from an append.
        var tail: [UInt8] = []
        while !thread.isStopped {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if n == 0 {
                guard let path, isRegular else {
                    // The writer is gone: what it wrote last is a line, newline or not.
                    if !pending.isEmpty { number += 1; deliver(number, pending) }
                    return .writerClosed
                }
                // A regular file: wait for more, or notice truncation and replacement.
                Threads.sleep(seconds: 0.1)
                var now = stat()
                if stat(path, &now) != 0 || now.st_ino != inode || now.st_size < offset {
                    report("the feed \(path) was replaced or truncated; reading it from the start")
                    return .changed
                }
                if now.st_mtim.tv_sec != modified.tv_sec || now.st_mtim.tv_nsec != modified.tv_nsec {
                    modified = now.st_mtim
                    var before = [UInt8](repeating: 0, count: tail.count)
                    if pread(fd, &before, tail.count, offset - off_t(tail.count)) != tail.count || before != tail {
                        report("the feed \(path) was rewritten; reading it from the start")
                        return .changed
                    }
                }
                continue
            }
            offset += off_t(n)
            tail = Array((tail + buffer[0..<n]).suffix(4096))
            for byte in buffer[0..<n] {
                if byte == 0x0A {
                    number += 1
                    deliver(number, pending)
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count <= FeedLine.maximumLength {
                    pending.append(byte)   // one byte past the limit is enough to refuse the line as too long
                }
            }
        }
        return .writerClosed
    }

    /// Waits until `fd` has something to read or its writer closed: a FIFO with no writer yet waits
    /// here, in poll, using no processor (Linux reports no hang-up before a writer has come). False
    /// when the feed was stopped meanwhile, or poll failed.
    private func waitForData(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while !thread.isStopped {
            let n = poll(&entry, 1, 1000)
            if n > 0 { return true }
            if n < 0 && errno != EINTR { return false }
        }
        return false
    }
}

import Foundation

/// What a child writes into a pipe, collected on a thread of its own while the child runs, so that a
/// test can wait for a line as it comes and read the whole once the child has ended. Nothing else
/// may read the pipe once it is watched.
public final class OutputWatch: @unchecked Sendable {
    private let handle: FileHandle
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    /// Starts reading `pipe` (its reading end) until every writer has closed it.
    public init(_ pipe: Pipe) {
        handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in readToEnd() }
    }

    /// Reads what comes, a chunk at a time, until the end of the pipe (or an error).
    private func readToEnd() {
        let fd = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            condition.lock()
            if n > 0 { data.append(contentsOf: buffer[0..<n]) } else { ended = true }
            condition.broadcast()
            condition.unlock()
            if n <= 0 { return }
        }
    }

    /// Waits until `text` has been written (true), or until the pipe has ended or `seconds` have passed without it (false).
    public func waitFor(_ text: String, within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !String(decoding: data, as: UTF8.self).contains(text) {
            if ended || !condition.wait(until: deadline) { return String(decoding: data, as: UTF8.self).contains(text) }
        }
        return true
    }

    /// Waits until every writer has closed the pipe (the child has ended); false when `seconds` passed first.
    public func waitForEnd(within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { return ended }
        }
        return true
    }

    /// Everything written so far, as text.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// A service manager's end of systemd's notify protocol, for the tests: a datagram socket at
/// `path` (give it as NOTIFY_SOCKET) that collects what the service says, with when it came.
public final class NotifySocket {
    public let path: String
    private let fd: Int32

    public init() throws {
        path = NSTemporaryDirectory() + "rings-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard fd >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw BrokerError("cannot make a notify socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw BrokerError("cannot bind \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd); unlink(path) }

    /// The messages that come within `seconds` (each split into its lines), with the time each came.
    public func receive(for seconds: Double) -> [(line: String, at: Date)] {
        var heard: [(String, Date)] = []
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < end {
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, Int32(max(1, end.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { continue }
            for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") { heard.append((String(line), Date())) }
        }
        return heard
    }
}

import Rings
import RingsBase
import FoundationEssentials
import Glibc

/// What a broker's settings must be before a connection is tried, so that `check-config` finds what
/// would otherwise fail at run time ("connecting" for ever, a passphrase prompt on the unit's tty):
/// the host, the client id, the password file and the client's key.
extension MQTTFeed.Settings {
    /// Why `host` is not a host name or address, or nil: ASCII letters, digits, `.`, `-` and `_`, or an
    /// IPv6 address in brackets; no space, no control character.
    static func hostProblem(_ host: String) -> String? {
        let name = host.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")) }
        let address = host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2
            && host.dropFirst().dropLast().utf8.allSatisfy { isxdigit(Int32($0)) != 0 || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
        guard name || address, host.utf8.count <= 253 else {
            return "the host must be a name or an address (letters, digits, . - _, or [IPv6]), not '\(host.oneLine)'"
        }
        return nil
    }

    /// Why `id` cannot be an MQTT client id, or nil: 1 to 65,535 bytes (MQTT's limit), no NUL.
    static func clientIDProblem(_ id: String) -> String? {
        if id.isEmpty { return "is empty: give the screen's lasting name, or leave client-id out" }
        if id.utf8.count > 65_535 { return "is \(id.utf8.count) bytes long; MQTT allows 65,535" }
        if id.unicodeScalars.contains("\u{0}") { return "holds a NUL character" }
        return nil
    }

    /// The password in `path`: its first line, which must not be empty (a UTF-8 byte-order mark an
    /// editor put before it is not part of it); the file at most 4 KB, and not readable by every user.
    public static func password(fromFile path: String) throws(MQTTFeed.Problem) -> String {
        if try readable(path, "password-file").st_mode & S_IROTH != 0 {
            throw MQTTFeed.Problem("password-file \(path): every user of this machine can read it; chmod 600 (or 640, for a group) \(path)")
        }
        var data: [UInt8]
        switch Result(catching: { () throws(BoundedFile.Problem) in try BoundedFile.read(path, limit: 4096) }) {
        case let .success(bytes): data = bytes
        case .failure(.tooLarge): throw MQTTFeed.Problem("password-file \(path): over 4 KB, not a password file")
        case .failure: throw MQTTFeed.Problem("password-file \(path): cannot be read")
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        let password = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        guard !password.isEmpty else { throw MQTTFeed.Problem("password-file \(path): the first line is empty") }
        return String(password)
    }

    /// `path` is a regular file this process can read; what stat said of it.
    @discardableResult
    static func readable(_ path: String, _ key: String) throws(MQTTFeed.Problem) -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw MQTTFeed.Problem("\(key) \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw MQTTFeed.Problem("\(key) \(path): not a regular file") }
        guard access(path, R_OK) == 0 else { throw MQTTFeed.Problem("\(key) \(path): \(String(cString: strerror(errno)))") }
        return info
    }

    /// The client's key at `path` is not protected by a passphrase, which nobody is there to type.
    static func unprotected(_ path: String) throws(MQTTFeed.Problem) {
        guard let bytes = try? BoundedFile.read(path, limit: 64 * 1024) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED") {
            throw MQTTFeed.Problem("key \(path) is protected by a passphrase, which an unattended screen cannot type; "
                                   + "write it without one: openssl pkey -in \(path) -out PLAIN.key")
        }
    }

    /// What is allowed but unwise, one line each: a password sent unencrypted to another machine.
    public var warnings: [String] {
        let loopback = ["localhost", "127.0.0.1", "[::1]"].contains(host) || host.hasPrefix("127.")
        guard password != nil, !tls, !loopback else { return [] }
        return ["the password goes to \(host) unencrypted (mqtt://): anyone on the network between can read it; use mqtts://"]
    }
}

import Foundation

/// How a secure broker's TLS listener is set up: its lines of mosquitto.conf (given the folder its
/// files are in and its port), its access list, and its users with their passwords.
public struct BrokerSecurity {
    public var listener: (_ directory: String, _ port: Int) -> String
    public var acl: String
    public var users: [String: String]

    public init(listener: @escaping (_ directory: String, _ port: Int) -> String, acl: String, users: [String: String]) {
        self.listener = listener; self.acl = acl; self.users = users
    }

    /// User `lobby` (password `s3cret`) alone, who may read `office/rings/#` and `screens/lobby/#`.
    public static var standard: BrokerSecurity { BrokerSecurity(listener: { directory, port in
        """
        listener \(port) 127.0.0.1
        cafile \(directory)/ca.crt
        certfile \(directory)/broker.crt
        keyfile \(directory)/broker.key
        allow_anonymous false
        password_file \(directory)/passwd
        acl_file \(directory)/acl
        """
    }, acl: "user lobby\ntopic read office/rings/#\ntopic readwrite screens/lobby/#\n", users: ["lobby": "s3cret"]) }
}

/// A real Mosquitto broker on a loopback port of its own, for the tests; stopped (and its files
/// removed) when it goes away. A secure broker also listens with TLS on `tlsPort`, set up by its
/// `BrokerSecurity`; its files (`ca.crt`, `broker.crt` for `localhost`, `other-ca.crt` that signed
/// nothing of it, `passwd`, `acl`, and `USER.pw` with each user's password) are made by openssl
/// and mosquitto_passwd. The plain port takes anyone, for the tests' own messages.
public final class Broker {
    public let port: Int, tlsPort: Int
    public let directory: String
    private let security: BrokerSecurity?
    private var process: Process?

    public static var missing: Bool { which("mosquitto") == nil || which("mosquitto_pub") == nil }
    public static var missingTLSTools: Bool { which("openssl") == nil || which("mosquitto_passwd") == nil }

    public init(security: BrokerSecurity? = nil) throws {
        directory = NSTemporaryDirectory() + "rings-broker-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = Int.random(in: 20_000...40_000)
        tlsPort = port + 1
        self.security = security
        if let security { try makeSecurityFiles(security) }
        try start()
    }

    /// The CA, the broker's certificate for localhost, another CA, the password file and the access list.
    private func makeSecurityFiles(_ security: BrokerSecurity) throws {
        let openssl = which("openssl")!
        func run(_ path: String, _ arguments: [String]) throws {
            let result = try runProgram(path, arguments, timeout: 60)
            guard result.status == 0 else { throw BrokerError("\((path as NSString).lastPathComponent) \(arguments.first ?? ""): \(result.stderr)") }
        }
        let at = { (name: String) in "\(self.directory)/\(name)" }
        for ca in ["ca", "other-ca"] {
            try run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", at("\(ca).key"), "-out", at("\(ca).crt"),
                              "-days", "2", "-subj", "/CN=rings test \(ca)"])
        }
        try run(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("broker.key"), "-out", at("broker.csr"), "-subj", "/CN=localhost"])
        try Data("subjectAltName=DNS:localhost\n".utf8).write(to: URL(fileURLWithPath: at("broker.ext")))
        try run(openssl, ["x509", "-req", "-in", at("broker.csr"), "-CA", at("ca.crt"), "-CAkey", at("ca.key"), "-CAcreateserial",
                          "-out", at("broker.crt"), "-days", "2", "-extfile", at("broker.ext")])
        try Data().write(to: URL(fileURLWithPath: at("passwd")))
        for (user, password) in security.users {
            try setPassword(password, of: user)
            try Data("\(password)\n".utf8).write(to: URL(fileURLWithPath: at("\(user).pw")))
            chmod(at("\(user).pw"), 0o600)  // as the docs say: rings refuses a password every user can read
        }
        try Data(security.acl.utf8).write(to: URL(fileURLWithPath: at("acl")))
        // The broker drops to its own user when started as root: it must be able to read them.
        for name in ["ca.crt", "broker.crt", "broker.key", "passwd", "acl"] { chmod(at(name), 0o644) }
    }

    /// Gives `user` this password in the broker's password file; a running broker is started
    /// again to read it (mosquitto 2.0.11 does not read a listener's own password file again on SIGHUP).
    public func setPassword(_ password: String, of user: String = "lobby") throws {
        let result = try runProgram(which("mosquitto_passwd")!, ["-b", "\(directory)/passwd", user, password], timeout: 20)
        guard result.status == 0 else { throw BrokerError("mosquitto_passwd: \(result.stderr)") }
        chmod("\(directory)/passwd", 0o644)
        if process != nil {
            stop()
            try start()
        }
    }

    /// Writes a screen's config in the broker's folder, named `name`.toml: the flat theme at 300x300,
    /// rings at 0.1, no chrome, no grow-in, and this `[mqtt]` table's lines; returns its path.
    public func screenConfig(_ name: String, mqtt: String) throws -> String {
        let path = "\(directory)/\(name).toml"
        let text = "theme = \"flat\"\nsize = \"300x300\"\nprogress = [0.1, 0.1, 0.1]\nduration = 0.1\nchrome = \"none\"\nintro = false\n[mqtt]\n" + mqtt
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What the broker has logged (connections, refusals).
    public var log: String { (try? String(contentsOfFile: "\(directory)/broker.log", encoding: .utf8)) ?? "" }

    deinit { stop(); try? FileManager.default.removeItem(atPath: directory) }

    /// Starts (or starts again) the broker on its port; returns once it accepts connections.
    public func start() throws {
        let config = directory + "/mosquitto.conf"
        var settings = "per_listener_settings true\npersistence false\nlog_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\nlog_type information\nlog_type subscribe\nlistener \(port) 127.0.0.1\nallow_anonymous true\n"
        if let security { settings += security.listener(directory, tlsPort) + "\n" }
        try Data(settings.utf8).write(to: URL(fileURLWithPath: config))
        let broker = Process()
        broker.executableURL = URL(fileURLWithPath: which("mosquitto")!)
        broker.arguments = ["-c", config]
        broker.standardOutput = FileHandle.nullDevice
        guard FileManager.default.createFile(atPath: "\(directory)/broker.log", contents: nil) else {
            throw BrokerError("cannot create \(directory)/broker.log")
        }
        broker.standardError = FileHandle(forWritingAtPath: "\(directory)/broker.log")
        try broker.run()
        process = broker
        let ready = eventually(within: 10) {
            (try? runProgram(which("mosquitto_pub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-t", "rings/probe", "-m", "x"], timeout: 5))?.status == 0
        }
        guard ready else { throw BrokerError("mosquitto did not start on port \(port)") }
    }

    /// Stops the broker, as a broker that went away. SIGKILL: a child of the test process starts
    /// with SIGTERM blocked (inherited from the test runner), and mosquitto does not unblock it.
    public func stop() {
        guard let broker = process else { return }
        process = nil
        if broker.isRunning { kill(broker.processIdentifier, SIGKILL) }
        _ = eventually(within: 5) { !broker.isRunning }
    }

    /// Publishes `message` on `topic` (QoS 1; `retain` keeps it for later subscribers).
    public func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
        let result = try runProgram(which("mosquitto_pub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-q", "1", "-t", topic, "-m", message]
                                    + (retain ? ["-r"] : []), timeout: 10)
        guard result.status == 0 else { throw BrokerError("mosquitto_pub failed: \(result.stderr)") }
    }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// How many times a client has subscribed to exactly `topic` (the broker logs each subscription
    /// as "<time>: <client> <qos> <topic>").
    public func subscriptions(to topic: String) -> Int {
        log.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            return words.count == 4 && words[3] == topic && Int(words[2]) != nil
        }.count
    }

    /// Waits until more than `earlier` subscriptions to `topic` are in the broker's log: a message
    /// published after this reaches the subscriber. Throws after `seconds`.
    public func awaitSubscription(to topic: String, beyond earlier: Int = 0, within seconds: Double = 60) throws {
        guard eventually(within: seconds, { subscriptions(to: topic) > earlier }) else {
            throw BrokerError("nobody subscribed to \(topic) within \(Int(seconds)) s; the broker's log:\n\(log)")
        }
    }

    /// The retained message on `topic` (what a new subscriber gets at once), or nil after 2 s.
    /// (mosquitto_sub's own -W does not fire under the test runner, whose children start with
    /// signals blocked: the wait is runProgram's.)
    public func retained(_ topic: String) throws -> String? {
        let result = try runProgram(which("mosquitto_sub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-t", topic, "-C", "1"], timeout: 2)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}

/// The broker could not be started or used.
public struct BrokerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

import Foundation

/// A real Mosquitto broker on a loopback port of its own, for the tests; stopped (and its files
/// removed) when it goes away.
public final class Broker {
    public let port: Int
    let directory: String
    private var process: Process?

    public static var missing: Bool { which("mosquitto") == nil || which("mosquitto_pub") == nil }

    public init() throws {
        directory = NSTemporaryDirectory() + "rings-broker-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = Int.random(in: 20_000...40_000)
        try start()
    }

    deinit { stop(); try? FileManager.default.removeItem(atPath: directory) }

    /// Starts (or starts again) the broker on its port; returns once it accepts connections.
    public func start() throws {
        let config = directory + "/mosquitto.conf"
        try Data("listener \(port) 127.0.0.1\nallow_anonymous true\npersistence false\n".utf8).write(to: URL(fileURLWithPath: config))
        let broker = Process()
        broker.executableURL = URL(fileURLWithPath: which("mosquitto")!)
        broker.arguments = ["-c", config]
        broker.standardOutput = FileHandle.nullDevice
        broker.standardError = FileHandle.nullDevice
        try broker.run()
        process = broker
        let ready = eventually(within: 10) {
            (try? runProgram(which("mosquitto_pub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-t", "rings/probe", "-m", "x"], timeout: 5))?.status == 0
        }
        guard ready else { throw BrokerError("mosquitto did not start on port \(port)") }
    }

    /// Stops the broker (SIGTERM), as a broker that went away.
    public func stop() {
        guard let broker = process else { return }
        process = nil
        if broker.isRunning { broker.terminate() }
        _ = eventually(within: 5) { !broker.isRunning }
    }

    /// Publishes `message` on `topic` (QoS 1; `retain` keeps it for later subscribers).
    public func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
        let result = try runProgram(which("mosquitto_pub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-q", "1", "-t", topic, "-m", message]
                                    + (retain ? ["-r"] : []), timeout: 10)
        guard result.status == 0 else { throw BrokerError("mosquitto_pub failed: \(result.stderr)") }
    }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// The retained message on `topic` (what a new subscriber gets at once), or nil.
    public func retained(_ topic: String) throws -> String? {
        let result = try runProgram(which("mosquitto_sub")!, ["-p", "\(port)", "-h", "127.0.0.1", "-t", topic, "-C", "1", "-W", "2"], timeout: 10)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}

/// The broker could not be started or used.
public struct BrokerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

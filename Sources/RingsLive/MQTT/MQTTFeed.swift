import Rings
import RingsBase
import CMosquitto
import FoundationEssentials
import Glibc
import Dispatch
import RingsRaster

/// Values from an MQTT broker, through libmosquitto, on a network thread of its own: connects in
/// the background, subscribes to the topics on every (re)connection and hands each message to
/// `deliver`. A lost or unreachable broker is tried again 1 s later, doubling to 30 s (and so is one
/// that ends each session within seconds, as a second client with the same id makes it); a refused
/// login or a failed TLS handshake every 30 s. The connection's state goes to `state` as it changes.
public final class MQTTFeed: @unchecked Sendable {
    /// How the connection stands, in the legend's words (the reasons go to stderr).
    public enum State: String, Sendable, CaseIterable {
        case connecting, connected, reconnecting
        case refused = "login refused", untrusted = "TLS failed"
    }

    public let settings: Settings
    /// The rings' names, for the status message and the discovery configs (set before `start`;
    /// `rename` changes them while it runs).
    public var ringNames: [String] {
        get { published.withLock { $0.names } }
        set { published.withLock { $0.names = newValue } }
    }
    /// The names, and the Home Assistant discovery configs this screen publishes, by topic (made as it starts).
    let published = Mutex((names: [String](), discovery: [String: String]()))
    let deliver: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void
    let report: @Sendable (_ kind: String, _ message: String) -> Void
    let changed: @Sendable (State) -> Void
    /// libmosquitto's client while it runs, for the callers' threads: `stop` takes it out under the
    /// lock, so that no publish can use it once it is being destroyed. The network thread and
    /// libmosquitto's callbacks use the client they are given.
    private let client = Mutex<OpaquePointer?>(nil)
    private let thread = FeedThread()
    /// Signalled by `stop` (ends a wait between attempts) and by the thread when it has ended.
    let wakeUp = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
    let session = Mutex(Session())
    /// The topic filters subscribed to: the settings', and this screen's own `STATUS-TOPIC/set` and
    /// `STATUS-TOPIC/cmd` (commands: `deliver` tells them by their topic).
    let filters: [String]
    /// Messages longer than this are refused before they are copied.
    public static let maximumPayload = FeedLine.maximumLength
    /// The slow pace: the longest wait between attempts, and the wait after a refusal.
    static let slowest = 30.0

    public init(settings: Settings, report: @escaping @Sendable (_ kind: String, _ message: String) -> Void,
                state: @escaping @Sendable (State) -> Void, deliver: @escaping @Sendable (_ topic: String, _ payload: [UInt8]) -> Void) {
        self.settings = settings; self.report = report; self.changed = state; self.deliver = deliver
        filters = settings.topics + (settings.statusTopic.map { [$0 + "/set"] } ?? []) + (settings.commandTopic.map { [$0] } ?? [])
    }

    deinit { stop() }

    /// Loads libmosquitto once: nil, or why it cannot be loaded.
    private static let library: String? = {
        var why = [CChar](repeating: 0, count: 256)
        guard rings_mosquitto_load(&why, why.count) == 0 else { return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        mosquitto_lib_init()
        // libmosquitto holds each message whole (up to the broker's limit, 1 MB and more) before we
        // refuse it; glibc would raise its mmap threshold after the first such block and keep the
        // later ones resident in the network thread's heap. Fixed, they go back to the system.
        mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        return nil
    }()

    /// Starts the network thread, which connects in the background (the window does not wait for the broker).
    public func start() {
        if let missing = MQTTFeed.library {
            report("mqtt", "cannot load libmosquitto, which MQTT needs (apt install libmosquitto1): \(missing)")
            return
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard client.withLock({ $0 }) == nil,
              let m = mosquitto_new(settings.clientID, !settings.keepsSession, me) else {
            report("mqtt", "cannot start an MQTT client")
            return
        }
        mosquitto_threaded_set(m, true)
        setCallbacks(m)
        if let problem = secure(m) {
            mosquitto_destroy(m)
            changed(.untrusted)
            report("mqtt", "MQTT \(settings.host):\(settings.port): \(problem)")
            return
        }
        client.withLock { $0 = m }
        published.withLock { $0.discovery = settings.discoveryConfigs(names: $0.names) }
        if let topic = settings.statusTopic {
            let will = Array(status(online: false).utf8)
            mosquitto_will_set(m, topic, Int32(will.count), will, 1, true)
        }
        changed(.connecting)
        nonisolated(unsafe) let network = m  // used by that thread alone until `stop` has ended it
        thread.start(named: "rings mqtt") { [self] in run(network) }
    }

    /// TLS files and the login; a problem in one line, or nil.
    private func secure(_ m: OpaquePointer) -> String? {
        if settings.tls {
            // No passphrase: OpenSSL would ask for one on the terminal, and wait there for ever.
            let code = mosquitto_tls_set(m, settings.ca, settings.caFolder, settings.cert, settings.key) { _, _, _, _ in 0 }
            guard code == MOSQ_ERR_SUCCESS.rawValue else { return "the TLS files cannot be used: \(MQTTFeed.words(code))" }
        }
        if let user = settings.username, mosquitto_username_pw_set(m, user, settings.password) != MOSQ_ERR_SUCCESS.rawValue {
            return "the username cannot be used"
        }
        return nil
    }

    /// Says `offline` (on a clean exit the broker sends no last will), disconnects and ends the
    /// thread, all within `MQTTFeed.farewellTime` twice over, so that a quit stays within the second
    /// `ProcessSignals` allows: when the broker has not acknowledged `offline` by then, the
    /// connection is dropped without a DISCONNECT, so that its last will says `offline` instead.
    public func stop() {
        guard let m = client.withLock({ taken in defer { taken = nil }; return taken }) else { return }
        var saidOffline = settings.statusTopic == nil
        if let topic = settings.statusTopic, session.withLock({ $0.connected }) {
            var mid: Int32 = 0
            let words = Array(status(online: false).utf8)
            if mosquitto_publish(m, &mid, topic, Int32(words.count), words, 1, true) == MOSQ_ERR_SUCCESS.rawValue {
                session.withLock { $0.farewell = mid }
                // The network thread sends it; the broker's acknowledgement ends the wait.
                saidOffline = wakeUp.wait(timeout: .now() + MQTTFeed.farewellTime) == .success
            }
        }
        thread.stop()
        if saidOffline { mosquitto_disconnect(m) }
        wakeUp.signal()
        // A thread stuck resolving a host name keeps its client; the process is ending anyway.
        if finished.wait(timeout: .now() + MQTTFeed.farewellTime) == .success { mosquitto_destroy(m) }
    }

    /// Why the broker is not to be trusted, before libmosquitto connects: its certificate, checked
    /// as RFC 6125 says (libmosquitto's check takes a certificate's CN for the host); nil over
    /// mqtt://, when it is trusted, or when no handshake could be made (the connection says why).
    private func distrust() -> String? {
        guard settings.tls else { return nil }
        let host = settings.host.hasPrefix("[") ? String(settings.host.dropFirst().dropLast()) : settings.host
        let verified = rings_tls_verify_broker(host, Int32(settings.port), settings.ca, settings.caFolder,
                                               settings.cert, settings.key, 10_000)
        return verified > 0 ? untrusted(verified) : nil
    }

    /// A session shorter than this that the broker ends is brief: twice in a row, it says why.
    static let brief = 10.0

    /// How long `stop` waits for the broker to take `offline`, and then for the network thread.
    static let farewellTime = 0.3

    /// The network thread: an attempt, its session until it ends, the reason said once, a wait, again.
    private func run(_ m: OpaquePointer) {
        var delay = 1.0
        while !thread.isStopped {
            session.withLock { $0.startAttempt() }
            var code: Int32, error: Int32 = 0
            if let distrust = distrust() {
                // Nothing is sent to a broker whose certificate does not name it.
                code = MOSQ_ERR_TLS.rawValue
                session.withLock { $0.logged = distrust }
            } else {
                code = mosquitto_connect_async(m, settings.host, Int32(settings.port), Int32(settings.keepalive))
                error = errno
            }
            while code == MOSQ_ERR_SUCCESS.rawValue && !thread.isStopped {
                code = mosquitto_loop(m, 1000, 1)
                error = errno
                publishStatusIfDue(m)
                checkDiscovery()
            }
            if thread.isStopped { break }
            // A session the broker ends at once, again and again, is not a reason to come back at once:
            // the wait goes on doubling, as for a broker that cannot be reached.
            let now = ProcessInfo.processInfo.systemUptime
            let attempt = session.withLock { session in
                if session.connected {
                    session.briefInARow = now - session.connectedAt < MQTTFeed.brief && code != MOSQ_ERR_KEEPALIVE.rawValue ? session.briefInARow + 1 : 0
                }
                return session
            }
            if attempt.connected && attempt.briefInARow < 2 { delay = 1 }
            let failure = Failure(code: code, errno: error, attempt: attempt, clientID: settings.clientID)
            let wait = failure.slow ? MQTTFeed.slowest : delay
            if !failure.slow { delay = min(delay * 2, MQTTFeed.slowest) }
            changed(failure.state)
            let place = "\(settings.host):\(settings.port)"
            report(failure.kind, "MQTT \(place): \(failure.reason); trying again in \(Int(wait)) s")
            _ = wakeUp.wait(timeout: .now() + wait)
        }
        finished.signal()
    }

    /// The rings have new names (a reload): the status message and the discovery configs say them,
    /// at once when connected (the network thread publishes what it has otherwise on connecting).
    public func rename(_ names: [String]) {
        let configs = settings.discoveryConfigs(names: names)
        published.withLock { $0 = (names, configs) }
        client.withLock { m in
            guard let m, session.withLock({ $0.connected }) else { return }
            for (topic, config) in configs.sorted(by: { $0.key < $1.key }) { publish(m, topic, config) }
            if let topic = settings.statusTopic {
                publish(m, topic, status(online: true, lastValue: session.withLock { $0.lastValue }))
            }
        }
    }

    /// Publishes `text` retained, at QoS 1, from any thread (libmosquitto is told it is threaded).
    func publish(_ m: OpaquePointer, _ topic: String, _ text: String) {
        let bytes = Array(text.utf8)
        mosquitto_publish(m, nil, topic, Int32(bytes.count), bytes, 1, true)
    }

    /// Says the screen's state (`ScreenState`) on `STATUS-TOPIC/state`, retained, while connected;
    /// what is said while the broker is away is said again on connecting (the screen is told then).
    public func say(state: String) {
        client.withLock { m in
            guard let m, let topic = settings.stateTopic, session.withLock({ $0.connected }) else { return }
            publish(m, topic, state)
        }
    }

    /// Messages received and connections made so far, for `--stats`.
    public var counts: (messages: Int, connections: Int) { session.withLock { ($0.messages, $0.connections) } }

    /// Words for a libmosquitto result code.
    static func words(_ code: Int32) -> String { String(cString: mosquitto_strerror(code)) }
}

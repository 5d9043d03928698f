import Rings
import CMosquitto
import FoundationEssentials
import Glibc
import Dispatch
import RingsRaster

/// Values from an MQTT broker, through libmosquitto, on a network thread of its own: connects in
/// the background, subscribes to the topics on every (re)connection and hands each message to
/// `deliver`. A lost or unreachable broker is tried again 1 s later, doubling to 30 s; a refused
/// login or a failed TLS handshake every 30 s. The connection's state goes to `state` as it changes.
public final class MQTTFeed: @unchecked Sendable {
    /// How the connection stands, in the legend's words (the reasons go to stderr).
    public enum State: String, Sendable, CaseIterable {
        case connecting, connected, reconnecting
        case refused = "login refused", untrusted = "TLS failed"
    }

    public let settings: Settings
    /// The rings' names, for the status message.
    public var ringNames: [String] = []
    private let deliver: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void
    private let report: @Sendable (_ kind: String, _ message: String) -> Void
    private let changed: @Sendable (State) -> Void
    private var client: OpaquePointer?
    private let thread = FeedThread()
    /// Signalled by `stop` (ends a wait between attempts) and by the thread when it has ended.
    private let wakeUp = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
    let session = Mutex(Session())
    /// The topic filters subscribed to: the settings', and this screen's own `STATUS-TOPIC/set` and
    /// `STATUS-TOPIC/cmd` (commands: `deliver` tells them by their topic).
    private let filters: [String]
    /// The Home Assistant discovery configs this screen publishes, by topic (made as it starts).
    private var discoveryConfigs: [String: String] = [:]
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
        guard client == nil, let m = mosquitto_new(settings.clientID, !settings.keepsSession, Unmanaged.passUnretained(self).toOpaque()) else {
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
        client = m
        discoveryConfigs = settings.discoveryConfigs(names: ringNames)
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
            let code = mosquitto_tls_set(m, settings.ca, settings.ca == nil ? "/etc/ssl/certs" : nil, settings.cert, settings.key, nil)
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
        guard let m = client else { return }
        client = nil
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

    /// How long `stop` waits for the broker to take `offline`, and then for the network thread.
    static let farewellTime = 0.3

    /// The network thread: an attempt, its session until it ends, the reason said once, a wait, again.
    private func run(_ m: OpaquePointer) {
        var delay = 1.0
        while !thread.isStopped {
            session.withLock { $0.startAttempt() }
            var code = mosquitto_connect_async(m, settings.host, Int32(settings.port), Int32(settings.keepalive))
            var error = errno
            while code == MOSQ_ERR_SUCCESS.rawValue && !thread.isStopped {
                code = mosquitto_loop(m, 1000, 1)
                error = errno
                publishStatusIfDue(m)
            }
            if thread.isStopped { break }
            let attempt = session.withLock { $0 }
            if attempt.connected { delay = 1 }
            let failure = Failure(code: code, errno: error, attempt: attempt)
            let wait = failure.slow ? MQTTFeed.slowest : delay
            if !failure.slow { delay = min(delay * 2, MQTTFeed.slowest) }
            changed(failure.state)
            report("mqtt \(failure.state.rawValue)", "MQTT \(settings.host):\(settings.port): \(failure.reason); trying again in \(Int(wait)) s")
            _ = wakeUp.wait(timeout: .now() + wait)
        }
        finished.signal()
    }

    private func setCallbacks(_ m: OpaquePointer) {
        mosquitto_connect_callback_set(m) { _, me, code in MQTTFeed.from(me).connected(Int(code)) }
        mosquitto_message_callback_set(m) { _, me, message in
            guard let message else { return }
            MQTTFeed.from(me).received(message.pointee)
        }
        mosquitto_subscribe_callback_set(m) { _, me, mid, count, granted in
            guard let granted, (0..<Int(count)).contains(where: { granted[$0] > 1 }) else {
                MQTTFeed.from(me).subscribed(mid)
                return
            }
            MQTTFeed.from(me).subscriptionRefused(mid)
        }
        mosquitto_publish_callback_set(m) { _, me, mid in
            let feed = MQTTFeed.from(me)
            if feed.session.withLock({ $0.farewell == mid }) { feed.wakeUp.signal() }
        }
        mosquitto_log_callback_set(m) { m, me, level, text in
            guard level == MOSQ_LOG_ERR, let text else { return }
            let feed = MQTTFeed.from(me)
            // Why OpenSSL did not trust the broker, while the connection still holds it.
            let verified = OpaquePointer(mosquitto_ssl_get(m)).map { SSL_get_verify_result($0) } ?? Int(X509_V_OK)
            let why = switch Int32(verified) {
            case X509_V_OK: String(String(cString: text).split(separator: ":").last ?? "")  // "OpenSSL Error[0]: error:...::certificate verify failed"
            // libmosquitto's own hostname check leaves only this behind.
            case X509_V_ERR_UNSPECIFIED, X509_V_ERR_HOSTNAME_MISMATCH: "the broker's certificate is not for \(feed.settings.host)"
            default: String(cString: X509_verify_cert_error_string(verified))
            }
            feed.session.withLock { $0.logged = why }
        }
    }

    private static func from(_ pointer: UnsafeMutableRawPointer?) -> MQTTFeed {
        Unmanaged<MQTTFeed>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private func connected(_ code: Int) {
        guard code == 0, let m = client else {
            session.withLock { $0.refusal = code }
            return
        }
        var topics: [Int32: String] = [:]
        for topic in filters {
            var mid: Int32 = 0
            // Commands at QoS 0: a broker keeps none of them for a screen that is away.
            let qos = topic == settings.commandTopic ? 0 : Int32(settings.qos)
            if mosquitto_subscribe(m, &mid, topic, qos) == MOSQ_ERR_SUCCESS.rawValue { topics[mid] = topic }
        }
        if settings.discovery != nil {
            var mid: Int32 = 0
            if mosquitto_subscribe(m, &mid, settings.discoveryFilter, 1) == MOSQ_ERR_SUCCESS.rawValue { topics[mid] = settings.discoveryFilter }
            for (topic, config) in discoveryConfigs.sorted(by: { $0.key < $1.key }) { publish(m, topic, config) }
        }
        session.withLock { $0.connected = true; $0.connections += 1; $0.subscriptions = topics }
        publishStatusIfDue(m)
        changed(.connected)
    }

    /// A subscription is in place: the command topic's opens the door to commands.
    private func subscribed(_ mid: Int32) {
        session.withLock { session in
            if let topic = session.subscriptions[mid], topic == settings.commandTopic { session.commandsOpen = true }
        }
    }

    private func subscriptionRefused(_ mid: Int32) {
        let topic = session.withLock { $0.subscriptions[mid] } ?? "?"
        report("mqtt subscription", "MQTT \(settings.host):\(settings.port) refused the subscription to '\(topic)' (its access list?); nothing from it will show")
    }

    private func received(_ message: mosquitto_message) {
        guard let name = message.topic else { return }
        if settings.discovery != nil, matches(settings.discoveryFilter, name) {
            // A config kept from an earlier run that this one does not publish (discovery turned
            // off, fewer rings): emptied, which removes the entity from Home Assistant.
            let topic = String(cString: name)
            if message.retain && message.payloadlen > 0 && discoveryConfigs[topic] == nil, let m = client { publish(m, topic, "") }
            return
        }
        // A kept session may still hold subscriptions that an earlier config asked for: only ours count.
        guard filters.contains(where: { matches($0, name) }) else { return }
        let topic = String(cString: name)
        // What this screen says itself (a filter such as # takes it in too) is not a value.
        guard topic != settings.statusTopic && topic != settings.stateTopic else { return }
        if topic == settings.commandTopic, let refusal = refusal(ofCommandRetained: message.retain) {
            report("mqtt \(message.retain ? "retained" : "queued") command", "MQTT command on \(topic): \(refusal) (ignored; a command is an order for now)")
            return
        }
        session.withLock { $0.messages += 1 }
        // No more than one byte past the longest line is copied: a larger payload is refused as too long.
        let length = min(Int(message.payloadlen), MQTTFeed.maximumPayload + 1)
        deliver(topic, message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
    }

    /// Why a command is not for now: retained (it would be obeyed again at every start), or held by a
    /// kept session while the screen was away (it comes before this connection's subscription is
    /// acknowledged); nil for a command sent now.
    private func refusal(ofCommandRetained retained: Bool) -> String? {
        if retained {
            return "retained; send commands without the retain flag (clear this one: mosquitto_pub -r -n -t \(settings.commandTopic ?? ""))"
        }
        guard session.withLock({ $0.commandsOpen }) else { return "sent while the screen was away" }
        return nil
    }

    /// The topic `name` matches the filter.
    private func matches(_ filter: String, _ name: UnsafePointer<CChar>) -> Bool {
        var matches = false
        return mosquitto_topic_matches_sub(filter, name, &matches) == MOSQ_ERR_SUCCESS.rawValue && matches
    }

    /// Publishes `text` retained, at QoS 1, from any thread (libmosquitto is told it is threaded).
    func publish(_ m: OpaquePointer, _ topic: String, _ text: String) {
        let bytes = Array(text.utf8)
        mosquitto_publish(m, nil, topic, Int32(bytes.count), bytes, 1, true)
    }

    /// Says the screen's state (`ScreenState`) on `STATUS-TOPIC/state`, retained, while connected;
    /// what is said while the broker is away is said again on connecting (the screen is told then).
    public func say(state: String) {
        guard let m = client, let topic = settings.stateTopic, session.withLock({ $0.connected }) else { return }
        publish(m, topic, state)
    }

    /// Messages received and connections made so far, for `--stats`.
    public var counts: (messages: Int, connections: Int) { session.withLock { ($0.messages, $0.connections) } }

    /// Words for a libmosquitto result code.
    static func words(_ code: Int32) -> String { String(cString: mosquitto_strerror(code)) }
}

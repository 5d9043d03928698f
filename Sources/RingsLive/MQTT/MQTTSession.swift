import RingsBase
import Rings
import CMosquitto
import FoundationEssentials
import Glibc

extension MQTTFeed {
    /// What the network thread and libmosquitto's callbacks know of the current attempt and of the
    /// feed's life (read under `session`'s lock from the main thread too).
    struct Session {
        /// The broker accepted the login in this attempt, at this time (seconds of uptime).
        var connected = false, connectedAt = 0.0
        /// Sessions in a row that the broker ended within `MQTTFeed.brief` of accepting them.
        var briefInARow = 0
        /// The broker's CONNACK code when it refused the login.
        var refusal: Int?
        /// libmosquitto's last error line in this attempt (OpenSSL's words for a failed handshake).
        var logged: String?
        /// The subscriptions asked for, by message id.
        var subscriptions: [Int32: String] = [:]
        /// The broker has acknowledged this connection's subscription to the command topic: commands
        /// that come before are ones a kept session held while the screen was away.
        var commandsOpen = false
        /// One of the discovery configs published in this attempt came back (`checkDiscovery`);
        /// that none did has been said (once in the feed's life).
        var discoveryHeard = false, discoveryDoubted = false
        /// The `offline` message `stop` waits for.
        var farewell: Int32?
        var messages = 0, connections = 0
        /// When a ring last took a value; when this session's last `online` message went, and the
        /// value time it carried.
        var lastValue: Date?, statusSent: Date?, statusValue: Date?

        mutating func startAttempt() {
            connected = false; refusal = nil; logged = nil; subscriptions = [:]; commandsOpen = false; statusSent = nil
            discoveryHeard = false
        }
    }

    /// Why an attempt or a session ended, in the user's words, and how soon to try again.
    struct Failure {
        let reason: String
        let state: State
        /// A refused login or a failed TLS handshake: trying again soon would change nothing.
        let slow: Bool
        /// The kind of problem it is said as (each kind at most once a minute): a likely clash of
        /// client ids has its own, so that the reconnections before it cannot keep it unsaid.
        var kind: String { clash ? "mqtt client-id clash" : "mqtt \(state.rawValue)" }
        private var clash = false

        init(code: Int32, errno: Int32, attempt: Session, clientID: String) {
            if let refusal = attempt.refusal {
                let words = String(cString: mosquitto_connack_string(Int32(refusal)))
                reason = "the broker refused the login: " + Failure.trimmed(words.replacing("Connection Refused: ", with: ""))
                state = .refused; slow = true
            } else if code == MOSQ_ERR_TLS.rawValue || code == MOSQ_ERR_TLS_HANDSHAKE.rawValue {
                let said = attempt.logged.map(Failure.trimmed) ?? ""
                reason = "TLS failed: " + (said.isEmpty ? MQTTFeed.words(code) : said)
                state = .untrusted; slow = true
            } else if attempt.connected && attempt.briefInARow >= 2 {
                // What a broker does to the older of two clients with one id (MQTT 3.1.1, 3.1.4-2).
                reason = "connection lost within \(Int(MQTTFeed.brief)) s of connecting, \(attempt.briefInARow) times in a row: "
                    + "another client may be using client-id '\(clientID.oneLine)' "
                    + "(each connection with it ends the other's)"
                state = .reconnecting; slow = false; clash = true
            } else if attempt.connected {
                reason = code == MOSQ_ERR_KEEPALIVE.rawValue ? "the broker stopped answering" : "connection lost"
                state = .reconnecting; slow = false
            } else if code == MOSQ_ERR_KEEPALIVE.rawValue {
                // libmosquitto's words for this are "Unknown error".
                reason = "the broker took the connection but never answered the login (no CONNACK)"; state = .reconnecting; slow = false
            } else if code == MOSQ_ERR_ERRNO.rawValue {
                reason = String(cString: strerror(errno)).lowercased(); state = .reconnecting; slow = false
            } else if code == MOSQ_ERR_EAI.rawValue {
                reason = "the host name cannot be resolved"; state = .reconnecting; slow = false
            } else {
                let words = Failure.trimmed(MQTTFeed.words(code))
                reason = words == "Unknown error" ? "libmosquitto error \(code)" : words; state = .reconnecting; slow = false
            }
        }

        private static func trimmed(_ words: String) -> String {
            let text = words.trimmed
            return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }
}

extension MQTTFeed.State {
    /// The state in the legend's words, in the screen's language.
    public var words: String {
        switch self {
        case .connecting: Words.connecting.text
        case .connected: Words.connected.text
        case .reconnecting: Words.reconnecting.text
        case .refused: Words.loginRefused.text
        case .untrusted: Words.tlsFailed.text
        }
    }

    /// The longest of the legend's words, for the legend's width.
    public static var widest: String { allCases.map(\.words).max { $0.count < $1.count }! }
}

import RingsBase
import Rings
import CMosquitto
import FoundationEssentials
import Glibc

extension MQTTFeed {
    /// A ring took a value at `time`: the next `online` message says so (at once for the first value
    /// of a connection, then at most one a minute).
    public func noteValue(at time: Date) {
        session.withLock { $0.lastValue = time }
    }

    /// Publishes the retained `online` message on connecting, on the connection's first value, and
    /// again when the last value's time has moved and a minute has passed; on the network thread.
    func publishStatusIfDue(_ m: OpaquePointer) {
        guard let topic = settings.statusTopic else { return }
        let now = Date()
        let due: Date?? = session.withLock { session in
            guard session.connected else { return nil }
            if let sent = session.statusSent {
                guard session.lastValue != session.statusValue, session.statusValue == nil || now.timeIntervalSince(sent) >= 60 else { return nil }
            }
            session.statusSent = now
            session.statusValue = session.lastValue
            return .some(session.lastValue)
        }
        guard case let .some(lastValue) = due else { return }
        publish(m, topic, status(online: true, lastValue: lastValue))
    }

    /// The status message: `{"state": "online", "client": ..., "host": ..., "version": ..., "rings": [...], "updated": ...}`.
    func status(online: Bool, lastValue: Date? = nil) -> String {
        var fields: [String: Any] = ["state": online ? "online" : "offline", "client": settings.clientID,
                                     "host": ProcessInfo.processInfo.hostName, "program": "rings", "version": ringsVersion,
                                     "rings": ringNames]
        if online { fields["updated"] = lastValue.map(MQTTFeed.timestamp) ?? JSON.null }
        return MQTTFeed.json(fields)
    }

    /// A message's JSON as the screen publishes it: keys in order, slashes as they are.
    static func json(_ fields: [String: Any]) -> String { JSON.text(fields) }

    /// A time as the messages say it, in UTC to the second: `2026-11-24T21:03:00Z`.
    static func timestamp(_ date: Date) -> String { Date.ISO8601FormatStyle().format(date) }
}

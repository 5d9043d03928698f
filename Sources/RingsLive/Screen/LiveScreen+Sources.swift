import Rings
import Foundation
import RingsAnimation
import RingsRaster

/// Where the live screen's values come from and how much they can be trusted: the feeds and the
/// broker started, each source's health for the legend and the service status, the rings still
/// waiting for a value, the values that grew old, the state file, and reloading the config.
extension LiveScreen {
    /// Starts the feed, the command and the broker the options name; their lines go to `arrivals`.
    func startFeeds(wake: @escaping @Sendable () -> Void) {
        guard options.feed != nil || options.exec != nil || options.mqtt != nil else { return }
        let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
        let goals = options.values.indices.map { options.theme.style(ofRing: $0).goal }
        let queue = arrivals, problems = self.problems
        let deliver: @Sendable (Int, [UInt8]) -> Void = { number, bytes in
            queue.append("feed line \(number)", result: FeedLine.parse(bytes, names: names, goals: goals))
            wake()
        }
        let health = self.health
        if let source = options.feed {
            feed = LineFeed(source: source, report: { problems.note(kind: "feed", $0) }, state: { health.set("feed", $0); wake() },
                            deliver: deliver)
            feed?.start()
        }
        if let exec = options.exec {
            command = CommandFeed(command: exec, interval: options.every, report: { problems.note(kind: "exec", $0) },
                                  state: { health.set("exec", $0); wake() }, deliver: deliver)
            command?.start()
        }
        if let settings = options.mqtt {
            let count = Mutex(0)
            health.set("MQTT", MQTTFeed.State.connecting.rawValue, problem: false)
            broker = MQTTFeed(settings: settings, report: { problems.note(kind: $0, $1) }, state: { now in
                health.set("MQTT", now.rawValue, problem: ![.connecting, .connected].contains(now))
                wake()
            }) { topic, payload in
                let number = count.withLock { $0 += 1; return $0 }
                queue.append("MQTT message \(number) on \(topic)", result: MQTTFeed.parse(topic: topic, payload: payload, names: names, goals: goals))
                wake()
            }
            broker?.ringNames = names
            broker?.start()
            stats.sourceSummary = { [broker] in
                guard let (messages, connections) = broker?.counts, let line = health.current.first(where: { $0.name == "MQTT" }) else { return nil }
                return "MQTT \(line.text), \(messages) messages, \(connections) connections"
            }
        }
    }

    /// Once a second, rings whose values grew old turn stale and the legend's ages move on.
    func watchStaleness() {
        guard !staleWatched, let loop else { return }
        staleWatched = true
        loop.addTimer(interval: 1) { [unowned self] now in
            if self.staleness?.update(at: now) == true { self.changed = true }
            let notes = self.currentStaleNotes(at: now)
            if notes != self.staleNotes { self.staleNotes = notes; self.changed = true }
        }
    }

    /// Takes in what a reload read that may change while the screen runs: the theme and the rings' looks,
    /// stale-after and reduced motion; the values and animations go on. Sources, size and the
    /// window need a restart: a reload that changes them says so.
    public func reload(_ fresh: Options, at now: Double) {
        guard fresh.values.count == options.values.count else {
            problems.note(kind: "reload", "reload: the number of rings changes only on a restart; the running config stays")
            return
        }
        if fresh.feed != options.feed || fresh.exec != options.exec || fresh.sources != options.sources || fresh.mqtt != options.mqtt {
            problems.note(kind: "reload sources", "reload: sources change only on a restart; the new looks are taken")
        }
        options.theme = fresh.theme
        options.reducedMotion = fresh.reducedMotion
        if fresh.staleAfter != options.staleAfter {
            options.staleAfter = fresh.staleAfter
            staleness = fresh.staleAfter.map { after in
                var renewed = Staleness(after: after, rings: valueTimes.count)
                for (ring, time) in valueTimes.enumerated() { if let time { renewed.valueArrived(ring: ring, at: now - Date().timeIntervalSince(time)) } }
                return renewed
            }
            staleNotes = currentStaleNotes(at: now)
            if staleness != nil { watchStaleness() }
        }
        changed = true
    }

    /// A ring has a value of its own now: its label and legend say it (the whole frame redraws), and
    /// a stale ring comes back.
    func valueArrived(ring: Int, at now: Double) {
        if waiting.remove(ring) != nil { changed = true }
        if valueTimes.indices.contains(ring) { valueTimes[ring] = Date(); unsaved = true }
        staleness?.valueArrived(ring: ring, at: now)
        if staleNotes[ring] != nil { staleNotes[ring] = nil; changed = true }
    }

    /// Shows what the state file kept, each ring stale from the start (its age as the file says).
    func recall(at now: Double) {
        guard options.startsEmpty, let memory = options.remembered else { return }
        if staleness == nil { staleness = Staleness(after: .infinity, rings: valueTimes.count) }
        for (ring, entry) in memory.rings.enumerated() {
            guard let value = entry.value, let time = entry.time, valueTimes.indices.contains(ring) else { continue }
            model.apply(.set(ring: ring, value: value), at: now)
            waiting.remove(ring)
            valueTimes[ring] = Date(timeIntervalSince1970: time)
            staleness?.remembered(ring: ring, from: now - max(0, Date().timeIntervalSince1970 - time), at: now)
        }
        staleNotes = currentStaleNotes(at: now)
        changed = true
    }

    /// How old the kept times may grow while the values only repeat: then they are written again,
    /// so that the ages a restart shows are right to within this.
    static let keptTimesLast: TimeInterval = 600

    /// Hands the values to the state file when they have changed, or when they have only been
    /// repeated for `keptTimesLast` (not every second: each write is a flush to disk).
    func keep() {
        guard unsaved, let remember = options.remember else { return }
        let values = model.targets.indices.map { ring in valueTimes[ring] == nil ? nil : model.targets[ring] }
        let now = Date()
        if let kept, kept.values == values, now.timeIntervalSince(kept.at) < Self.keptTimesLast { return }
        unsaved = false
        kept = (values, now)
        let names = model.targets.indices.map { options.theme.style(ofRing: $0).name }
        remember(ValueMemory(rings: names.indices.map { ring in
            ValueMemory.Entry(name: names[ring], value: values[ring], time: valueTimes[ring]?.timeIntervalSince1970)
        }))
    }

    func currentStaleNotes(at now: Double) -> [Int: String] {
        guard let staleness else { return [:] }
        var notes: [Int: String] = [:]
        for ring in model.targets.indices { notes[ring] = staleness.note(ring: ring, at: now) }
        return notes
    }

    /// The sources as a service manager's status line: "4 rings; feed no such file: /run/x; MQTT connected".
    public var status: String {
        let rings = model.targets.count - waiting.count
        return (["\(rings) of \(model.targets.count) rings with values"] + health.current.map { "\($0.name) \($0.text)" }).joined(separator: "; ")
    }

    /// The legend's source lines follow what the sources say.
    func noticeHealth() {
        let now = health.current
        if now != shownHealth { shownHealth = now; changed = true }
    }
}

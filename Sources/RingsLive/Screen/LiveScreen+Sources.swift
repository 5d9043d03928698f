import Rings
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster

/// Where the live screen's values come from: the feed, the command, the broker, the built-in
/// sources and the config watcher started; what they say taken into `LiveData` (values that came,
/// grew old, or were kept in the state file) and the sources' health into the legend.
extension LiveScreen {
    /// Starts the feed, the command and the broker the options name; their lines go to `arrivals`.
    func startFeeds(wake: @escaping @Sendable () -> Void) {
        guard options.feed != nil || options.exec != nil || options.mqtt != nil else { return }
        let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
        let goals = options.values.indices.map { options.theme.style(ofRing: $0).goal }
        naming.withLock { $0 = (names, goals) }
        let queue = arrivals, problems = self.problems, naming = naming
        let deliver: @Sendable (Int, [UInt8]) -> Void = { number, bytes in
            let (names, goals) = naming.withLock { $0 }
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
            health.set("MQTT", MQTTFeed.State.connecting.words, problem: false, widest: MQTTFeed.State.widest)
            let orders = orders, stateWanted = stateWanted
            broker = MQTTFeed(settings: settings, report: { problems.note(kind: $0, $1) }, state: { now in
                health.set("MQTT", now.words, problem: ![.connecting, .connected].contains(now), widest: MQTTFeed.State.widest)
                if now == .connected { stateWanted.withLock { $0 = true } }
                wake()
            }) { topic, payload in
                if topic == settings.commandTopic {
                    let order = ScreenCommand.parse(payload)
                    let taken = orders.withLock { orders in
                        guard orders.count < LiveScreen.waitingCommands else { return false }
                        orders.append(order)
                        return true
                    }
                    if !taken { problems.note(kind: "command", "MQTT commands on \(topic) come faster than the screen takes them; this one is dropped") }
                    wake()
                    return
                }
                let number = count.withLock { $0 += 1; return $0 }
                let (names, goals) = naming.withLock { $0 }
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

    /// Watches the config file, when there is one to reload: what its watcher reads (on its own
    /// thread) waits in `reloaded` for the frame loop.
    func startWatcher(wake: @escaping @Sendable () -> Void) {
        guard let path = options.configPath, let reloader else { return }
        let reloaded = reloaded
        watcher = ConfigWatcher(path: path) {
            guard let fresh = reloader() else { return }
            reloaded.withLock { $0 = fresh }
            wake()
        }
        watcher?.start()
    }

    /// Samples the built-in sources now and every `every` seconds, each into its ring.
    func startSampling(on loop: FrameLoop) {
        guard !options.sources.isEmpty else { return }
        let sampler = SystemSampler()
        let sample = { [unowned self] (now: Double) in
            for (ring, source) in self.options.sources.enumerated() {
                guard let value = sampler.sample(source), value.isFinite else {
                    self.health.set("\(source)", Words.cannotRead.text)
                    self.problems.note(kind: "source \(source)", "cannot read \(source); the ring keeps its value")
                    continue
                }
                self.health.set("\(source)", nil)
                self.model.apply(.set(ring: ring, value: value), at: now)
                self.valueArrived(ring: ring, at: now)
            }
            self.noticeHealth()
        }
        sample(loop.clock.now())
        loop.addTimer(interval: options.every, action: sample)
    }

    /// Once a second, rings whose values grew old turn stale and the legend's ages move on.
    func watchStaleness() {
        guard !staleWatched, let loop else { return }
        staleWatched = true
        loop.addTimer(interval: 1) { [unowned self] now in
            let stale = Set(self.data.notes.keys)
            if self.data.age(at: now) { self.changed = true }
            // The state topic says which rings are stale (Home Assistant shows them unavailable).
            if Set(self.data.notes.keys) != stale { self.sayState() }
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
        // Renamed rings: lines name them by their new names, the broker and Home Assistant say them.
        let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
        let goals = options.values.indices.map { options.theme.style(ofRing: $0).goal }
        let renamed = naming.withLock { naming in defer { naming = (names, goals) }; return naming.names != names }
        if renamed { broker?.rename(names) }
        options.reducedMotion = fresh.reducedMotion
        options.wakeOnInput = fresh.wakeOnInput
        if fresh.schedule != options.schedule {
            options.schedule = fresh.schedule
            if scheduleTimer == nil, let loop { followSchedule(on: loop) } else { applySchedule(at: now) }
        }
        if fresh.staleAfter != options.staleAfter {
            options.staleAfter = fresh.staleAfter
            data.staleAfter(fresh.staleAfter, at: now, wall: Date().timeIntervalSince1970)
            if data.staleness != nil { watchStaleness() }
        }
        changed = true
    }

    /// A ring has a value of its own now: its label and legend say it, a stale ring comes back,
    /// and the state topic hears of it within a second.
    func valueArrived(ring: Int, at now: Double) {
        if data.valueArrived(ring: ring, at: now, wall: Date().timeIntervalSince1970) { changed = true }
        lastValue = Date()
        guard broker != nil, options.mqtt?.stateTopic != nil, stateTimer == nil, let loop else { return }
        stateTimer = loop.addTimer(interval: 1) { [unowned self] _ in self.sayState() }
    }

    /// Says the screen's state on the broker's state topic now (a pending say of new values is this one).
    func sayState() {
        if let id = stateTimer { loop?.removeTimer(id); stateTimer = nil }
        guard let broker, options.mqtt?.stateTopic != nil else { return }
        let percent = model.targets.indices.map { data.waiting.contains($0) ? nil : model.targets[$0] * 100 }
        let step = scheduled.step.flatMap { index in options.schedule.flatMap { $0.steps.indices.contains(index) ? $0.steps[index].time : nil } }
        let state = ScreenState(brightness: light.brightness, screenOn: !light.dark, identifying: light.identifying, step: step,
                                values: percent, updated: lastValue, stale: model.targets.indices.map { data.notes[$0] != nil })
        broker.say(state: state.message(at: Date()))
    }

    /// Shows what the state file kept, each ring stale from the start (its age as the file says).
    func recall(at now: Double) {
        guard options.startsEmpty, let memory = options.remembered else { return }
        for (ring, value) in data.recall(memory, at: now, wall: Date().timeIntervalSince1970) {
            model.apply(.set(ring: ring, value: value), at: now)
        }
        // The state topic's age is the kept values' own.
        lastValue = memory.rings.compactMap(\.time).max().map(Date.init(timeIntervalSince1970:))
        // And the status topic's "updated" too.
        if let lastValue { broker?.noteValue(at: lastValue) }
        changed = true
    }

    /// Hands the values to the state file when they have changed, or when they have only been
    /// repeated for `LiveData.keptTimesLast`.
    func keep() {
        guard let remember = options.remember else { return }
        let names = model.targets.indices.map { options.theme.style(ofRing: $0).name }
        if let memory = data.memoryToKeep(targets: model.targets, names: names, wall: Date().timeIntervalSince1970) { remember(memory) }
    }

    /// The legend's source lines follow what the sources say.
    func noticeHealth() {
        if data.show(sources: health.current) { changed = true }
    }
}

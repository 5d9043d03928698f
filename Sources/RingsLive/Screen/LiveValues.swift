import FoundationEssentials
import Rings
import RingsAnimation

/// What the live screen knows of its values and says of them: `LiveData` (arrivals with their
/// times, staleness, the sources' lines, kept values), each value taken into the model, the
/// staleness watch, the state file, and the state said back where sources say it.
final class LiveValues {
    var data: LiveData
    let model: RingsModel
    let report = StateReport()
    /// Something the whole frame shows changed (a label, the legend, a stale look).
    var changed: () -> Void = {}
    private var staleTimer: FrameLoop.TimerID?
    private weak var loop: FrameLoop?
    private var sources: [any LiveSource] { report.sources }

    init(_ options: LiveOptions, model: RingsModel) {
        self.model = model
        data = LiveData(rings: options.values.count, waiting: options.startsEmpty ? Set(options.values.indices) : options.unknown,
                        staleAfter: options.staleAfter)
    }

    /// Shows what the state file kept (the broker's status says its time), keeps the values once
    /// a second, and watches them grow old.
    func start(_ options: LiveOptions, sources: [any LiveSource], names: @escaping () -> [String], on loop: FrameLoop) {
        (self.loop, report.loop, report.sources) = (loop, loop, sources)
        if data.recall(options, into: model, at: loop.clock.now()) {
            changed()
            if let last = data.lastArrival { sources.forEach { $0.valueArrived(at: Date(timeIntervalSince1970: last)) } }
        }
        if options.remember != nil { loop.addTimer(interval: 1) { [unowned self] _ in self.data.keep(self.model, names: names(), in: options) } }
        watchStaleness()
    }

    /// Ring `ring` takes `value`, animated from what is on screen.
    func take(_ value: Double, ring: Int, at now: Double) {
        model.apply(.set(ring: ring, value: value), at: now)
        arrived(ring: ring, at: now)
    }

    /// A ring has a value of its own now: its label and legend say it, a stale ring comes back,
    /// the broker's status says when, and its state topic hears of it within a second.
    func arrived(ring: Int, at now: Double) {
        let wall = Date()
        if data.valueArrived(ring: ring, at: now, wall: wall.timeIntervalSince1970) { changed() }
        sources.forEach { $0.valueArrived(at: wall) }
        report.soon()
    }

    /// A reload's stale-after.
    func staleAfter(_ after: Double?, at now: Double) {
        data.staleAfter(after, at: now, wall: Date().timeIntervalSince1970)
        watchStaleness()
    }

    /// Once a second (while rings can grow old), rings whose values grew old turn stale, the
    /// legend's ages move on, and the state topic hears which rings are stale (Home Assistant
    /// shows them unavailable).
    private func watchStaleness() {
        guard data.staleness != nil, staleTimer == nil, let loop else { return }
        staleTimer = loop.addTimer(interval: 1) { [unowned self] now in
            let stale = Set(self.data.notes.keys)
            if self.data.age(at: now) { self.changed() }
            if Set(self.data.notes.keys) != stale { self.report.now() }
        }
    }

    /// The legend's source lines, and the words after the rings' values, follow what the sources say.
    func show(_ health: SourceHealth) {
        let lines = data.show(sources: health.current), remarks = data.show(remarks: health.remarks)
        if lines || remarks { changed() }
    }

    /// Each ring's value as the state topic says it.
    var stated: ScreenState.Rings {
        let rings = model.targets.indices
        return ScreenState.Rings(percent: rings.map { data.waiting.contains($0) ? nil : model.targets[$0] * 100 },
                                 stale: rings.map { data.notes[$0] != nil },
                                 kept: rings.map { data.recalled.contains($0) }, arrivals: data.arrivals)
    }
}

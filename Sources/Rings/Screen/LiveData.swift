/// What the live screen knows about its values besides the values: which rings still wait for a
/// first one, when each came (for the state file), which have grown old and the legend's notes for
/// them, the sources' lines as last shown, and what the state file was last given. Times come in as
/// arguments: `now` on the screen's clock, `wall` in seconds since 1970.
public struct LiveData {
    /// Rings that have had no value yet (drawn empty, labelled "–").
    public private(set) var waiting: Set<Int>
    /// Which rings' values have grown old; nil when values never do.
    public private(set) var staleness: Staleness?
    /// The legend's notes for stale rings ("stale 2 m").
    public private(set) var notes: [Int: String] = [:]
    /// Rings showing the value a state file kept, none of their own since.
    public private(set) var recalled: Set<Int> = []
    /// What the sources say after rings' values: "charging", or "no battery" beside a ring without one.
    public private(set) var remarks: [Int: String] = [:]
    /// The sources' lines as the legend shows them.
    public private(set) var sources: [SourceLine] = []
    /// When each ring's value came (wall clock), and whether one came since the state file was given the values.
    private var times: [Double?]
    private var unsaved = false
    /// The values last given to the state file, the names they were given under, and when.
    private var kept: (values: [Double?], names: [String], at: Double)?

    /// How old the kept times may grow while the values only repeat: then they are written again,
    /// so that the ages a restart shows are right to within this (not every second: each write is
    /// a flush to disk).
    public static let keptTimesLast = 600.0

    /// `waiting`: the rings that have no value of their own yet.
    public init(rings: Int, waiting: Set<Int>, staleAfter: Double?) {
        self.waiting = waiting.filter { (0..<rings).contains($0) }
        staleness = staleAfter.map { Staleness(after: $0, rings: rings) }
        times = Array(repeating: nil, count: rings)
    }

    /// A ring has a value of its own now: it waits no more and is fresh again. True when the whole
    /// frame must be drawn again (its label and legend change).
    public mutating func valueArrived(ring: Int, at now: Double, wall: Double) -> Bool {
        var redraw = waiting.remove(ring) != nil
        recalled.remove(ring)
        if times.indices.contains(ring) { times[ring] = wall; unsaved = true }
        staleness?.valueArrived(ring: ring, at: now)
        if notes.removeValue(forKey: ring) != nil { redraw = true }
        return redraw
    }

    /// When the newest value came (wall-clock seconds), kept ones included; nil before any.
    public var lastArrival: Double? { times.compactMap { $0 }.max() }

    /// When each ring's value came (wall-clock seconds), kept ones included; nil for none.
    public var arrivals: [Double?] { times }

    /// Takes what a state file kept: each ring with a value is shown stale from the start (its age
    /// as the file says). Returns the values to show.
    public mutating func recall(_ memory: ValueMemory, at now: Double, wall: Double) -> [(ring: Int, value: Double)] {
        if staleness == nil { staleness = Staleness(after: .infinity, rings: times.count) }
        var shown: [(ring: Int, value: Double)] = []
        for (ring, entry) in memory.rings.enumerated() {
            guard let value = entry.value, let time = entry.time, times.indices.contains(ring) else { continue }
            shown.append((ring, value))
            waiting.remove(ring)
            recalled.insert(ring)
            times[ring] = time
            staleness?.remembered(ring: ring, from: now - max(0, wall - time), at: now)
        }
        notes = currentNotes(at: now)
        return shown
    }

    /// Rings whose values grew old turn stale and the notes' ages move on; true when that changes the frame.
    public mutating func age(at now: Double) -> Bool {
        var redraw = staleness?.update(at: now) == true
        let fresh = currentNotes(at: now)
        if fresh != notes { notes = fresh; redraw = true }
        return redraw
    }

    /// A new stale-after (a reload's): each value's age counts from when it came.
    public mutating func staleAfter(_ after: Double?, at now: Double, wall: Double) {
        staleness = after.map { after in
            var renewed = Staleness(after: after, rings: times.count)
            for (ring, time) in times.enumerated() { if let time { renewed.valueArrived(ring: ring, at: now - (wall - time)) } }
            return renewed
        }
        notes = currentNotes(at: now)
    }

    /// The words the sources say after rings' values ("charging", "no battery"); true when they differ from those shown.
    public mutating func show(remarks words: [Int: String]) -> Bool {
        guard words != remarks else { return false }
        remarks = words
        return true
    }

    /// The sources' lines to show; true when they differ from those shown.
    public mutating func show(sources lines: [SourceLine]) -> Bool {
        guard lines != sources else { return false }
        sources = lines
        return true
    }

    /// What to give the state file for rings at `targets` called `names`: nil when no value came
    /// since, or when they only repeat what was given less than `keptTimesLast` ago, under the same names.
    public mutating func memoryToKeep(targets: [Double], names: [String], wall: Double) -> ValueMemory? {
        guard unsaved || (kept != nil && kept?.names != names) else { return nil }
        let values = targets.indices.map { times[$0] == nil ? nil : targets[$0] }
        if let kept, kept.values == values, kept.names == names, wall - kept.at < Self.keptTimesLast { return nil }
        unsaved = false
        kept = (values, names, wall)
        return ValueMemory(rings: names.indices.map { ValueMemory.Entry(name: names[$0], value: values[$0], time: times[$0]) })
    }

    private func currentNotes(at now: Double) -> [Int: String] {
        guard let staleness else { return [:] }
        var notes: [Int: String] = [:]
        for ring in times.indices { notes[ring] = staleness.note(ring: ring, at: now) }
        return notes
    }
}

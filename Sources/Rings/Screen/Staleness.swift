/// Which rings' values are older than `after` seconds, and how far each is faded: a ring turns
/// stale (desaturated and dimmed, "stale 2 m" in the legend) when its value grows old, and comes
/// back when a fresh one arrives, each change eased over `fade` seconds.
public struct Staleness {
    public let after: Double
    public static let fade = 0.4
    /// When each ring last took a value (nil: none yet), and since when it has been shown stale or fresh.
    private var lastValue: [Double?]
    private var staleSince: [Double?], freshSince: [Double?]

    public init(after: Double, rings: Int) {
        self.after = after
        lastValue = Array(repeating: nil, count: rings)
        staleSince = lastValue; freshSince = lastValue
    }

    /// Ring `ring` took a fresh value at `time`: a stale ring comes back.
    public mutating func valueArrived(ring: Int, at time: Double) {
        guard lastValue.indices.contains(ring) else { return }
        lastValue[ring] = time
        if staleSince[ring] != nil { staleSince[ring] = nil; freshSince[ring] = time }
    }

    /// Ring `ring` shows a value from `time` that a state file kept: stale at once, whatever its age.
    public mutating func remembered(ring: Int, from time: Double, at now: Double) {
        guard lastValue.indices.contains(ring) else { return }
        lastValue[ring] = time
        staleSince[ring] = now - Staleness.fade
        freshSince[ring] = nil
    }

    /// Marks the rings whose values have grown old since the last call; true when one did.
    public mutating func update(at now: Double) -> Bool {
        var changed = false
        for ring in lastValue.indices {
            guard let last = lastValue[ring] else { continue }
            let old = now - last > after
            if old && staleSince[ring] == nil { staleSince[ring] = now; freshSince[ring] = nil; changed = true }
        }
        return changed
    }

    /// How stale ring `ring` looks at `now`: 0 fresh, 1 fully faded, in between while it changes.
    public func amount(ring: Int, at now: Double) -> Double {
        if let since = staleSince[ring] { return min(1, max(0, (now - since) / Staleness.fade)) }
        if let since = freshSince[ring] { return max(0, 1 - (now - since) / Staleness.fade) }
        return 0
    }

    /// A ring is fading in or out at `now`: frames are wanted until it is done.
    public func isFading(at now: Double) -> Bool {
        lastValue.indices.contains { ring in
            let amount = amount(ring: ring, at: now)
            return amount > 0 && amount < 1 || (freshSince[ring].map { now - $0 < Staleness.fade } ?? false)
        }
    }

    /// The legend's words for a stale ring ("stale 45 s", "stale 2 m", "stale 3 h", "stale 4 d"), or nil.
    public func note(ring: Int, at now: Double) -> String? {
        guard staleSince[ring] != nil, let last = lastValue[ring] else { return nil }
        return Words.stale.with(Staleness.age(now - last))
    }

    /// The widest note, for the legend's width.
    public static var widestNote: String {
        let notes = [Words.minutes.with("59"), Words.hours.with("47"), Words.days.with("999")].map { Words.stale.with($0) }
        return notes.reduce(notes[0]) { $1.count > $0.count ? $1 : $0 }
    }

    /// An age in words, for any number at all: a time from the future is "0 s", and past 999 days
    /// the days stop counting (no conversion to Int can overflow).
    public static func age(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return seconds == .infinity ? Words.days.with("999+") : Words.seconds.with("0") }
        switch seconds {
        case ..<60: return Words.seconds.with("\(Int(seconds))")
        case ..<3600: return Words.minutes.with("\(Int(seconds / 60))")
        case ..<172_800: return Words.hours.with("\(Int(seconds / 3600))")
        case ..<(1000 * 86_400): return Words.days.with("\(Int(seconds / 86_400))")
        default: return Words.days.with("999+")
        }
    }
}

import FoundationEssentials
import Rings

/// The values a state file keeps across restarts, as the live screen takes and hands them.
extension LiveData {
    /// Takes what the state file kept when the rings start empty: each ring shown at its kept
    /// value, stale from the start (its age as the file says). True when there was something.
    mutating func recall(_ options: LiveOptions, into model: RingsModel, at now: Double) -> Bool {
        guard options.startsEmpty, let memory = options.remembered else { return false }
        for (ring, value) in recall(memory, at: now, wall: Date().timeIntervalSince1970) {
            model.apply(.set(ring: ring, value: value), at: now)
        }
        return true
    }

    /// Hands the values to the state file when they have changed, or when they have only been
    /// repeated for `LiveData.keptTimesLast`.
    mutating func keep(_ model: RingsModel, names: [String], in options: LiveOptions) {
        guard let remember = options.remember,
              let memory = memoryToKeep(targets: model.targets, names: names, wall: Date().timeIntervalSince1970) else { return }
        remember(memory)
    }
}

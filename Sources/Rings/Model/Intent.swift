/// What a person (or a data feed) asks of the rings; SDL events and keys map to these.
public enum Intent: Equatable, Sendable {
    /// Set the selected ring, or every ring when none is selected, to a value.
    case setSelected(Double)
    /// Set one ring to a value.
    case set(ring: Int, value: Double)
    /// Nudge the selected ring (every ring when none is) by a change.
    case nudgeSelected(Double)
    /// Nudge one ring (the one under the pointer) by a change.
    case nudge(ring: Int, by: Double)
    case selectNext, selectPrevious
    /// Select a ring, or clear the selection with nil.
    case select(Int?)
    /// Grab a ring at an angle (clockwise from 12 o'clock) and move it with the pointer.
    case beginDrag(ring: Int, angle: Double)
    case drag(angle: Double)
    case endDrag
    /// Every ring from 0 again to its value.
    case replay
    case randomize
    case toggleFullscreen, toggleHelp, toggleFrameGraph
    case quit
}

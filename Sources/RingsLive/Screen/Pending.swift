/// What the live screen owes the display: whether the next frame is drawn whole, and why frames
/// are wanted although nothing animates.
struct Pending {
    /// A change not drawn yet that needs the whole frame (selection, help, a shift, a light).
    var changed = true
    /// Values set at once (a drag, a key with an immediate spec) not drawn yet.
    var moved = false
    /// The last frame was drawn in the middle of a fade: the next shows where it ends.
    var fadeOwed = false
    /// The grow-in starts with the first frame.
    var intro: Bool
}

/// One live source's line in the legend: a word while all is well (MQTT's `connected`), a problem
/// (`no such file: /run/rings.fifo`) while it is not; `widest` is the longest text it may show,
/// for the legend's width.
public struct SourceLine: Equatable, Sendable {
    public var name: String, text: String, problem: Bool, widest: String

    public init(name: String, text: String, problem: Bool, widest: String) {
        self.name = name; self.text = text; self.problem = problem; self.widest = widest
    }
}

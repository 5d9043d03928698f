import FoundationEssentials
import Rings
import RingsAnimation
import RingsRaster
import RingsBase

/// A source of the rings' values (a feed, a command, /proc, a broker): started with the link that
/// takes what it reads, stopped with the screen. Each kind is one type in this folder, made from
/// the options by `LiveSources.make`; a new kind is one file and its line there.
public protocol LiveSource: AnyObject {
    /// The source the options ask for; nil when they ask for none of this kind. Nothing starts yet.
    init?(_ options: LiveOptions)
    /// What the options say this kind reads ("feed /run/rings.fifo", "feed " for none): part of
    /// the state file's key.
    static func identity(_ options: LiveOptions) -> String
    /// Whether `a` and `b` ask this kind for the same source, every setting alike (a reload compares them).
    static func same(_ a: LiveOptions, _ b: LiveOptions) -> Bool
    /// Whether it reads every `--every` (a value is then old after three missed reads), rather
    /// than when its writer speaks.
    static var periodic: Bool { get }
    /// Starts reading: lines, health and problems go through `link`, from the source's own thread
    /// or from timers on `loop` (the screen's thread).
    func start(_ link: SourceLink, on loop: FrameLoop)
    /// Stops reading (a thread ends at its next wake-up).
    func stop()
    /// Whether the source says the screen's state (`say`), as the broker does on its state topic.
    var saysState: Bool { get }
    /// Says the screen's state.
    func say(_ state: ScreenState)
    /// A ring took a value at `time` (the broker's status message says when the last came).
    func valueArrived(at time: Date)
    /// A reload renamed the rings.
    func rename(_ names: [String])
    /// How the source has done, for `--stats` ("MQTT connected, 12 messages, 1 connections"), or nil.
    var summary: String? { get }
}

extension LiveSource {
    public static func same(_ a: LiveOptions, _ b: LiveOptions) -> Bool { identity(a) == identity(b) }
    public static var periodic: Bool { false }
    public var saysState: Bool { false }
    public func say(_ state: ScreenState) {}
    public func valueArrived(at time: Date) {}
    public func rename(_ names: [String]) {}
    public var summary: String? { nil }
}

/// What the screen gives its sources: a queue for their lines, the legend's health lines, the
/// problem log and the rings' names; each hand-over wakes the screen. Used from any thread.
public final class SourceLink: Sendable {
    let arrivals = FeedQueue()
    let health = SourceHealth()
    let problems: ProblemLog
    /// The rings' names and goals, as lines and messages name them (a reload may rename them).
    let naming = Mutex((names: [String](), goals: [Double?]()))
    /// Commands for the screen, waiting for its loop (at most `waitingOrders`).
    let orders = Mutex<[Result<ScreenCommand, ScreenCommand.Refusal>]>([])
    static let waitingOrders = 16
    /// A source wants the screen's state said (the broker has connected).
    let stateWanted = Mutex(false)
    /// The wake-up, in a struct: a closure kept bare in the generic `Mutex` would be wrapped in one
    /// more reabstraction thunk at every read (each `withLock` writes back what it read), so that a
    /// flood of lines would call through ever longer chains.
    private struct Waker { let call: @Sendable () -> Void }
    private let waker = Mutex(Waker(call: {}))

    init(problems: ProblemLog) { self.problems = problems }

    /// Wakes the screen's loop, which then takes what waits (`LiveScreen.wake(at:)`).
    var wake: @Sendable () -> Void {
        get { waker.withLock { $0.call } }
        set { waker.withLock { $0 = Waker(call: newValue) } }
    }

    /// Names the rings as `options` do; true when the names changed.
    @discardableResult func name(_ options: LiveOptions) -> Bool {
        let styles = options.values.indices.map { options.theme.style(ofRing: $0) }
        let names = styles.map(\.name), goals = styles.map(\.goal)
        return naming.withLock { naming in defer { naming = (names, goals) }; return naming.names != names }
    }

    /// Hands over what a line or message said, from `origin` ("feed line 4"), and wakes the screen;
    /// `timed` for a line whose way to the frame `--stats` measures.
    func deliver(_ origin: String, _ result: Result<[(ring: Int, value: Double)], FeedLine.Rejection>, timed: Bool = true) {
        arrivals.append(origin, result: result, timed: timed)
        wake()
    }

    /// Hands over a feed line.
    func deliver(_ origin: String, line: [UInt8]) {
        let (names, goals) = naming.withLock { $0 }
        deliver(origin, FeedLine.parse(line, names: names, goals: goals))
    }

    /// Hands over a command that came on `topic` (refused when too many wait) and wakes the screen.
    func order(_ order: Result<ScreenCommand, ScreenCommand.Refusal>, on topic: String) {
        let taken = orders.withLock { orders in
            guard orders.count < Self.waitingOrders else { return false }
            orders.append(order)
            return true
        }
        if !taken { problems.note(kind: "command", "MQTT commands on \(topic) come faster than the screen takes them; this one is dropped") }
        wake()
    }

    /// Hands `take` each value the lines that waited gave, in order (one at a time: a flood's
    /// lines are not copied again); lines refused are said in one line each (a kind at most once a
    /// minute). `stats` hears how long the first timed one waited.
    func takeValues(stats: FrameStats, _ take: (_ ring: Int, _ value: Double) -> Void) {
        let (lines, since) = arrivals.takeAll()
        for (origin, result, timed) in lines {
            switch result {
            case let .success(updates):
                if timed, let since { stats.lineArrived(at: since) }
                for update in updates { take(update.ring, update.value) }
            case let .failure(rejection) where rejection.kind != .empty:
                problems.note(kind: rejection.kind.rawValue, "\(origin): \(rejection.reason) (ignored; the rings keep their values)")
            case .failure:
                break
            }
        }
    }

    /// The sources as a service manager's status line: "4 of 4 rings with values; feed no such file: /run/x; MQTT connected".
    func status(rings: Int, of count: Int) -> String {
        (["\(rings) of \(count) rings with values"] + health.current.map { "\($0.name) \($0.text)" }).joined(separator: "; ")
    }

    /// Says how source `name` stands in the legend (nil: nothing to say) and wakes the screen.
    func health(_ name: String, _ text: String?, problem: Bool = true, widest: String = SourceHealth.widest) {
        health.set(name, text, problem: problem, widest: widest)
        wake()
    }

    /// Says a word after ring `ring`'s value in the legend ("charging"; "no battery" beside a ring
    /// that has no value); nil takes it away. Wakes the screen when it changed.
    func remark(ring: Int, _ text: String?) {
        if health.remark(ring: ring, text) { wake() }
    }
}

/// The sources the options name, in the order their health lines first appear.
public enum LiveSources {
    /// Every kind of source, each made from the options (nil when they do not ask for it).
    static let kinds: [any LiveSource.Type] = [FeedSource.self, CommandSource.self, SampledSource.self, BrokerSource.self]

    static func make(_ options: LiveOptions) -> [any LiveSource] { kinds.compactMap { $0.init(options) } }

    /// What the sources `options` name read, in one line: a state file's key.
    public static func identity(of options: LiveOptions) -> String {
        kinds.map { $0.identity(options) }.joined(separator: "; ")
    }

    /// Whether a source `options` ask for reads every `--every`.
    public static func periodic(_ options: LiveOptions) -> Bool { kinds.contains { $0.periodic && $0.init(options) != nil } }

    /// Whether `a` and `b` ask for the same sources, every setting alike.
    static func same(_ a: LiveOptions, _ b: LiveOptions) -> Bool { kinds.allSatisfy { $0.same(a, b) } }
}

import FoundationEssentials
import Glibc
import Rings
import RingsAnimation

/// What the live screen shows and where its values come from (`LiveScreen.Options`).
public struct LiveOptions {
    public var theme: Theme
    public var values: [Double]
    public var spec: AnimationSpec
    /// Label, legend and buttons; without them the frame is exactly what `rings render` draws.
    public var chrome: Bool
    /// Live values, one line at a time (see `FeedLine`).
    public var feed: LineFeed.Source?
    /// Built-in sources for the rings, in order, sampled every `every` seconds.
    public var sources: [SystemSource]
    /// A shell command run every `every` seconds whose output lines are feed lines.
    public var exec: String?
    public var every: Double
    /// Unattended: keys and the pointer do nothing, only Ctrl+Alt+Q (or closing) quits.
    public var kiosk: Bool
    /// In a kiosk, a tap (or click) selects the ring under it and a drag sets it, as in a window;
    /// keys still do nothing but Ctrl+Alt+Q.
    public var touchControls = false
    /// A desktop widget: its legend is read at a glance, in text as large as a kiosk's.
    public var widget = false
    /// Every this many seconds the rings move by a few pixels, round a small square (burn-in).
    public var shiftEvery: Double?
    /// Values to set at given times after the screen starts (a demo's simulated data).
    public var script: ValueScript?
    /// The rings grow in from 0 to their values in the first frames.
    public var intro: Bool
    /// An MQTT broker and the topics whose messages are feed lines (or one ring's value).
    public var mqtt: MQTTFeed.Settings?
    /// The rings wait for their first value: drawn empty, labelled "–", until a source gives one
    /// (nothing invented: `values` are not shown).
    public var startsEmpty: Bool
    /// Rings with no value of their own among rings that have one (a `[[ring]]` with no
    /// `progress`): drawn empty and labelled "–" until a source gives them one.
    public var unknown: Set<Int> = []
    /// A ring whose value is older than this many seconds is drawn stale (faded, "stale 2 m").
    public var staleAfter: Double?
    /// No pulsing alerts (for people whom motion troubles, and screens that must stay still).
    public var reducedMotion = false
    /// The values a state file kept from the last run: shown, marked stale, until fresh ones come
    /// (only when the rings start empty).
    public var remembered: ValueMemory?
    /// Keeps the values with their times (a state file), called at most once a second when they change.
    public var remember: ((ValueMemory) -> Void)?
    /// The night schedule: the frame's brightness by the time of day, or the screen off (drawn
    /// black once, then nothing until a step turns it on).
    public var schedule: Schedule?
    /// A touch or key on a screen that is off turns it on for this many seconds after the last
    /// one (nil: input does not wake it, and does nothing while it is off).
    public var wakeOnInput: Double?
    /// The wall clock and time zone the schedule reads (a test's own).
    public var wallClock: @Sendable () -> Date = LiveOptions.systemClock
    public var timeZone = TimeZone.current
    /// The config file the options came from: SIGHUP or a change to it reloads (with `reloader`).
    public var configPath: String?
    public init(theme: Theme, values: [Double], spec: AnimationSpec, chrome: Bool = true, feed: LineFeed.Source? = nil,
                sources: [SystemSource] = [], exec: String? = nil, every: Double = 2, kiosk: Bool = false,
                shiftEvery: Double? = nil, script: ValueScript? = nil, intro: Bool = false, mqtt: MQTTFeed.Settings? = nil,
                startsEmpty: Bool = false, staleAfter: Double? = nil) {
        self.theme = theme; self.values = values; self.spec = spec; self.chrome = chrome; self.feed = feed
        self.sources = sources; self.exec = exec; self.every = every; self.kiosk = kiosk
        self.shiftEvery = shiftEvery; self.script = script; self.intro = intro; self.mqtt = mqtt; self.startsEmpty = startsEmpty
        self.staleAfter = staleAfter
    }

    /// The machine's clock. A debug build moves it by the seconds written in the file that
    /// RINGS_TEST_CLOCK_FILE names, read at each look: the end-to-end tests' way to have a schedule
    /// step come while rings runs. A release build has no such thing.
    public static let systemClock: @Sendable () -> Date = {
        #if DEBUG
        if let path = getenv("RINGS_TEST_CLOCK_FILE").map({ String(cString: $0) }),
           let text = try? String(contentsOfFile: path, encoding: .utf8),
           let offset = Double(text.filter { !$0.isWhitespace }) {
            return Date().addingTimeInterval(offset)
        }
        #endif
        return Date()
    }

    /// Values come from a live source (a feed, a command, built-in sources or a broker).
    public var isLive: Bool { !LiveSources.make(self).isEmpty }
}

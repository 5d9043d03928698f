import RingsBase
import ArgumentParser
import FoundationEssentials
import Glibc
import Rings
import RingsLive
import RingsRaster
import RingsAnimation
import RingsSDL

/// `rings window` (the default): the live rings in a resizable desktop window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the live window (the default). Keys: ? help, Tab select, 0-9 = set, arrows nudge, Space replay, R random, F fullscreen, F3 frame times, Esc/q quit.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var timing: TimingOptions

    @Flag(name: Settings.fullscreen.long, inversion: .prefixedNo, help: Settings.fullscreen.help)
    var fullscreen: Bool?

    @Flag(name: Settings.kiosk.long, inversion: .prefixedNo, help: Settings.kiosk.help)
    var kiosk: Bool?

    @Flag(name: Settings.touchControls.long, inversion: .prefixedNo, help: Settings.touchControls.help)
    var touchControls: Bool?

    @Flag(name: Settings.intro.long, inversion: .prefixedNo, help: Settings.intro.help)
    var intro: Bool?

    @Option(name: Settings.display.long, help: Settings.display.help)
    var display: Int?

    @Option(name: Settings.shiftEvery.long, help: Settings.shiftEvery.help)
    var shiftEvery: String?

    @Option(name: Settings.chrome.long, help: Settings.chrome.help)
    var chrome: ChromeChoice?

    @Option(name: Settings.font.long, help: Settings.font.help)
    var font: String?

    @Option(name: Settings.feed.long, help: Settings.feed.help)
    var feed: String?

    @Option(name: Settings.source.long, help: Settings.source.help)
    var source: String?

    @Option(name: Settings.exec.long, help: Settings.exec.help)
    var exec: String?

    @Option(help: ArgumentHelp("An MQTT broker whose messages on --topic are feed lines: mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (config: [mqtt] url).",
                               valueName: "url"))
    var mqtt: String?

    @Option(help: ArgumentHelp("The topic filter to take from --mqtt (repeat for more); when its last level names a ring, the message is that ring's value alone (config: [mqtt] topic).",
                               valueName: "filter"))
    var topic: [String] = []

    @Option(name: Settings.every.long, help: Settings.every.help)
    var every: String?

    @Option(name: Settings.stateFile.long, help: Settings.stateFile.help)
    var stateFile: String?

    @Option(name: Settings.rotate.long, help: Settings.rotate.help)
    var rotate: Int?

    @Flag(name: Settings.reducedMotion.long, inversion: .prefixedNo, help: Settings.reducedMotion.help)
    var reducedMotion: Bool?

    @Option(name: Settings.staleAfter.long, help: Settings.staleAfter.help)
    var staleAfter: String?

    @Option(name: Settings.present.long, help: Settings.present.help)
    var present: PresentMode?

    @Option(name: Settings.cec.long, help: Settings.cec.help)
    var cec: String?

    @OptionGroup var widgetOptions: WidgetOptions

    @Flag(name: Settings.stats.long, inversion: .prefixedNo, help: Settings.stats.help)
    var stats: Bool?

    func run() throws {
        let configPath = scene.configPath(lookup: true)
        let file = try SceneOptions.settings(at: configPath)
        try speak(Settings.lang.value(scene.lang, in: file))
        let (live, initial) = try liveOptions(file)
        var options = live
        let display = Settings.display.resolved(display, in: file)
        guard display >= 0 else { throw UserError("--display must be 0 or more, not \(display)") }
        options.mqtt?.warnings.forEach { StandardError.say("rings: MQTT: \($0)") }
        if options.isLive, let path = StateFile.claim(Settings.stateFile.value(stateFile, in: file), identity: stateIdentity(options, configPath: configPath)) {
            let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
            options.remembered = StateFile.read(path, names: names)
            options.remember = StateFile.keeper(path)
        }
        options.configPath = configPath
        // Text for the chrome, and for the identity card of a screen that takes commands.
        let texts = options.chrome || options.mqtt?.commandTopic != nil
        let screen = LiveScreen(options: options, glyphs: texts ? try glyphs(Settings.font.value(font, in: file), initial.theme) : nil)
        if let configPath { screen.reloader = reloader(configPath) }
        let degrees = Settings.rotate.resolved(rotate, in: file)
        guard let rotation = Rotation(rawValue: degrees) else { throw UserError("--rotate must be 0, 90, 180 or 270, not \(degrees)") }
        let cecChoice: CECChoice
        do { cecChoice = try Settings.cecChoice(Settings.cec.resolved(cec, in: file)) } catch { throw UserError("--cec \(error)") }
        let window = ScreenWindow.Options(size: (initial.width, initial.height), fullscreen: Settings.fullscreen.resolved(fullscreen, in: file),
                                          kiosk: options.kiosk, display: display, present: Settings.present.resolved(present, in: file), rotation: rotation,
                                          cec: cecChoice, widget: try widgetOptions.widget(file))
        let stats = try showWindow(screen, window)
        if Settings.stats.resolved(self.stats, in: file) { print(stats.summary(cpuSeconds: ProcessUsage.cpuSeconds)) }
    }

    /// What a state file belongs to: the config file when there is one, else the sources and the
    /// rings' names.
    private func stateIdentity(_ options: LiveScreen.Options, configPath: String?) -> String {
        let sources = LiveSources.identity(of: options)
        // A config's rings may be renamed in it; the file and the sources say whose values these are.
        if let configPath { return "config " + URL(fileURLWithPath: configPath).resolvingSymlinksInPath().path + "; " + sources }
        let names = options.values.indices.map { options.theme.style(ofRing: $0).name }
        return sources + "; rings \(names)"
    }

    /// Reads the config at `path` again for a reload, as the live screen's options; a bad file is
    /// said line by line (and nil returned, so that the running config stays).
    func reloader(_ path: String) -> @Sendable () -> LiveScreen.Options? {
        { [self] in
            Supervisor.notify("RELOADING=1")
            defer { Supervisor.notify("READY=1") }
            do { return try liveOptions(try ConfigFile.load(path)).options } catch let error as ConfigErrors {
                error.problems.forEach { StandardError.say("\($0)") }
            } catch {
                StandardError.say("rings: reload: \(error)")
            }
            return nil
        }
    }

    /// The live screen's options from the command line and `file` (read again on a reload), and the scene they start from.
    func liveOptions(_ file: ConfigFile) throws -> (options: LiveScreen.Options, scene: RingScene) {
        let widget = try widgetOptions.widget(file) != nil
        if widget && (Settings.kiosk.resolved(kiosk, in: file) || Settings.fullscreen.resolved(fullscreen, in: file)) {
            throw UserError("a widget lives on the desktop, beside its windows; leave out --kiosk and --fullscreen")
        }
        var initial = try scene.scene(defaultSize: widget ? (640, 400) : (800, 800), file: file, defaultTheme: widget ? "desktop" : nil)
        var sources: [SystemSource] = []
        if let source = Settings.source.value(source, in: file) {
            guard scene.progress == nil else { throw UserError("--source sets the rings; leave out --progress") }
            let files = SystemFiles.current
            do { sources = try SystemSource.resolved(try SystemSource.parse(source), files: files) } catch { throw UserError(error) }
            let theme = initial.theme
            initial.theme.rings = sources.indices.map { i in
                var style = theme.style(ofRing: i)
                if i >= file.rings.count || file.rings[i].name == nil { style.name = sources[i].description }
                if i >= file.rings.count || file.rings[i].label == nil { style.label = sources[i].label(files) }
                return style
            }
            initial.values = sources.map { _ in 0 }
            // CPU, memory and disk are not one kind of thing: no average in the centre.
            initial.theme.comparable = false
        }
        let interval = try Interval.parse(Settings.every.resolved(every, in: file))
        let shift = try Settings.shiftEvery.value(shiftEvery, in: file).map(Interval.parse)
        let (duration, curve) = try timing.checked(file: file)
        // A theme's own motion (gold's two phases) unless a duration or curve is asked for.
        let timed = timing.duration ?? file.duration != nil || timing.curve ?? file.curve != nil
        let spec: AnimationSpec = switch (timed, initial.theme.motion) {
        case (false, .twoPhase): .twoPhase()
        case (false, .still): .tween(duration: 0, curve: curve)
        default: .tween(duration: duration, curve: curve)
        }
        let kiosk = Settings.kiosk.resolved(kiosk, in: file)
        let chromeChoice = Settings.chrome.resolved(chrome, in: file)
        let feed = Settings.feed.value(feed, in: file)
        var options = LiveScreen.Options(theme: initial.theme, values: initial.values, spec: spec,
                                         chrome: chromeChoice == .full, feed: feed.map { $0 == "-" ? .standardInput : .path($0) },
                                         sources: sources, exec: Settings.exec.value(exec, in: file), every: interval, kiosk: kiosk, shiftEvery: shift,
                                         intro: Settings.intro.resolved(intro, in: file), mqtt: try brokerSettings(file))
        // Live rings show what their sources said and nothing else, unless the person gave values to start from.
        let given = scene.progress != nil || file.progress != nil || file.rings.contains { $0.progress != nil }
        options.startsEmpty = options.isLive && !given
        if options.isLive && scene.progress == nil && file.progress == nil {
            options.unknown = Set(file.rings.indices.filter { file.rings[$0].progress == nil })
        }
        options.reducedMotion = Settings.reducedMotion.resolved(reducedMotion, in: file)
        options.touchControls = Settings.touchControls.resolved(touchControls, in: file)
        options.widget = widget
        options.schedule = file.schedule
        options.wakeOnInput = file.wakeOnInput
        // Sampled sources are old after three missed samples; feeds speak when they like, so only when asked.
        let sampled = LiveSources.periodic(options)
        options.staleAfter = try Settings.staleAfter.value(staleAfter, in: file).map(Interval.staleAfter) ?? (sampled ? 3 * interval : nil)
        return (options, initial)
    }

    /// The broker from --mqtt and --topic, else from the config's [mqtt] table; nil without one.
    private func brokerSettings(_ file: ConfigFile) throws(UserError) -> MQTTFeed.Settings? {
        guard let url = mqtt ?? file.mqtt?.url else {
            guard topic.isEmpty else { throw UserError("--topic needs --mqtt (or [mqtt] url in the config)") }
            return nil
        }
        let entry = file.mqtt ?? MQTTEntry()
        do {
            return try entry.settings(url: url, topics: topic.isEmpty ? entry.topics : topic)
        } catch { throw UserError(error) }
    }
}

/// Makes the screen speak `lang` (--lang, else the config's `lang`), else the environment's language
/// (gettext's rules); a language with no catalogue is one warning line and English.
func speak(_ lang: String?) throws(UserError) {
    if let lang, Translations.checked(lang) == nil {
        throw UserError("--lang must be a language as gettext names it, such as zh_CN, de or en, not '\(lang.prefix(40))'")
    }
    Catalogue.use(Translations.catalogue(forced: lang, warn: { StandardError.say("rings: warning: " + $0) }))
}

/// The chrome's font (a family that is not installed is one warning line and the theme's font), or a one-line error.
func glyphs(_ font: String?, _ theme: Theme) throws -> FontGlyphs {
    do { return try FontGlyphs(name: font, for: theme, warn: { StandardError.say("rings: warning: " + $0) }) } catch { throw UserError(error) }
}

/// Opens a window on `screen` and runs it until the person quits; returns what it measured.
func showWindow(_ screen: any Screen, _ options: ScreenWindow.Options) throws -> FrameStats {
    let window: ScreenWindow
    do { window = try ScreenWindow(screen: screen, options: options) } catch {
        let message = "\(error)"
        throw UserError(message.hasPrefix("no display") ? message + "; `rings render --out frame.png` draws without a display" : message)
    }
    do { try window.run() } catch { throw UserError(error) }
    // The process ends next. Closing a window the window system takes back anyway (SDL's video and
    // Mesa's GL torn down) can take longer than the quit's 0.9 s on a busy board or under emulation.
    if window.isTakenBackAtExit { keptToTheEnd = window }
    return window.stats
}

/// The window the process ends with, never closed (`showWindow`): held here, not lost, as
/// LeakSanitizer sees it.
nonisolated(unsafe) private var keptToTheEnd: ScreenWindow?

extension PresentMode: ExpressibleByArgument {}

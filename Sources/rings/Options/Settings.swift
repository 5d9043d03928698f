import ArgumentParser
import Rings
import RingsLive
import RingsAnimation

/// Every option of `rings window`, each said once (`Setting`): the command line declares them by
/// their `long` names and `help`, the config reader reads the keys of `keys`, and `rings check-config`
/// and the docs' option reference follow them. What the scene is: its theme, size, values and motion.
enum Settings {
    /// Every key a config file may hold, in the order `check-config` names them.
    static let keys: [ConfigKey] = [
        ConfigKey(theme), ConfigKey(preset), ConfigKey(counterclockwise), ConfigKey(size), ConfigKey(progress), ConfigKey(duration),
        ConfigKey(curve), ConfigKey(fullscreen), ConfigKey(kiosk), ConfigKey(touchControls), ConfigKey(intro), ConfigKey(display), ConfigKey(shiftEvery),
        ConfigKey(chrome), ConfigKey(label), ConfigKey(font), ConfigKey(lang), ConfigKey(feed), ConfigKey(source), ConfigKey(exec),
        ConfigKey(every), ConfigKey(staleAfter), ConfigKey(reducedMotion), ConfigKey(stateFile), ConfigKey(rotate), ConfigKey(stats),
        ConfigKey(present), ConfigKey(cec), ConfigKey(widget), ConfigKey(widgetPlace), ConfigKey(widgetMargin), ConfigKey(widgetClicks), ring, mqtt, schedule, ConfigKey(wakeOnInput),
    ]

    static let theme = Setting<String>("theme", "A built-in theme (activity, desktop, flat, gold, soft, tutorial) or the path of a theme .json file. Default: activity (desktop for a widget).",
                                       value: "name|path", field: \.theme, default: "activity") { reader, value, key in
        let theme = reader.string(value, key).map(reader.themeBesideConfig)
        if let theme { reader.check(key) { _ = try ThemeFile.load(theme) } }
        return theme
    }

    static let preset = Setting<String>("preset", "A preset (`rings presets` lists them): its theme, size and values, unless other options say otherwise.",
                                        value: "name", field: \.preset) { reader, value, key in
        let preset = reader.string(value, key)
        if let preset { reader.check(key) { _ = try Preset.load(preset) } }
        return preset
    }

    static let counterclockwise = Setting<Bool>("counterclockwise", "Run the arcs counterclockwise from 12 o'clock (mirrors the rings).",
                                                field: \.counterclockwise, default: false) { $0.bool($1, $2) }

    static let size = Setting<String>("size", "Canvas size in pixels, 1 to 16384 on a side.", value: "WxH", field: \.size) { reader, value, key in
        reader.checked(value, key) { text in _ = try CanvasSize.parse(text) }
    }

    static let progress = Setting<[Double]>(
        "progress", "Progress of each ring, outermost first, separated by commas: 1 to 8 values, each 0 to 10 (1 is a full ring; 72% also works). Default: the theme's.",
        value: "a,b,c", field: \.progress) { $0.progress($1, $2) }

    static let label = Setting<CenterLabel>(
        "label", "What the centre label shows: auto (the selected ring; else the only ring; else the average where the theme's rings measure one kind of thing), average, \"ring N\", or none. Default: the theme's (auto).",
        value: "auto|average|ring N|none", field: \.label) { reader, value, key in
        reader.string(value, key).flatMap { text in
            if let choice = CenterLabel(parsing: text) { return choice }
            reader.report(key, "must be \(CenterLabel.expected), not \"\(text)\"")
            return nil
        }
    }

    static let lang = Setting<String>(
        "lang", "The language of the words on screen (help, buttons, legend notes), as gettext names it: en, de, zh_CN. Default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG.",
        value: "language", field: \.lang) { reader, value, key in
        reader.string(value, key).flatMap { text in
            if let language = Translations.checked(text) { return language }
            reader.report(key, "must be a language as gettext names it, such as \"zh_CN\", \"de\" or \"en\", not \"\(text.prefix(40))\"")
            return nil
        }
    }

    static let duration = Setting<Double>("duration", "Seconds a change of value takes (not with --keyframes two-phase, which takes 2). Default: 1.",
                                          field: \.duration, default: 1) { $0.number($1, $2, 0...3600) }

    static let curve = Setting<String>(
        "curve", "Timing curve: linear, easeIn, easeOut, easeInEaseOut, default or cubic-bezier(x1,y1,x2,y2). Default: easeInEaseOut.",
        value: "curve", field: \.curve, default: "easeInEaseOut") { reader, value, key in
        reader.checked(value, key) { text in _ = try TimingCurve.named(text) }
    }
}

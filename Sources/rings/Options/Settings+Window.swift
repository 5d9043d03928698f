import ArgumentParser
import Rings
import RingsLive
import RingsRaster
import RingsSDL

/// The window's settings: how it opens and shows the rings.
extension Settings {
    static let fullscreen = Setting<Bool>("fullscreen", "Start fullscreen.", field: \.fullscreen, default: false) { $0.bool($1, $2) }

    static let kiosk = Setting<Bool>(
        "kiosk", "Unattended display: fullscreen, cursor hidden, screensaver off, no chrome unless --chrome full; only Ctrl+Alt+Q or SIGINT/SIGTERM quits.",
        field: \.kiosk, default: false) { $0.bool($1, $2) }

    static let touchControls = Setting<Bool>(
        "touch-controls", "In a kiosk, a tap selects the ring under it and a drag sets it by angle, as in a window (keys still do nothing). Default: off, a kiosk takes no touch but the one that wakes a dark screen.",
        field: \.touchControls, default: false) { $0.bool($1, $2) }

    static let intro = Setting<Bool>(
        "intro", "Grow the rings in from 0 when the window opens, as the Activity app does (--no-intro starts at the values). Default: on.",
        field: \.intro, default: true) { $0.bool($1, $2) }

    static let display = Setting<Int>("display", "The display to open on (0 is the first). Default: 0.", field: \.display, default: 0) {
        $0.integer($1, $2, 0...63)
    }

    static let shiftEvery = Setting<String>("shift-every", "Burn-in protection: move the rings by a few pixels this often (for example 10m).",
                                            value: "interval", field: \.shiftEvery) { reader, value, key in
        reader.checked(value, key) { text in _ = try Interval.parse(text) }
    }

    static let chrome = Setting<ChromeChoice>(
        "chrome", "full: label, legend and buttons; none: only the rings, exactly as `rings render` draws them. Default: full (a kiosk has no buttons).",
        value: "full|none", field: \.chrome, default: .full) { $0.choice($1, $2) }

    static let font = Setting<String>(
        "font", "Font family for the label (found with fontconfig). Default: Inter Bold if installed, else DejaVu Sans Bold.",
        value: "name", field: \.font) { $0.string($1, $2) }

    static let rotate = Setting<Int>(
        "rotate", "Turn the frame clockwise by 0, 90, 180 or 270 degrees for a screen on its side or upside down; --size is the frame's (a 540x960 screen turned by 90 shows a 960x540 frame).",
        value: "degrees", field: \.rotate, default: 0) { reader, value, key in
        guard let degrees = reader.integer(value, key, 0...270) else { return nil }
        guard Rotation(rawValue: degrees) != nil else { reader.report(key, "must be 0, 90, 180 or 270, not \(degrees)"); return nil }
        return degrees
    }

    static let reducedMotion = Setting<Bool>("reduced-motion", "Keep still: rings past their alert do not pulse.",
                                             field: \.reducedMotion, default: false) { $0.bool($1, $2) }

    static let present = Setting<PresentMode>(
        "present", "How frames reach the screen: vsync (a renderer presenting with vsync; the display paces the animation), surface (the window surface, changed rectangles only, paced by a timer), or auto (vsync on Wayland, KMS/DRM or a real GPU; surface otherwise). Default: auto.",
        value: "auto|vsync|surface", field: \.present, default: .auto) { $0.choice($1, $2) }

    static let cec = Setting<String>(
        "cec", "The HDMI-CEC adapter that puts the TV in standby when the screen goes off and wakes it: auto (the first /dev/cecN that is not a TV's own), off, or a path. Default: auto.",
        value: "auto|off|path", field: \.cec, default: "auto") { reader, value, key in
        reader.checked(value, key) { text in _ = try cecChoice(text) }
    }

    /// `auto`, `off` or a device's path as a choice, or the one line that says what it may be.
    static func cecChoice(_ text: String) throws(UserError) -> CECChoice {
        guard let choice = CECChoice(text) else { throw UserError("must be auto, off or an adapter's path such as /dev/cec0, not '\(text.prefix(40))'") }
        return choice
    }

    static let stats = Setting<Bool>(
        "stats", "On exit, print the presenter, frames presented and dropped, the frame-interval median and 99th percentile, and CPU seconds.",
        field: \.stats, default: false) { $0.bool($1, $2) }
}

import Rings
import RingsSDL

/// The desktop widget's settings: a window on the wallpaper, as conky's are.
extension Settings {
    static let widget = Setting<Bool>(
        "widget", "A desktop widget: no decorations, a transparent background (where a compositing manager runs), below other windows, on every workspace, out of the taskbar and pager, click-through, no buttons; the desktop theme unless another is given.",
        field: \.widget, default: false) { $0.bool($1, $2) }

    static let widgetPlace = Setting<String>(
        "widget-place", "Where the widget goes on its display (the desktop less its panels): top-left, top-right, bottom-left, bottom-right, center, or X,Y in pixels. Default: top-right.",
        value: "place", field: \.widgetPlace, default: "top-right") { reader, value, key in
        guard let text = reader.string(value, key) else { return nil }
        guard DesktopWidget.Place(parsing: text) != nil else { reader.report(key, "must be \(DesktopWidget.Place.expected), not '\(text.prefix(40))'"); return nil }
        return text
    }

    static let widgetMargin = Setting<Int>(
        "widget-margin", "Pixels between the widget and the edges of its corner. Default: 40.",
        value: "pixels", field: \.widgetMargin, default: 40) { $0.integer($1, $2, 0...4096) }

    static let widgetClicks = Setting<Bool>(
        "widget-clicks", "Let the widget take clicks and drags on its rings (else they fall through to what lies under it). Default: off.",
        field: \.widgetClicks, default: false) { $0.bool($1, $2) }
}

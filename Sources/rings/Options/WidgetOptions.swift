import ArgumentParser
import RingsSDL

/// `rings window`'s options for a desktop widget (`Settings.widget` and its kin).
struct WidgetOptions: ParsableArguments {
    @Flag(name: Settings.widget.long, inversion: .prefixedNo, help: Settings.widget.help)
    var widget: Bool?

    @Option(name: Settings.widgetPlace.long, help: Settings.widgetPlace.help)
    var place: String?

    @Option(name: Settings.widgetMargin.long, help: Settings.widgetMargin.help)
    var margin: Int?

    @Flag(name: Settings.widgetClicks.long, inversion: .prefixedNo, help: Settings.widgetClicks.help)
    var clicks: Bool?

    /// The widget these options and `file` ask for, or nil for a plain window.
    func widget(_ file: ConfigFile) throws(UserError) -> DesktopWidget? {
        guard Settings.widget.resolved(widget, in: file) else { return nil }
        let text = Settings.widgetPlace.resolved(place, in: file)
        guard let where_ = DesktopWidget.Place(parsing: text) else {
            throw UserError("--widget-place must be \(DesktopWidget.Place.expected), not '\(text.prefix(40))'")
        }
        let margin = Settings.widgetMargin.resolved(self.margin, in: file)
        guard (0...4096).contains(margin) else { throw UserError("--widget-margin must be 0 to 4096 pixels, not \(margin)") }
        return DesktopWidget(place: where_, margin: margin, takesClicks: Settings.widgetClicks.resolved(clicks, in: file))
    }
}

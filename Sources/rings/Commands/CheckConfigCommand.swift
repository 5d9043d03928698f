import ArgumentParser
import Rings
import RingsBase
import RingsLive
import RingsSDL

/// `rings check-config [FILE]`: reads and checks a config file without opening a window (with no
/// FILE, the one the window would read).
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a config file without opening a window: each problem is printed as FILE:LINE: key: problem, and the exit status is 1.")

    @Argument(help: ArgumentHelp("The TOML config file. Default: the one the window reads, $XDG_CONFIG_HOME/rings/config.toml, else /etc/rings/config.toml.",
                                 valueName: "file"))
    var file: String?

    func run() throws {
        guard let file = file ?? ConfigLocation.found() else {
            let places = ConfigLocation.candidates().joined(separator: " or ")
            print("no config file: none at \(places); the window starts with its defaults")
            return
        }
        let config = try ConfigFile.load(file)
        // What the window would show: its sources name the rings, a kiosk fills the screen.
        let (live, scene) = try WindowCommand.parse(["--config=" + file]).liveOptions(config)
        let names = live.values.indices.map { live.theme.style(ofRing: $0).name }
        let size = live.kiosk || config.fullscreen == true ? Settings.fullscreen.name : "\(scene.width)x\(scene.height)"
        // A screen that can go off (a schedule, a broker's commands) says what would switch its power.
        let cec = try? Settings.cecChoice(Settings.cec.resolved(nil, in: config))
        let power = config.schedule != nil || live.mqtt?.commandTopic != nil ? cec.map { "; power " + $0.summary } : nil
        // Names as the file wrote them, but never a character that would steer the terminal.
        let summary = "\(file): ok: \(live.kiosk ? "kiosk, " : "")theme \(live.theme.name), \(size), "
            + "rings \(names.joined(separator: ", "))"
            + (config.schedule.map { "; a schedule of \($0.steps.count) step\($0.steps.count == 1 ? "" : "s")" } ?? "")
            + (live.mqtt.flatMap { $0.discovery == true ? "; Home Assistant node \($0.nodeID)" : nil } ?? "")
            + (power ?? "")
        print(summary.oneLine)
        live.mqtt?.warnings.forEach { print("\(file): warning: mqtt: \($0)") }
    }
}

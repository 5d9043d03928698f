import ArgumentParser
import Rings
import RingsLive

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
        let scene = try SceneOptions.parse([]).scene(defaultSize: (800, 800), file: config)
        _ = try TimingOptions.parse([]).checked(file: config)
        let names = scene.values.indices.map { scene.theme.style(ofRing: $0).name }
        // Names as the file wrote them, but never a character that would steer the terminal.
        print(StandardError.oneLine("\(file): ok: theme \(scene.theme.name), \(scene.width)x\(scene.height), rings \(names.joined(separator: ", "))"))
    }
}

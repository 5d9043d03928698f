import ArgumentParser
import Rings

/// `rings check-config FILE`: reads and checks a config file without opening a window.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a config file without opening a window: each problem is printed as FILE:LINE: key: problem, and the exit status is 1.")

    @Argument(help: ArgumentHelp("The TOML config file.", valueName: "file"))
    var file: String

    func run() throws {
        let config = try ConfigFile.load(file)
        let scene = try SceneOptions.parse([]).scene(defaultSize: (800, 800), file: config)
        _ = try TimingOptions.parse([]).checked(file: config)
        let names = scene.values.indices.map { scene.theme.style(ofRing: $0).name }
        print("\(file): ok: theme \(scene.theme.name), \(scene.width)x\(scene.height), rings \(names.joined(separator: ", "))")
    }
}

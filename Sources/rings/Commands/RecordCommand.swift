import ArgumentParser
import Foundation
import Rings
import RingsPNG
import RingsSDL

/// `rings record`: every frame of an animation as numbered PNG files.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write every frame of an animation (--from to --progress) as numbered PNGs.")

    @OptionGroup var scene: SceneOptions
    @OptionGroup var motion: AnimationOptions

    @Option(help: "Frames per second, 1 to 240.")
    var fps = 60

    @Option(help: ArgumentHelp("The folder for frame-0000.png, frame-0001.png, ... (made if missing).", valueName: "dir"))
    var out: String

    func run() throws {
        guard (1...240).contains(fps) else { throw UserError("--fps must be 1 to 240, not \(fps)") }
        let still = try scene.scene(defaultSize: (640, 640))
        guard let animation = try motion.animation(to: still) else { throw UserError("record needs --from: the values to animate from") }
        let count = Int((animation.endTime * Double(fps)).rounded(.up)) + 1
        guard count <= 100_000 else { throw UserError("that is \(count) frames; at most 100000") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UserError("--out \(out) is a file, not a folder")
        }
        do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
            throw UserError("cannot make the folder \(out): \(error.localizedDescription)")
        }
        var renderer = SceneRenderer()
        for n in 0..<count {
            let image = renderer.render(still.at(Double(n) / Double(fps), of: animation))
            do { try PNGFile.write(image, to: "\(out)/frame-\(String(format: "%04d", n)).png") } catch { throw UserError(error) }
        }
        print("wrote \(count) frames to \(out)")
    }
}

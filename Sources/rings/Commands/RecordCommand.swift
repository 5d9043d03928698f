import RingsBase
import ArgumentParser
import FoundationEssentials
import Glibc
import Rings
import RingsLive
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

    @Flag(help: "Replace the frames of an earlier recording in --out (they are removed first).")
    var overwrite = false

    func run() throws {
        guard (1...240).contains(fps) else { throw UserError("--fps must be 1 to 240, not \(fps)") }
        let still = try scene.scene(defaultSize: (640, 640))
        guard let animation = try motion.animation(to: still) else { throw UserError("record needs --from: the values to animate from") }
        let count = Int((animation.endTime * Double(fps)).rounded(.up)) + 1
        guard count <= 100_000 else { throw UserError("that is \(count) frames; at most 100000") }
        try CanvasSize.checkMemory(for: still)
        let folder = try prepare(out)
        func path(_ n: Int) -> String { "\(folder)/frame-\(String(cFormat: "%04d", n)).png" }
        // A recording is whole or not there: on a failure or a signal, the frames written go.
        func removed(_ written: Int, _ why: String) -> UserError {
            for n in 0..<written { unlink(path(n)) }
            return UserError("\(why); the \(written) frames written were removed")
        }
        ProcessSignals.onQuit {}
        var renderer = SceneRenderer()
        for n in 0..<count {
            if ProcessSignals.quitRequested { throw removed(n, "stopped by a signal") }
            let image = renderer.render(still.at(Double(n) / Double(fps), of: animation))
            do { try PNGFile.write(image, to: path(n)) } catch { throw removed(n, "\(error)") }
            if n == 0 { try checkRoom(for: count, frameBytes: fileSize(path(0)), in: folder) }
        }
        print("wrote \(count) frames to \(out)")
    }

    /// The folder, made if missing; frames of an earlier recording are refused, or removed with
    /// --overwrite, so that a video made from the folder never mixes two runs.
    private func prepare(_ out: String) throws(UserError) -> String {
        let folder = out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
        var isDirectory = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory {
            throw UserError("--out \(out) is a file, not a folder")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw UserError("cannot make the folder \(out): \(UserError.reason(error))")
        }
        let old = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        guard !old.isEmpty else { return folder }
        guard overwrite else {
            throw UserError("\(out) already holds \(old.count) frames of another recording; give --overwrite to replace them, or another folder")
        }
        for name in old {
            guard unlink("\(folder)/\(name)") == 0 || errno == ENOENT else {
                throw UserError("cannot remove \(folder)/\(name): \(String(cString: strerror(errno)))")
            }
        }
        return folder
    }

    /// After the first frame: the file system must hold the rest (each frame taken at 1.5 times the
    /// first's size, and a file each, with one more for the file being written), or nothing more is
    /// written and the first frame is removed.
    private func checkRoom(for count: Int, frameBytes: Int, in folder: String) throws(UserError) {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return }
        let free = Double(info.f_bavail) * Double(info.f_frsize), needed = Double(frameBytes) * 1.5 * Double(count - 1)
        if needed > free {
            unlink("\(folder)/frame-0000.png")
            throw UserError("\(count) frames need about \(Int(needed / 1_000_000) + 1) MB but \(folder) has \(Int(free / 1_000_000)) MB free")
        }
        // A file system without a count of files (btrfs) says 0 in all.
        if info.f_files > 0 && Int(info.f_favail) < count {
            unlink("\(folder)/frame-0000.png")
            throw UserError("\(count) frames need \(count) files but \(folder) has room for \(info.f_favail) more (out of inodes)")
        }
    }

    private func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

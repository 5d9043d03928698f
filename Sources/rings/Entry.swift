import ArgumentParser
import Foundation

/// Runs the command line. Every error is one line on stderr with a non-zero exit status: our own
/// with status 1, ArgumentParser's usage errors with its status (64); help goes to stdout.
@main
enum Entry {
    static func main() {
        do {
            var command = try RingsCommand.parseAsRoot()
            try command.run()
        } catch let error as UserError {
            fail(error.message, status: 1)
        } catch let error as ConfigErrors {
            FileHandle.standardError.write(Data(error.problems.map { "\($0)\n" }.joined().utf8))
            exit(1)
        } catch {
            let status = RingsCommand.exitCode(for: error)
            guard status != .success else { RingsCommand.exit(withError: error) }
            let message = RingsCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            fail("\(message) (see `rings help`)", status: status.rawValue)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("rings: error: \(message)\n".utf8))
        exit(status)
    }
}

/// A problem the user can fix, said in one line.
struct UserError: Error, CustomStringConvertible {
    var description: String { message }
    let message: String
    init(_ message: String) { self.message = message }
    init(_ error: any Error) { message = String(describing: error) }
}

/// `rings`: activity rings drawn by our own rasteriser.
struct RingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rings",
        abstract: "Concentric activity rings, drawn by rings' own CPU rasteriser.",
        discussion: "With no subcommand, opens a window showing the rings (the same options as `rings window`).",
        subcommands: [WindowCommand.self, RenderCommand.self, DemoCommand.self, PresetsCommand.self, CheckConfigCommand.self, RecordCommand.self, BenchCommand.self, QualityCommand.self],
        defaultSubcommand: WindowCommand.self)
}

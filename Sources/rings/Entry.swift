import ArgumentParser
import Foundation

/// Runs the command line: our own errors as one line on stderr and exit status 1; ArgumentParser's
/// usage errors and help as it prints them.
@main
enum Entry {
    static func main() {
        do {
            var command = try RingsCommand.parseAsRoot()
            try command.run()
        } catch let error as UserError {
            FileHandle.standardError.write(Data("rings: error: \(error.message)\n".utf8))
            exit(1)
        } catch {
            RingsCommand.exit(withError: error)
        }
    }
}

/// A problem the user can fix, said in one line.
struct UserError: Error {
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
        subcommands: [WindowCommand.self, RenderCommand.self, BenchCommand.self, QualityCommand.self],
        defaultSubcommand: WindowCommand.self)
}

import ArgumentParser
import CCrash
import FoundationEssentials
import Glibc
import Rings
import RingsLive

/// Runs the command line. Every error is one line on stderr with a non-zero exit status: our own
/// with status 1, ArgumentParser's usage errors with its status (64); help goes to stdout.
@main
enum Entry {
    static func main() {
        StandardError.prepareProcess()
        // A crash ends the process at once with one line, for its supervisor to restart it; Swift's
        // backtracer (which keeps a crashed process alive while it works) only when asked for.
        if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil { rings_crash_handlers_install("rings") }
        // Before any other thread: SIGINT and SIGTERM obeyed within a second, whatever blocks the main thread.
        ProcessSignals.start(grace: 0.9)
        // What a `--exec` command leaves outside its process group comes back to rings to be ended.
        Orphans.adopt()
        if let problem = AddressSpace.prepare() ?? DescriptorLimit.prepare() { fail(problem, status: 1) }
        do {
            var command = try RingsCommand.parseAsRoot()
            try command.run()
            // Ended the clean way by a signal that is not the usual SIGINT or SIGTERM: 128 + its number.
            end(status: ProcessSignals.exitStatus ?? 0)
        } catch let error as UserError {
            fail(error.message, status: 1)
        } catch let error as ConfigErrors {
            error.problems.forEach { StandardError.say("\($0)") }
            exit(1)
        } catch {
            let status = RingsCommand.exitCode(for: error)
            guard status != .success else { RingsCommand.exit(withError: error) }
            let message = RingsCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            fail(unknownOption(in: message) ?? "\(message) (see `rings help`)", status: status.rawValue)
        }
    }

    /// For ArgumentParser's "Unknown option '--x'. Did you mean '--y'?": which commands do take --x,
    /// rather than a guess at a look-alike that means something else.
    static func unknownOption(in message: String) -> String? {
        guard message.hasPrefix("Unknown option '"), let option = message.dropFirst(16).split(separator: "'").first else { return nil }
        var names: [String] = [], takers: [String] = []
        for command in RingsCommand.configuration.subcommands {
            let name = command.configuration.commandName ?? ""
            names.append(name)
            let help = command.helpMessage(columns: 1000)
            if [" ", "\n", "="].contains(where: { help.contains("\(option)\($0)") }) { takers.append(name) }
        }
        let given = CommandLine.arguments.dropFirst().first { names.contains($0) } ?? "window"
        takers.removeAll { $0 == given }
        guard !takers.isEmpty else { return "`rings \(given)` has no option \(option) (`rings \(given) --help` lists its options)" }
        return "`rings \(given)` has no option \(option); it is an option of " + takers.map { "`rings \($0)`" }.joined(separator: ", ")
    }

    /// Ends the process once its output is written, without the libraries' exit handlers: Mesa's
    /// and LLVM's teardown can outlast the quit's 0.9 s on a busy board or under emulation, and
    /// the system takes back all that they would free.
    static func end(status: Int32) -> Never {
        fflush(nil)
        // LeakSanitizer checks in an exit handler too: in a build with it (`make leaks`), here.
        if let check = dlsym(nil, "__lsan_do_leak_check") {
            unsafeBitCast(check, to: (@convention(c) () -> Void).self)()
        }
        _exit(status)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StandardError.say("rings: error: \(message)")
        exit(status)
    }
}

/// A problem the user can fix, said in one line.
struct UserError: Error, CustomStringConvertible {
    var description: String { message }
    let message: String
    init(_ message: String) { self.message = message }
    init(_ error: any Error) { message = String(describing: error) }

    /// Why a file operation failed, in the system's words ("Permission denied").
    static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return String(describing: error)
    }
}

/// `rings`: activity rings drawn by our own rasteriser.
struct RingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rings",
        abstract: "Concentric activity rings, drawn by rings' own CPU rasteriser.",
        discussion: "With no subcommand, opens a window showing the rings (the same options as `rings window`).",
        version: ringsVersion,
        subcommands: [WindowCommand.self, RenderCommand.self, DemoCommand.self, PresetsCommand.self, CheckConfigCommand.self, IconCommand.self, RecordCommand.self, BenchCommand.self, QualityCommand.self],
        defaultSubcommand: WindowCommand.self)
}

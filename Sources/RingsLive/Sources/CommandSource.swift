import Rings
import RingsAnimation

/// `--exec`: a shell command run every `--every`, each line of its output a feed line (`CommandFeed`).
final class CommandSource: LiveSource {
    private let command: String, interval: Double
    private var feed: CommandFeed?

    init?(_ options: LiveOptions) {
        guard let command = options.exec else { return nil }
        self.command = command
        interval = options.every
    }

    static var periodic: Bool { true }

    static func identity(_ options: LiveOptions) -> String { "exec " + (options.exec ?? "") }

    func start(_ link: SourceLink, on loop: FrameLoop) {
        feed = CommandFeed(command: command, interval: interval, report: { link.problems.note(kind: "exec", $0) },
                           state: { link.health("exec", $0) }, deliver: { number, line in link.deliver("feed line \(number)", line: line) })
        feed?.start()
    }

    func stop() { feed?.stop(); feed = nil }
}

import Rings
import RingsAnimation

/// `--feed`: lines from standard input, or from a file or FIFO followed as it grows (`LineFeed`).
final class FeedSource: LiveSource {
    private let source: LineFeed.Source
    private var feed: LineFeed?

    init?(_ options: LiveOptions) {
        guard let source = options.feed else { return nil }
        self.source = source
    }

    static func identity(_ options: LiveOptions) -> String { "feed " + (options.feed.map { "\($0)" } ?? "") }

    func start(_ link: SourceLink, on loop: FrameLoop) {
        feed = LineFeed(source: source, report: { link.problems.note(kind: "feed", $0) }, state: { link.health("feed", $0) },
                        deliver: { number, line in link.deliver("feed line \(number)", line: line) })
        feed?.start()
    }

    func stop() { feed?.stop(); feed = nil }
}

import Rings
import Foundation
import RingsRaster

/// How each live source stands, for the legend: a word while all is well (MQTT's `connected`), a
/// problem (`no such file: /run/rings.fifo`) while it is not. Set on the sources' threads, read by
/// the screen on its own.
final class SourceHealth: Sendable {
    /// One source's line in the legend.
    struct Line: Equatable, Sendable {
        var name: String, text: String, problem: Bool
    }
    /// The legend's widest problem text; longer ones end in "...".
    static let widest = "no such file: /run/rings/feed..."
    private let lines = Mutex<[Line]>([])

    /// Says how `name` stands (in the order sources first speak); nil text takes its line away.
    func set(_ name: String, _ text: String?, problem: Bool = true) {
        let shown = text.map { $0.count > SourceHealth.widest.count ? String($0.prefix(SourceHealth.widest.count - 3)) + "..." : $0 }
        lines.withLock { lines in
            let index = lines.firstIndex { $0.name == name }
            switch (shown, index) {
            case let (text?, index?): lines[index] = Line(name: name, text: text, problem: problem)
            case let (text?, nil): lines.append(Line(name: name, text: text, problem: problem))
            case let (nil, index?): lines.remove(at: index)
            case (nil, nil): break
            }
        }
    }

    var current: [Line] { lines.withLock { $0 } }

    /// The words for a file that cannot be opened: "no such file", "not allowed", or the system's.
    static func words(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "not allowed"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

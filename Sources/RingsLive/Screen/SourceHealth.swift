import Rings
import Foundation
import RingsRaster

/// How each live source stands, for the legend: a word while all is well (MQTT's `connected`), a
/// problem (`no such file: /run/rings.fifo`) while it is not. Set on the sources' threads, read by
/// the screen on its own.
final class SourceHealth: Sendable {
    /// The legend's widest problem text; longer ones end in "...".
    static var widest: String { Words.noSuchFile.text + ": /run/rings/feed..." }
    private let lines = Mutex<[SourceLine]>([])

    /// Says how `name` stands (in the order sources first speak); nil text takes its line away.
    /// `widest` is the longest text it may say.
    func set(_ name: String, _ text: String?, problem: Bool = true, widest: String = SourceHealth.widest) {
        let shown = text.map { $0.count > SourceHealth.widest.count ? String($0.prefix(SourceHealth.widest.count - 3)) + "..." : $0 }
        lines.withLock { lines in
            let index = lines.firstIndex { $0.name == name }
            switch (shown, index) {
            case let (text?, index?): lines[index] = SourceLine(name: name, text: text, problem: problem, widest: widest)
            case let (text?, nil): lines.append(SourceLine(name: name, text: text, problem: problem, widest: widest))
            case let (nil, index?): lines.remove(at: index)
            case (nil, nil): break
            }
        }
    }

    var current: [SourceLine] { lines.withLock { $0 } }

    /// The words for a file that cannot be opened: "no such file", "not allowed", or the system's.
    static func words(errno code: Int32) -> String {
        switch code {
        case ENOENT: Words.noSuchFile.text
        case EACCES, EPERM: Words.notAllowed.text
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

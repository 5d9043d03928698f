import Rings
import FoundationEssentials
import Glibc
import RingsRaster
import RingsBase

/// How each live source stands, for the legend: a word while all is well (MQTT's `connected`), a
/// problem (`no such file: /run/rings.fifo`) while it is not. Set on the sources' threads, read by
/// the screen on its own.
final class SourceHealth: Sendable {
    /// The legend's room for a problem: a longer text is cut there with "…" as it is drawn.
    static var widest: String { Words.noSuchFile.text + ": /run/rings/feed/values" }
    /// Texts are kept to this many characters (a path can be 4096 bytes long).
    static let longest = 200
    private let lines = Mutex<[SourceLine]>([])
    private let words = Mutex<[Int: String]>([:])

    /// Says how `name` stands (in the order sources first speak); nil text takes its line away.
    /// `widest` is the longest text it may say.
    func set(_ name: String, _ text: String?, problem: Bool = true, widest: String = SourceHealth.widest) {
        let shown = text.map { String($0.prefix(SourceHealth.longest)) }
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

    /// Says a word after ring `ring`'s value ("charging", "no battery"); nil takes it away. True when it changed.
    @discardableResult func remark(ring: Int, _ text: String?) -> Bool {
        words.withLock { words in defer { words[ring] = text }; return words[ring] != text }
    }

    /// The words after the rings' values.
    var remarks: [Int: String] { words.withLock { $0 } }

    /// The words for a file that cannot be opened: "no such file", "not allowed", or the system's.
    static func words(errno code: Int32) -> String {
        switch code {
        case ENOENT: Words.noSuchFile.text
        case EACCES, EPERM: Words.notAllowed.text
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

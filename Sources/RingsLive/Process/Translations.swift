import CGettext
import FoundationEssentials
import Glibc
import Rings
import RingsRaster
import RingsBase

/// The screen's words from gettext's catalogues (`rings.mo`, made from Assets/po by `make`), in the
/// language the environment asks for as gettext reads it (LANGUAGE, else LC_ALL, LC_MESSAGES, LANG)
/// or the one `--lang` or the config's `lang` forces. glibc looks the words up; a language whose
/// locale is not generated (a kiosk often has only C.UTF-8) is still found.
public enum Translations {
    static let domain = "rings"
    private static let lock = Mutex(())

    /// The catalogue to speak: `forced`'s ("en" for English), else the environment's first language
    /// with a catalogue, else English. A forced language without one is said to `warn`.
    public static func catalogue(forced: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                                 folder: String? = Translations.folder(), warn: (String) -> Void = { _ in }) -> Catalogue {
        let shipped = folder.map(languages(in:)) ?? []
        let asked = forced.map { [$0] } ?? languagesAsked(environment)
        for language in asked {
            if english(language) { return .english }
            // "de_AT" reads "de"; a bare "zh" reads the first "zh_..." there is.
            let base = String(language.prefix { $0 != "_" })
            let found = [language, base].first(where: shipped.contains) ?? (base == language ? shipped.sorted().first { $0.hasPrefix(base + "_") } : nil)
            if let found, let folder {
                return Catalogue(language: found, translations: lookUp(found, in: folder))
            }
        }
        if let forced { warn("no messages in '\(forced)' (there are: \((["en"] + shipped.sorted()).joined(separator: ", "))); using English") }
        return .english
    }

    /// The languages asked for, as gettext reads them: LANGUAGE's list (unless the locale is C),
    /// after LC_ALL, LC_MESSAGES or LANG, the first set; each without its encoding ("zh_CN").
    public static func languagesAsked(_ environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let list = isC(locale) ? [] : (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return (list + [locale]).map { String($0.prefix { $0 != "." && $0 != "@" }) }.filter { !$0.isEmpty }
    }

    /// A language as `--lang` and the config's `lang` take it: gettext's name ("zh_CN", "de", "en"), or nil.
    public static func checked(_ text: String) -> String? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        let letters = { (part: Substring, count: ClosedRange<Int>) in count.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLetter } }
        guard letters(parts[0], 2...3), parts.count == 1 || parts.count == 2 && letters(parts[1], 2...2) else { return nil }
        return text
    }

    /// C, POSIX and English need no catalogue.
    static func english(_ language: String) -> Bool { isC(language) || language == "en" || language.hasPrefix("en_") }

    /// The C locale, under any of its names (C, C.UTF-8, POSIX): gettext translates nothing in it.
    static func isC(_ locale: String) -> Bool { locale == "C" || locale.hasPrefix("C.") || locale == "POSIX" }

    /// The languages with a catalogue in `folder`.
    static func languages(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { FileManager.default.isReadableFile(atPath: "\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }
    }

    /// Where the catalogues are: `share/locale` beside the binary's folder (`/usr/bin/rings` reads
    /// `/usr/share/locale`), else the build tree's (`.build/share/locale`, where `make` puts them);
    /// never a folder that another user could have put there (`/tmp/share/locale` for a binary
    /// copied to `/tmp/x/`): each folder on the way must be root's or this user's, and not writable
    /// by every user unless sticky (as /tmp is, where no one can replace what another made).
    public static func folder(executable: String = Translations.executable()) -> String? {
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        return [bin.appendingPathComponent("../share/locale"), bin.appendingPathComponent("../../share/locale")]
            .map { $0.standardizedFileURL.path }
            .first { trusted($0) && !languages(in: $0).isEmpty }
    }

    /// `folder` and every folder above it belong to root or this user, and none may be written to by
    /// every user but a sticky one.
    static func trusted(_ folder: String) -> Bool {
        var path = folder
        while true {
            var info = stat()
            if lstat(path, &info) == 0 {
                if info.st_uid != 0 && info.st_uid != getuid() { return false }
                let link = info.st_mode & S_IFMT == S_IFLNK
                if !link && info.st_mode & S_IWOTH != 0 && info.st_mode & S_ISVTX == 0 { return false }
            }
            guard path != "/", let slash = path.lastIndex(of: "/") else { return true }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }

    /// The running binary's path, links followed.
    public static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Every one of `Words` as gettext translates it into `language` from `folder`. gettext reads
    /// the language from LANGUAGE, and only where the messages' locale is not C: both are set for
    /// the look-up (C.UTF-8 where the user's locale is not generated) and put back after it.
    static func lookUp(_ language: String, in folder: String) -> [Words: String] {
        lock.withLock { _ in lookUpLocked(language, in: folder) }
    }

    private static func lookUpLocked(_ language: String, in folder: String) -> [Words: String] {
        let savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
        let savedLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        defer {
            if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, savedLocale)
        }
        if isC(setlocale(LC_MESSAGES, "").map { String(cString: $0) } ?? "C") { setlocale(LC_MESSAGES, "C.UTF-8") }
        setenv("LANGUAGE", language, 1)
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
        var found: [Words: String] = [:]
        for word in Words.allCases {
            // dgettext returns the msgid itself when it has no translation: read the answer while
            // the C string made of `rawValue` is alive, and only when it is another string.
            let text = word.rawValue.withCString { msgid -> String? in
                guard let answer = dgettext(domain, msgid), UnsafePointer(answer) != msgid else { return nil }
                return String(cString: answer)
            }
            guard let text, text != word.rawValue else { continue }
            found[word] = text
        }
        return found
    }
}

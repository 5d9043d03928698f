import Foundation
import Rings
import RingsLive
import TestSupport
import Testing

/// Which language the screen speaks, by gettext's rules, read from a given environment (the
/// process's own is never changed here: the look-up itself is tested through the binary).
@Suite struct TranslationsTests {
    @Test func theLanguageIsReadAsGettextReadsIt() {
        #expect(Translations.languagesAsked(["LANG": "zh_CN.UTF-8"]) == ["zh_CN"])
        #expect(Translations.languagesAsked(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"]) == ["zh_CN"], "LC_MESSAGES before LANG")
        #expect(Translations.languagesAsked(["LC_ALL": "de_AT.UTF-8@euro", "LC_MESSAGES": "zh_CN.UTF-8"]) == ["de_AT"], "LC_ALL first")
        #expect(Translations.languagesAsked(["LANG": "en_GB.UTF-8", "LANGUAGE": "de:zh_CN"]) == ["de", "zh_CN", "en_GB"], "LANGUAGE's list first")
        #expect(Translations.languagesAsked(["LANG": "C.UTF-8", "LANGUAGE": "de"]) == ["C"], "LANGUAGE means nothing in the C locale")
        #expect(Translations.languagesAsked([:]) == ["C"])
        #expect(Translations.languagesAsked(["LANG": ""]) == ["C"])
    }

    @Test func aForcedLanguageIsCheckedAndOneThatIsNotShippedIsAWarning() {
        #expect(Translations.checked("zh_CN") == "zh_CN" && Translations.checked("de") == "de" && Translations.checked("en") == "en")
        for bad in ["", "x", "zh_", "zh_CN.UTF-8", "../../etc", "de DE", String(repeating: "a", count: 300)] {
            #expect(Translations.checked(bad) == nil, "\(bad)")
        }
        var said: [String] = []
        let catalogue = Translations.catalogue(forced: "fr", folder: nil, warn: { said.append($0) })
        #expect(catalogue == .english && said.count == 1 && said[0].contains("'fr'"), "\(said)")
        #expect(Translations.catalogue(forced: nil, environment: ["LANG": "fr_FR.UTF-8"], folder: nil) == .english, "no catalogue: English, silently")
    }

    /// Catalogues are read beside the binary only where no other user could have put them: a binary
    /// copied to /tmp/x/ read /tmp/share/locale, which anyone can plant.
    @Test func catalogueFoldersEveryUserCanWriteAreNotRead() throws {
        // In a folder of this user's under /tmp (root's and sticky): as root (make test runs this
        // among the root suites), the checkout is another user's, whose folders are not read.
        let scratch = ScratchDirectory("rings-locale")
        let place = scratch.path + "/place"
        try FileManager.default.createDirectory(atPath: place + "/x", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: place + "/share/locale/de/LC_MESSAGES", withIntermediateDirectories: true)
        try Data("planted".utf8).write(to: URL(fileURLWithPath: place + "/share/locale/de/LC_MESSAGES/rings.mo"))
        #expect(Translations.folder(executable: place + "/x/rings") == place + "/share/locale", "a folder of this user's: read")
        chmod(place, 0o777)
        #expect(Translations.folder(executable: place + "/x/rings") == nil, "under a folder every user may write to: not read")
        // As in /tmp (sticky): what this user made there is read, what another user made is not.
        chmod(place, 0o1777)
        #expect(Translations.folder(executable: place + "/x/rings") == place + "/share/locale")
        try #require(chown(place + "/share", 65534, 65534) == 0, "another user's folder: making one needs root, as make test runs")
        #expect(Translations.folder(executable: place + "/x/rings") == nil, "another user's folder: not read")
    }
}

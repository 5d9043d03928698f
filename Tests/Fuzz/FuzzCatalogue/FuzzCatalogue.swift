import FuzzSupport
import Rings

/// A catalogue's translations (`rings.mo`, which gettext reads, may say anything: a translator's
/// typo, a planted file) as the screen fills them in: the input is a translation, then up to three
/// arguments, NUL between them, given to every one of the screen's words. The words come out
/// with each placeholder filled or left out, never longer than the translation with every
/// placeholder filled by the longest argument, and a translation without `%` as it is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let parts = bytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let translation = parts[0], arguments = Array(parts.dropFirst().prefix(3))
    let catalogue = Catalogue(language: "xx", translations: Dictionary(uniqueKeysWithValues: Words.allCases.map {
        ($0, translation)
    }))
    // Each placeholder is two bytes at least ("%s"); each takes one argument.
    let longest = arguments.map(\.utf8.count).max() ?? 0
    let bound = translation.utf8.count + (translation.utf8.count / 2) * longest
    for word in Words.allCases {
        require(catalogue[word] == translation, "\(word) is not its translation")
        let said = catalogue.say(word, arguments)
        require(said.utf8.count <= bound, "\(word): \(said.utf8.count) bytes from \(translation.utf8.count)")
        require(translation.contains("%") || said == translation, "\(word) changed without a placeholder")
    }
    return 0
}

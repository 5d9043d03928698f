import FoundationEssentials
import FuzzSupport
import Rings

/// A theme file's text (`--theme FILE.json`): a theme, or one reason in one line naming the key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThemeFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        let theme = try ThemeLoader.parse(Data(bytes(data, size)), source: "fuzz.json")
        let lengths = [theme.outerRadius, theme.thickness, theme.gap, theme.minimumHoleRadius, theme.shadowSigma,
                       theme.shadowOffset, theme.trackWidth, theme.dotSize]
        require(lengths.allSatisfy(\.isFinite), "a length that is not a number: \(lengths)")
        let opacities = [theme.trackOpacity, theme.shadowOpacity, theme.bandOpacity]
        require(opacities.allSatisfy { (0...1).contains($0) }, "an opacity out of 0 to 1: \(opacities)")
        require(theme.fonts.count <= Theme.maximumFonts, "\(theme.fonts.count) fonts")
    } catch {
        require(isOneLine(error.description), "the reason: \(error.description)")
    }
    return 0
}

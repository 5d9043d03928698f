import Foundation

/// Finds the JSON themes shipped with `rings` (the `Themes` folder copied next to the executable by
/// SwiftPM), without the crash of `Bundle.module` when the folder is missing.
public enum BundledAssets {
    private static let bundleName = "rings_RingsAssets.resources"

    /// The folder holding the bundled theme files, if it can be found.
    public static var themesDirectory: URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent(), Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { candidates.append(resources) }
        for base in candidates {
            let themes = base.appendingPathComponent(bundleName).appendingPathComponent("Themes")
            if FileManager.default.fileExists(atPath: themes.path) { return themes }
        }
        // Running from a checkout whose build folder moved: the source folder itself.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Themes")
        return FileManager.default.fileExists(atPath: source.path) ? source : nil
    }

    /// Names of the bundled themes, sorted.
    public static var themeNames: [String] {
        guard let dir = themesDirectory,
              let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The contents of the bundled theme `name`, or nil when there is none.
    public static func themeData(named name: String) -> Data? {
        guard let dir = themesDirectory, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return try? Data(contentsOf: dir.appendingPathComponent(name + ".json"))
    }
}

import Foundation

/// Finds the JSON files shipped with `rings`: themes and presets (the `Themes` and `Presets` folders
/// copied next to the executable by SwiftPM), without the crash of `Bundle.module` when a folder is missing.
public enum BundledAssets {
    private static let bundleName = "rings_RingsAssets.resources"

    /// The kinds of bundled files, by folder.
    public enum Folder: String, Sendable { case themes = "Themes", presets = "Presets" }

    /// The folder holding one kind of bundled file, if it can be found.
    public static func directory(_ folder: Folder) -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent(), Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { candidates.append(resources) }
        for base in candidates {
            let url = base.appendingPathComponent(bundleName).appendingPathComponent(folder.rawValue)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        // Running from a checkout whose build folder moved: the source folder itself.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(folder.rawValue)
        return FileManager.default.fileExists(atPath: source.path) ? source : nil
    }

    /// Names of the bundled files of a kind (without .json), sorted.
    public static func names(in folder: Folder) -> [String] {
        guard let dir = directory(folder), let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The contents of the bundled file `name` of a kind, or nil when there is none.
    public static func data(named name: String, in folder: Folder) -> Data? {
        guard let dir = directory(folder), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return try? Data(contentsOf: dir.appendingPathComponent(name + ".json"))
    }
}

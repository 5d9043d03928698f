import FoundationEssentials
import Glibc
import Rings

/// Themes as people name them: a built-in name, or a theme file (a name that ends in .json or holds
/// a slash), read bounded (`BoundedFile`) and parsed by `ThemeLoader`.
public enum ThemeFile {
    public static func load(_ nameOrPath: String) throws(ThemeError) -> Theme {
        guard isPath(nameOrPath) else { return try ThemeLoader.load(nameOrPath) }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(nameOrPath, limit: ThemeLoader.largestFile) } catch {
            throw .unreadable(path: nameOrPath, reason: "\(error)")
        }
        return try ThemeLoader.parse(Data(bytes), source: nameOrPath)
    }

    /// Whether a theme is named by a file's path (it ends in .json or holds a slash) rather than a built-in name.
    public static func isPath(_ nameOrPath: String) -> Bool { nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") }
}

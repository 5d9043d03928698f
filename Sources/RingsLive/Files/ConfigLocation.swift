import FoundationEssentials
import Glibc

/// Where the window finds its config when `--config` does not say: where Linux apps keep theirs,
/// `$XDG_CONFIG_HOME/rings/config.toml` (`~/.config` when XDG_CONFIG_HOME is not set), then
/// `/etc/rings/config.toml`.
public enum ConfigLocation {
    /// What `--config none` says: read no file.
    public static let none = "none"

    /// The places looked at, in order.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let home = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.config" }
        return (home.map { [$0 + "/rings/config.toml"] } ?? []) + ["/etc/rings/config.toml"]
    }

    /// The first candidate that exists, or nil when there is none.
    public static func found(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        candidates(environment: environment).first { FileManager.default.fileExists(atPath: $0) }
    }
}

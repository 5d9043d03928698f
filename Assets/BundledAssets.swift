/// The JSON files shipped with `rings`, themes and presets, compiled into the executable (SwiftPM's
/// `embedInCode`), so that the binary stands alone wherever it is copied.
///
/// Each file is listed here by name; `BundledAssetsTests` checks that the list and the folders agree.
public enum BundledAssets {
    /// The kinds of bundled files, by folder.
    public enum Folder: String, Sendable { case themes = "Themes", presets = "Presets" }

    private static let themes: [String: [UInt8]] = [
        "activity": PackageResources.activity_json,
        "desktop": PackageResources.desktop_json,
        "flat": PackageResources.flat_json,
        "gold": PackageResources.gold_json,
        "soft": PackageResources.soft_json,
        "tutorial": PackageResources.tutorial_json,
    ]

    private static let presets: [String: [UInt8]] = [
        "activity": PackageResources.activity_preset_json,
        "desktop": PackageResources.desktop_preset_json,
        "flat": PackageResources.flat_preset_json,
        "gold": PackageResources.gold_preset_json,
        "progress-ring": PackageResources.progress_ring_preset_json,
        "progress-ring-bigger": PackageResources.progress_ring_bigger_preset_json,
        "soft": PackageResources.soft_preset_json,
        "tutorial": PackageResources.tutorial_preset_json,
    ]

    private static func files(in folder: Folder) -> [String: [UInt8]] {
        switch folder {
        case .themes: themes
        case .presets: presets
        }
    }

    /// The file name a bundled file of a kind has in its folder (`Assets/Presets/gold.preset.json`).
    public static func fileName(of name: String, in folder: Folder) -> String {
        folder == .themes ? name + ".json" : name + ".preset.json"
    }

    /// Names of the bundled files of a kind (without .json), sorted.
    public static func names(in folder: Folder) -> [String] { files(in: folder).keys.sorted() }

    /// The contents of the bundled file `name` of a kind, or nil when there is none.
    public static func bytes(named name: String, in folder: Folder) -> [UInt8]? { files(in: folder)[name] }
}

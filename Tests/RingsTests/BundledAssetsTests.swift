import Foundation
import Rings
import RingsAssets
import Testing

/// The themes and presets compiled into the executable are the files in Assets/, every one of them.
@Suite struct BundledAssetsTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets")

    @Test(arguments: [BundledAssets.Folder.themes, .presets])
    func everyFileInTheFolderIsCompiledInWithItsOwnBytes(folder: BundledAssets.Folder) throws {
        let directory = Self.assets.appendingPathComponent(folder.rawValue)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        let names = BundledAssets.names(in: folder)
        #expect(files == names.map { BundledAssets.fileName(of: $0, in: folder) }.sorted())
        #expect(!names.isEmpty)
        for name in names {
            let onDisk = try Data(contentsOf: directory.appendingPathComponent(BundledAssets.fileName(of: name, in: folder)))
            #expect(BundledAssets.bytes(named: name, in: folder).map { Data($0) } == onDisk, "\(folder.rawValue)/\(name)")
        }
    }

    @Test func everyBundledThemeAndPresetLoads() throws {
        #expect(ThemeLoader.builtInNames == ["activity", "desktop", "flat", "gold", "soft", "tutorial"])
        for name in ThemeLoader.builtInNames { _ = try ThemeLoader.load(name) }
        for name in Preset.names { _ = try Preset.load(name) }
        #expect(BundledAssets.bytes(named: "../Themes/flat", in: .themes) == nil)
    }
}

import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing

/// The arm64 package (`make deb ARCH=arm64`, built in Cross/'s build root) as a Raspberry Pi 4 or 5 on
/// Raspberry Pi OS (Debian 13 based) meets it: a pristine arm64 Debian 13 made by debootstrap, the
/// package installed by `apt install ./rings_*_arm64.deb`, its programs run on this machine through
/// qemu-user. Its pictures are those of the amd64 package on a pristine amd64 Debian 13 (the same
/// libraries and fonts: only the architecture differs): every channel of every pixel within one
/// level (where fused multiply-add may round the other way), in every preset, with text in several
/// scripts and a translation, laps mid-tween and a transparent widget.
@Suite(.serialized) struct Arm64Tests {
    let scratch = ScratchDirectory("arm64")

    /// The pristine arm64 Debian 13 with the package installed (made once per run).
    func image() throws -> String { try PristineImage.installed("trixie", architecture: "arm64") }

    /// Runs the `rings` of `image` (chrooted; through qemu-user on arm64's) with the scratch folder bound in.
    func rings(in image: String, _ arguments: [String]) throws -> RunResult {
        try runProgram(PristineImage.scripts + "/pristine-chroot.sh",
                       [image, "--bind", scratch.path, "--", "/usr/bin/rings"] + arguments, timeout: 300)
    }

    @Test func thePackageIsAnArm64ProgramThatAptInstallsOnAPristineDebian13() throws {
        let package = try PristineImage.package("arm64")
        let architecture = try PristineImage.field(package, "Architecture")
        let packaged = try PristineImage.field(package, "Version")
        #expect(architecture == "arm64")
        let root = try image()
        // 183 is AArch64. No segment both writable and executable: the kiosk unit's
        // MemoryDenyWriteExecute= ended such a program at once (GNU ld's layout for arm64 did that).
        let segments = try ProgramSegments(path: root + "/usr/bin/rings")
        #expect(segments.machine == 183, "the installed /usr/bin/rings is not an arm64 program")
        #expect(segments.writableAndExecutable.isEmpty, "segments mapped writable and executable: \(segments.loads)")
        let installed = try String(contentsOfFile: root + ".installed", encoding: .utf8)
        #expect(installed.contains("rings"), "apt's record of what it installed: \(installed)")
        let version = try rings(in: root, ["--version"])
        #expect(version.status == 0 && version.stdout.contains(packaged),
                "rings --version on arm64: \(version.stdout)\(version.stderr)")
        // The sizes, for the run's log and the README.
        let amd64 = try PristineImage.field(try PristineImage.package(), "Installed-Size")
        let arm64 = try PristineImage.field(package, "Installed-Size")
        func kilobytes(_ file: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0) / 1024
        }
        print("arm64: installed size \(arm64) KB (amd64 \(amd64) KB); "
              + "package \(try kilobytes(package)) KB (amd64 \(try kilobytes(try PristineImage.package())) KB)")
    }

    /// A whole arm64 Debian 13 machine (qemu-system-aarch64's `virt`, a Cortex-A72 as in the
    /// Raspberry Pi 4, Debian's arm64 kernel, virtio-gpu) with the package installed: the kiosk unit
    /// as on amd64's (PristineTests): docs/service.md followed, the console kiosk on KMS/DRM to the
    /// pixel of `rings render`, the watchdog, an upgrade while it runs, remove and purge.
    @Test func theKioskUnitOnAWholeArm64MachineFollowsTheDocSurvivesAnUpgradeAndIsPurged() throws {
        try PristineTests().kioskUnitFollowsTheDoc(image: try image(), package: try PristineImage.package("arm64"),
                                                   name: "trixie-arm64", kernel: try PristineImage.arm64Kernel())
    }

    /// The arm64 package's kiosk under labwc (amd64's labwc: the protocol is the same on every
    /// architecture), as LabwcTests runs amd64's: `rings render` to the pixel, upright and turned,
    /// the output switched by the broker and by `wlopm`.
    @Test func theArm64KioskUnderLabwcIsRenderAndItsOutputIsSwitched() throws {
        try LabwcTests().theKioskUnderLabwcIsRenderAndTheBrokerSwitchesTheOutput(architecture: "arm64")
    }

    /// The scenes compared: each preset, with its chrome; names in several scripts; laps past 100 %
    /// mid-tween; a transparent widget; the help panel's words in Chinese.
    static let scenes: [(String, [String])] = [
        ("activity", ["--preset", "activity", "--chrome", "full"]),
        ("desktop", ["--preset", "desktop", "--chrome", "full", "--widget", "--transparent"]),
        ("flat", ["--preset", "flat", "--size", "960x540"]),
        ("gold", ["--preset", "gold", "--chrome", "full"]),
        ("soft", ["--preset", "soft", "--chrome", "full"]),
        ("tutorial", ["--preset", "tutorial", "--chrome", "full"]),
        ("progress-ring-bigger", ["--preset", "progress-ring-bigger"]),
        ("laps", ["--from", "0,0.5,0", "--progress", "2.5,1.75,1.2", "--time", "0.6", "--size", "500x500"]),
        ("scripts", ["--config", "SCRIPTS", "--chrome", "full", "--size", "720x480", "--lang", "zh_CN",
                     "--progress", "0.7,1.3,0.45"]),
    ]

    @Test(arguments: scenes.map(\.0))
    func theArm64PictureIsAmd64sWithinOneLevel(scene: String) throws {
        let config = scratch.path + "/scripts.toml"
        try """
        [[ring]]
        name = "步数 Schritte"
        [[ring]]
        name = "التمارين"
        [[ring]]
        name = "व्यायाम 🏃"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let arguments = Self.scenes.first { $0.0 == scene }!.1.map { $0 == "SCRIPTS" ? config : $0 }
        let amd64 = scratch.path + "/\(scene)-amd64.png", arm64 = scratch.path + "/\(scene)-arm64.png"
        let here = try rings(in: try PristineImage.installed("trixie"), ["render"] + arguments + ["--out", amd64])
        #expect(here.status == 0, "rings render on amd64: \(here.stdout)\(here.stderr)")
        let there = try rings(in: try image(), ["render"] + arguments + ["--out", arm64])
        #expect(there.status == 0, "rings render on arm64: \(there.stdout)\(there.stderr)")
        guard here.status == 0, there.status == 0 else { return }
        let a = try PNGFile.read(amd64), b = try PNGFile.read(arm64)
        #expect(a.width == b.width && a.height == b.height)
        guard a.width == b.width, a.height == b.height else { return }
        var worst = 0, differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = [abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                         abs(Int(p.a) - Int(q.a))].max()!
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        print("arm64 \(scene): \(differing) of \(a.width * a.height) pixels differ, by at most \(worst)")
        #expect(worst <= 1, "\(scene): arm64's picture differs from amd64's by \(worst) levels")
    }
}

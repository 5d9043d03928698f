import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing

/// The Debian package `make test` builds, on pristine machines: Debian 12 and 13 made by debootstrap
/// (minbase, plus systemd as PID 1, udev and kmod, as on a console-only Raspberry Pi), with nothing
/// else of rings' needs, the package installed as the README says (`apt install ./rings_*.deb`). A
/// library the package forgets to depend on shows here, where the build machine's /usr hides it.
/// The kiosk unit on Debian 12 booted as the whole machine in QEMU (docs/service.md followed, the
/// watchdog, an upgrade while it runs, remove, purge); the window of each image's binary (chrooted)
/// on this machine's X server and on sway, natively. Images are made once and kept under
/// /var/cache/rings/pristine (the Debian archive is needed the first time: about a minute each).
@Suite(.serialized) struct PristineTests {
    let scratch = ScratchDirectory("pristine")

    /// The kiosk's config in the guest, rendered here to compare.
    static let kioskConfig = Installed.checkout + "/Tests/VM/guest/pristine/kiosk.toml"

    func render(_ progress: String) throws -> Pixmap {
        let out = scratch.path + "/ref-\(UInt32.random(in: 0...UInt32.max)).png"
        let result = try runProgram(ringsBinary, ["render", "--config", Self.kioskConfig, "--size", "1280x800", "--progress", progress, "--out", out])
        guard result.status == 0 else { throw TestFailure("rings render: \(result.stderr)") }
        return try PNGFile.read(out)
    }

    /// How saturated the outer ring is at 1:30 on the reference scene at 1280x800 (max - min channel).
    func outerRingSaturation(_ picture: Pixmap) -> Int {
        let s = 800.0, radius = 0.42 * s - 0.04 * s
        let x = Int(640 + radius * sin(Double.pi / 4)), y = Int(400 - radius * cos(Double.pi / 4))
        let p = picture[x, y]
        return Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b))
    }

    /// On Debian 12 booted as the machine (its systemd PID 1, this machine's kernel), an admin follows
    /// docs/service.md after `apt install ./rings_*.deb`: the unit comes up (READY=1) and its screen
    /// is `rings render` of the same config to the pixel; a SIGSTOPped rings is restarted by the
    /// watchdog with its values remembered (stale); a newer package installed with apt while it runs
    /// restarts it on the new binary with its values kept; `apt-get remove` stops it and removes the
    /// package's files; `apt-get purge` leaves nothing of rings: no user, no state, no unit links.
    /// Debian 12 and 13 (RINGS_PRISTINE_VM="bookworm" boots only the first).
    @Test(arguments: PristineImage.vmReleases)
    func theKioskUnitOnAPristineDebianFollowsTheDocSurvivesAnUpgradeAndIsPurged(release: String) throws {
        try kioskUnitFollowsTheDoc(image: try PristineImage.installed(release), package: try PristineImage.package(),
                                   name: release)
    }

    /// The kiosk unit's run on `image` (`package` installed in it), booted as the machine (with
    /// `kernel`'s arm64 kernel when given, Tests/VM/arm64-kernel.sh's; else this machine's): see above.
    func kioskUnitFollowsTheDoc(image: String, package: String, name release: String, kernel: String? = nil) throws {
        // The upgrade's package: the same build with a higher version (building another commit takes
        // minutes; what is tested is the upgrade's path: the old prerm, the new postinst, systemd).
        let version = try PristineImage.field(package, "Version") + "+pristine1"
        let newer = scratch.path + "/rings_\(version)_\(try PristineImage.field(package, "Architecture")).deb"
        let repackaged = try runProgram(PristineImage.scripts + "/repackage.sh", [package, version, newer], timeout: 120)
        guard repackaged.status == 0 else { throw TestFailure("repackage.sh: \(repackaged.stdout)\(repackaged.stderr)") }

        let started = Date()
        let vm = try VirtualMachine(image: image, packages: [newer], output: scratch.path + "/vm-" + release,
                                    timeout: kernel == nil ? 900 : 1800, arm64Kernel: kernel)
        print("pristine: the \(release) VM run took \(Int(Date().timeIntervalSince(started))) s: \(vm.result.stdout.suffix(80))")
        let log = vm.text("pristine.log"), journal = vm.text("journal-rings.txt")
        // The steps and their times (seconds of the guest's uptime), for the run's log.
        print(log.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("TEST[") }.map { "pristine \(release) VM: " + $0 }.joined(separator: "\n"))
        let context = "\(vm.result.stdout.suffix(300))\n\(log)\n--- journal of the unit ---\n\(journal.suffix(3000))"
        // A step's line, trimmed ("" when the log has none).
        func line(_ start: String) -> String {
            log.split(whereSeparator: \.isNewline).first { $0.hasPrefix("TEST[") && $0.contains(start) }.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        func seconds(_ text: String) -> Double? { text.components(separatedBy: " in ").last?.split(separator: " ").first.flatMap { Double($0) } }
        func screen(_ name: String) throws -> Pixmap {
            guard FileManager.default.fileExists(atPath: vm.output + "/\(name).png") else { throw TestFailure("no screendump \(name): \(context)") }
            return try PNGFile.read(vm.output + "/\(name).png")
        }
        #expect(vm.result.status == 0, "the VM powered off: \(context)")
        #expect(line("package:").contains("install ok installed"), "\(context)")

        // docs/service.md as installed, its example's commands in turn (the guest reads them from the doc).
        let steps = log.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("TEST[") && $0.contains(": doc $ ") }.map(String.init)
        #expect(line("docs/service.md:").contains(" commands from ") && steps.contains { $0.contains("systemctl enable --now rings-kiosk") },
                "the doc's commands ran: \(context)")
        for step in steps {
            // `journalctl -f` is watched for a while, then stopped (124).
            #expect(step.contains(" -> exit 0 in ") || (step.contains(" -f -> exit 124 in ")), "\(step)\n\(context)")
        }
        let user = line("the unit's user:")
        #expect(user.contains("(rings)") && user.contains("(video)") && !user.contains("(render)") && user.contains("(input)"),
                "the user rings, in video and input (not render: dumb buffers need none): \(user)")
        #expect(line("started:").contains("ActiveState=active") && line("started:").contains("StatusText=0 of 3 rings with values"), "\(context)")
        #expect(restarts(line("started:")) == 0, "the first start said READY=1, with no restart: \(line("after the doc:"))\n\(context)")
        #expect(line("fed:").contains("StatusText=3 of 3 rings with values"), "\(context)")
        let fresh = try render("0.25,0.5,0.75")
        let first = try screen("P1")
        #expect(differingPixels(first, fresh) == 0, "the kiosk on KMS/DRM equals rings render of its config: \(line("P1:"))")

        let watchdog = line("back after SIGSTOP")
        #expect(seconds(watchdog).map { $0 < 90 } == true && restarts(watchdog) == restarts(line("fed:")).map { $0 + 1 }, "the watchdog restarted it: \(context)")
        #expect(journal.contains("Watchdog timeout"), "\(context)")
        let stale = try screen("P2")
        #expect(differingPixels(stale, fresh) > 0 && outerRingSaturation(stale) < outerRingSaturation(first) / 2
                && outerRingSaturation(stale) > 10, "after the restart the remembered values show, stale (faded): \(line("P2:"))")
        let fed = try render("0.9,1.7,0.6")
        let again = try screen("P3")
        #expect(differingPixels(again, fed) == 0, "fresh values after the restart: \(line("P3:"))")

        // The upgrade while the unit runs.
        let install = line("$ apt-get install -y ./rings_\(version)_")
        #expect(install.hasSuffix("-> exit 0"), "apt installed the newer package: \(context)")
        let after = line("upgraded:")
        #expect(after.contains("upgraded: \(version) "), "\(context)")
        #expect(line("upgrade's restart:").contains("restart: in "), "the upgrade restarted the running unit: \(line("upgrade's restart:"))\n\(context)")
        #expect(after.contains(" exe /usr/bin/rings inode ") && !after.contains("(deleted)") && after.hasSuffix("old process: gone"),
                "the unit runs the new binary, the old process is gone: \(after)")
        let inodes = after.components(separatedBy: " inode ").dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(inodes.count == 2 && inodes[0] == inodes[1], "the running binary is /usr/bin/rings as installed: \(after)")
        #expect(line("state after the upgrade:").contains("values-"), "the state file under /var/lib/rings is kept: \(context)")
        let upgraded = try screen("P4")
        #expect(differingPixels(upgraded, fed) > 0 && outerRingSaturation(upgraded) < outerRingSaturation(again) / 2
                && outerRingSaturation(upgraded) > 10, "after the upgrade's restart the kept values show, stale: \(line("P4:"))")

        // Remove: the kiosk stops before its binary goes, and the package's files go.
        #expect(line("$ apt-get remove -y rings").hasSuffix("-> exit 0"), "\(context)")
        #expect(line("after remove: unit:").contains("ActiveState=inactive") && line("after remove: unit:").hasSuffix("processes:"),
                "remove stopped the kiosk: \(line("after remove: unit:"))")
        #expect(line("after remove: package files left:").hasSuffix("left:"), "\(line("after remove: package files left:"))")
        // The admin's enable link is left by remove, as debhelper leaves it, with the unit masked.
        #expect(line("after remove: unit:").contains("LoadState=masked"), "\(line("after remove: unit:"))")
        // Purge: nothing of rings left (the admin's /etc/rings aside: see the log).
        #expect(line("$ apt-get purge -y rings").hasSuffix("-> exit 0"), "\(context)")
        #expect(line("after purge: package files left:").hasSuffix("left:"), "\(line("after purge: package files left:"))")
        #expect(line("after purge: user:").hasSuffix("user:  group:"), "the system user and group are gone: \(line("after purge: user:"))")
        #expect(line("after purge: /var/lib/rings:").contains("No such file"), "the state is gone: \(line("after purge: /var/lib/rings:"))")
        #expect(line("after purge: unit links:").hasSuffix("links:"), "no link of the unit is left: \(line("after purge: unit links:"))")
        #expect(line("after purge and daemon-reload:").contains("LoadState=not-found"), "\(context)")
    }

    /// Each image's own binary (chrooted: its /usr, nothing of this machine's) opens its window on
    /// this machine's X server (Xvfb, its socket bound in): the window equals `rings render`.
    @Test(arguments: ["bookworm", "trixie"])
    func theImagesWindowIsRightOnX11(release: String) throws {
        if let missing = PristineImage.missingForWindows { throw TestFailure(missing) }
        let image = try PristineImage.installed(release)
        let display = try VirtualDisplay()
        let progress = "0.72,1.35,0.48"
        let (process, out, err) = try PristineImage.launch(image, ["--size", "400x400", "--progress", progress],
                                                           binds: ["/tmp/.X11-unix"], environment: ["DISPLAY=\(display.name)"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var window = ""
        _ = eventually(within: 30) {
            window = (try? display.xdotool(["search", "--onlyvisible", "--name", "^rings"]).stdout.split(separator: "\n").first.map(String.init)) ?? ""
            return !window.isEmpty || !process.isRunning
        }
        guard !window.isEmpty else {
            let ended = terminate(process, reading: out, err)
            throw TestFailure("\(release): no window on X11 (exit \(process.terminationStatus)): \(ended[1])\(ended[0])")
        }
        let expected = try ringsRender("400x400", progress)
        let differing = try settled(within: 20) {
            let area = try display.clientArea(of: window)
            return differingPixels(try display.screenshot().subview(area), expected)
        }
        #expect(differing == 0, "\(release): the window equals rings render")
        let ended = terminate(process, reading: out, err)
        #expect(process.terminationStatus == 0 && ended[0].contains(" on x11, "), "\(release): exit \(process.terminationStatus): \(ended[0])\(ended[1])")
        #expect(ended[1].isEmpty, "\(release): nothing on stderr: \(ended[1])")
    }

    /// Each image's own binary natively on Wayland (sway headless at scale 2, its XDG_RUNTIME_DIR
    /// bound in, WAYLAND_DISPLAY only). With the package alone there is no Mesa: one line naming
    /// the packages, status 1. With the Mesa a Wayland desktop has: an xdg_shell window drawn at the
    /// physical size, equal to `rings render` at 1920x1080. (Debian 13's SDL 2.32.4 crashed here
    /// while making the window.)
    @Test(arguments: ["bookworm", "trixie"])
    func theImagesWindowIsNativeOnWayland(release: String) throws {
        if let missing = PristineImage.missingForWindows { throw TestFailure(missing) }
        let sway = try Compositor(.sway(scale: "2"))
        let env = sway.environment(native: true)
        guard let runtime = env["XDG_RUNTIME_DIR"], let wayland = env["WAYLAND_DISPLAY"], let user = getpwnam("rings-kiosk") else {
            throw TestFailure("sway's environment: \(env)")
        }
        let progress = "0.72,1.35,0.48"
        func launch(_ image: String) throws -> (Process, Pipe, Pipe) {
            try PristineImage.launch(image, ["--progress", progress], user: (user.pointee.pw_uid, user.pointee.pw_gid),
                                     binds: [runtime], environment: ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(wayland)"])
        }
        let bare = try launch(try PristineImage.installed(release))
        let gave = eventually(within: 30) { !bare.0.isRunning }
        let said = terminate(bare.0, reading: bare.1, bare.2)
        #expect(gave && bare.0.terminationStatus == 1 && said[1].split(separator: "\n").count == 1
                && said[1].contains("apt install libegl1 libegl-mesa0"), "\(release) without Mesa: \(said[1])\(said[0])")

        let (process, out, err) = try launch(try PristineImage.installed(release, also: PristineImage.desktopMesa))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var shell = ""
        _ = eventually(within: 30) {
            shell = (try? PristineImage.swayShell(of: process.processIdentifier, in: sway)) ?? ""
            return !shell.isEmpty || !process.isRunning
        }
        guard !shell.isEmpty else {
            let ended = terminate(process, reading: out, err)
            throw TestFailure("\(release): no window on sway (exit \(process.terminationStatus), \(process.terminationReason == .uncaughtSignal ? "signal" : "status")): \(ended[1])\(ended[0])")
        }
        #expect(shell == "xdg_shell", "\(release): a native Wayland window, not Xwayland: \(shell)")
        let expected = try ringsRender("1920x1080", progress)
        #expect(try settled(within: 20) { differingPixels(try sway.screenshot(), expected) } == 0, "\(release): the window equals rings render at the physical size")
        let ended = terminate(process, reading: out, err)
        #expect(process.terminationStatus == 0 && ended[0].contains(" on wayland, "), "\(release): exit \(process.terminationStatus): \(ended[0])\(ended[1])")
        #expect(ended[1].isEmpty, "\(release): nothing on stderr: \(ended[1])")
    }
}

import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing

/// The console kiosk on KMS/DRM, the display's power, and the kiosk's systemd unit, for real, in a
/// virtual machine (`VirtualMachine`): no DRM device or systemd as PID 1 exists on the machines the
/// tests run on. A VM that cannot boot is a failure with its reason, never a skip. Runs on its own, after the other suites (`make test`).
@Suite(.serialized) struct VMTests {
    let scratch = ScratchDirectory("vm")

    func render(_ progress: String, config: String? = nil) throws -> Pixmap {
        let out = scratch.path + "/ref-\(UInt32.random(in: 0...UInt32.max)).png"
        let result = try runProgram(ringsBinary, ["render", "--theme", "flat", "--chrome", "none", "--size", "1280x800", "--progress", progress, "--out", out]
                                    + (config.map { ["--config", $0] } ?? []))
        guard result.status == 0 else { throw TestFailure("rings render: \(result.stderr)") }
        return try PNGFile.read(out)
    }

    func screen(_ vm: VirtualMachine, _ name: String) throws -> Pixmap {
        guard FileManager.default.fileExists(atPath: vm.output + "/\(name).png") else {
            throw TestFailure("no screendump \(name): \(vm.result.stdout.suffix(300)) \(vm.text("guest.log").suffix(600))\(vm.text("sd-test.log").suffix(600))")
        }
        return try PNGFile.read(vm.output + "/\(name).png")
    }

    /// How many pixels of `picture` are not black.
    func litPixels(_ picture: Pixmap) -> Int {
        var lit = 0
        for y in 0..<picture.height { for x in 0..<picture.width where max(picture[x, y].r, picture[x, y].g, picture[x, y].b) > 16 { lit += 1 } }
        return lit
    }

    /// How rings `name` ended on the guest's SIGTERM: cleanly (exit 0), or by its own deadline 0.9 s
    /// later, said in a line (exit 143), where emulation on a busy machine makes the clean end (the
    /// broker's farewell, the display set back) slower than that; never a hang or a crash. `clean`:
    /// whether it got to print its `--stats` summary, which only the clean end does.
    func endOnSIGTERM(_ vm: VirtualMachine, _ name: String) -> (ended: Bool, clean: Bool) {
        let exit = vm.log.line("\(name): rings exit")
        let said = vm.text("\(name).out").contains("rings: still running 0.9 s after SIGTERM; ending now")
        let cut = exit.hasSuffix("exit 143") && said
        return (exit.hasSuffix("exit 0") || cut, exit.hasSuffix("exit 0"))
    }

    /// How saturated the outer ring is at 1:30 on the reference scene at 1280x800 (max - min channel).
    func outerRingSaturation(_ picture: Pixmap) -> Int {
        let s = 800.0, radius = 0.42 * s - 0.04 * s
        let x = Int(640 + radius * sin(Double.pi / 4)), y = Int(400 - radius * cos(Double.pi / 4))
        let p = picture[x, y]
        return Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b))
    }

    /// Four console kiosks: static and fed through a FIFO, with `--present auto` (which must pick vsync,
    /// page flips, on the console) and `surface`; each screendump is `rings render` at the display's
    /// 1280x800 to the pixel.
    @Test func theConsoleKioskIsPixelExactOnKMSDRMWithBothPresenters() throws {
        let vm = try VirtualMachine(mode: "kms", output: scratch.path + "/kms")
        #expect(vm.result.status == 0, "\(vm.result.stdout)\(vm.result.stderr)")
        let log = vm.text("guest.log")
        let still = try render("0.25,0.5,0.75"), fed = try render("0.9,1.7,0.6")
        for (name, expected, presenter) in [("A", still, "vsync"), ("B", fed, "vsync"), ("C", still, "surface"), ("D", fed, "surface")] {
            #expect(log.contains("\(name): READY"), "\(name) said READY=1 after its first frame: \(log)")
            #expect(differingPixels(try screen(vm, name), expected) == 0, "\(name) on KMS/DRM equals rings render")
            let stats = vm.text("\(name).out"), end = endOnSIGTERM(vm, name)
            #expect(end.ended, "\(name) ended on SIGTERM: \(log)")
            #expect(!end.clean || stats.contains("presenter \(presenter) (KMS/DRM") && stats.contains(" on kmsdrm, "),
                    "\(name): \(stats)")
        }
    }

    /// The unit as the package installs it, under systemd: READY and STATUS, values from a FIFO, a
    /// SIGSTOPped rings killed by the watchdog and back on screen within a minute with its values stale
    /// (the state file under StateDirectory), `systemctl reload` recoloring in place, a SIGKILLed rings
    /// restarted, a broker command turning it off and a key on (wake-on-input), all under the unit's
    /// hardening (systemd's exposure level at most 2.0).
    @Test func theKioskUnitUnderSystemdIsWatchedRestartedAndReloaded() throws {
        let vm = try VirtualMachine(mode: "systemd", output: scratch.path + "/systemd")
        #expect(vm.result.status == 0, "\(vm.result.stdout)\(vm.result.stderr)")
        let log = vm.text("sd-test.log"), journal = vm.text("journal-rings.txt")
        func line(_ start: String) -> String { log.split(separator: "\n").first { $0.contains(start) }.map(String.init) ?? "" }
        func seconds(_ text: String) -> Double? { text.components(separatedBy: " in ").last?.split(separator: " ").first.flatMap { Double($0) } }

        #expect(line("started:").contains("ActiveState=active") && line("started:").contains("StatusText=0 of 3 rings with values"), "\(log)")
        #expect(line("fed:").contains("StatusText=3 of 3 rings with values"), "\(log)")
        let fresh = try render("0.25,0.5,0.75")
        let first = try screen(vm, "S1")
        #expect(differingPixels(first, fresh) == 0, "the fed kiosk equals rings render")

        // Restarts are counted from the start's own count: under emulation a first start may itself
        // have needed one (a cold start outran a timeout), which the unit's Restart= is there for.
        let before = restarts(line("started:")) ?? -1
        #expect((0...1).contains(before), "at most one restart before the kiosk first showed: \(log)")
        let watchdog = line("back after SIGSTOP")
        // Back by itself: WatchdogSec=10 and RestartSec=2, then a start to READY under emulation, 10-50
        // times slower than the machine (8-18 s here, more on a busy one): a minute allows for it.
        #expect(seconds(watchdog).map { $0 < 60 } == true && restarts(watchdog) == before + 1, "\(log)")
        #expect(journal.contains("Watchdog timeout") && journal.contains("rings: crashed: SIGABRT"), "\(journal.suffix(1500))")
        let stale = try screen(vm, "S2")
        #expect(differingPixels(stale, fresh) > 0 && outerRingSaturation(stale) < outerRingSaturation(first) / 2
                && outerRingSaturation(stale) > 10, "after the restart the remembered values show, stale (faded)")

        #expect(differingPixels(try screen(vm, "S3"), try render("0.9,1.7,0.6")) == 0, "fresh values after the restart")
        #expect(restarts(line("reloaded:")) == before + 1 && !journal.contains("reload: "),
                "the reload restarted nothing and said no problem: \(log)\(journal.suffix(800))")
        let reloaded = try render("0.9,1.7,0.6", config: Installed.checkout + "/Tests/VM/guest/sd/kiosk-reloaded.toml")
        #expect(differingPixels(try screen(vm, "S4"), reloaded) == 0,
                "systemctl reload recolored the outer ring in place")

        // The broker and the keyboard through the unit's hardening.
        #expect(line("off by MQTT:").contains("\"screen\":\"off\""), "\(log)\(journal.suffix(800))")
        #expect(line("on by a key:").contains("\"screen\":\"on\""), "\(log)\(journal.suffix(800))")
        let security = vm.text("security.txt")
        let level = security.split(separator: "\n").first { $0.contains("Overall exposure level") }
            .flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect(level.map { $0 <= 2.0 } == true, "systemd-analyze security of the running unit: \(security.suffix(1500))")

        let killed = line("back after SIGKILL")
        #expect(seconds(killed).map { $0 < 60 } == true && restarts(killed) == before + 2, "\(log)")
        let afterKill = try screen(vm, "S5")
        #expect(differingPixels(afterKill, reloaded) > 0 && outerRingSaturation(afterKill) > 10, "the new colours, stale, after SIGKILL")
        #expect(log.contains("rings rings") && log.contains("values-") && log.contains(".json"), "the state file in /var/lib/rings, the unit's user's: \(log)")
        #expect(log.contains("drwx------") && log.contains("-rw------- 1 rings rings"), "the state folder and file are the unit's user's alone: \(log)")
    }
}

/// The unit's restart count in a logged `systemctl show` line ("NRestarts=2 ..."), nil when it has none.
func restarts(_ text: String) -> Int? {
    let after = text.components(separatedBy: "NRestarts=").dropFirst().first
    return after?.split(separator: " ").first.flatMap { Int($0) }
}

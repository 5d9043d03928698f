import Foundation
import RingsRaster
import TestSupport
import Testing

/// The display's power in the VM: the console's connector, Xorg's DPMS, a TV on HDMI-CEC and sway's
/// output, switched by the schedule's steps and by commands.
extension VMTests {
    /// `{"screen": "off"}` and `"on"` over a broker switch the display's power for real: on the console
    /// the KMS/DRM connector's DPMS (as sysfs says, and QEMU shows no picture), under Xorg on the same
    /// card X11's DPMS (as `xset q` says), where a key pressed while off leaves the monitor off (the X
    /// server turns it on; rings turns it off again). Killed while off, rings leaves the display on,
    /// and X's DPMS disabled as it found it; when on again, the picture is the one before, exactly.
    /// Then a TV on HDMI-CEC (`theTVFollows`) and sway's output (`swayTurnsItsOutputOff`).
    @Test func commandsSwitchTheDisplaysPowerOnTheConsoleUnderXAndOnATV() throws {
        let vm = try VirtualMachine(mode: "power", output: scratch.path + "/power")
        #expect(vm.result.status == 0, "\(vm.result.stdout)\(vm.result.stderr)")
        let log = vm.log, line = log.line, seconds = log.seconds
        let still = try render("0.25,0.5,0.75")

        #expect(line("K: dpms before:").hasSuffix("On") && line("K: READY") != "", "\(log)")
        // Each switch is seen (the guest waits 20 s for it and logs how long it took: a figure).
        for step in ["K: off", "K: on", "K: off again", "X: off", "X: on", "X: off again"] {
            #expect(seconds(step) != nil, "\(step) after the command: \(log)")
        }
        #expect(differingPixels(try screen(vm, "K1"), still) == 0, "the console kiosk equals rings render")
        let off = try screen(vm, "K2")
        #expect(litPixels(off) < 2000 && litPixels(still) > 100_000, "off: QEMU shows no picture, only its small \"Display output is not active.\"")
        #expect(differingPixels(try screen(vm, "K3"), still) == 0, "on again: the same picture, at full brightness, exactly")
        #expect(endOnSIGTERM(vm, "K").ended && line("K: dpms after:").hasSuffix("On"),
                "killed while off, the display is on again: \(log)")

        #expect(line("X: before:").contains("DPMS is Disabled"), "\(log)")
        #expect(line("X: off in").contains("Monitor is Off") && line("X: dpms").hasSuffix("Off"), "\(log)")
        #expect(line("X: a key pressed while off").contains("Monitor is Off") && line("X: a key pressed while off").hasSuffix("Off"), "\(log)")
        #expect(line("X: on:").contains("DPMS is Disabled"), "on again, DPMS disabled as found: \(log)")
        let x1 = try screen(vm, "X1"), x3 = try screen(vm, "X3")
        #expect(differingPixels(x1, still) == 0 && differingPixels(x3, still) == 0, "under Xorg too")
        #expect(line("X: after:").contains("DPMS is Disabled") && line("X: after:").hasSuffix("dpms On"), "killed while off: \(log)")
        for name in ["K", "X"] {
            let said = vm.text("\(name).out")
            #expect(said.contains("screen off") && !said.contains("cannot be switched"), "\(name): \(said)")
        }
        try theTVFollows(vm, still: still)
        try swayTurnsItsOutputOff(vm, still: still)
    }

    /// sway on the card, rings its native Wayland client: the schedule's steps and the commands turn
    /// the output off and on through wlr-output-power-management, as sway's IPC and the connector's
    /// DPMS say; killed while off, rings turns it on; the picture comes back exactly.
    private func swayTurnsItsOutputOff(_ vm: VirtualMachine, still: Pixmap) throws {
        let log = vm.log, line = log.line, seconds = log.seconds
        #expect(line("W: READY") != "", "\(log)\n\(vm.text("sway.log").suffix(1500))")
        for step in ["W: 23:00 off", "W: 07:00 on", "W: off", "W: on", "W: off again", "W: killed while off, on"] {
            #expect(seconds(step) != nil, "\(step): \(log)")
        }
        #expect(line("W: connector at 23:00").hasSuffix("Off") && line("W: connector off").hasSuffix("Off") && line("W: connector on").hasSuffix("On"),
                "the card's connector follows: \(log)")
        let end = endOnSIGTERM(vm, "W"), said = vm.text("W.out")
        #expect(end.ended, "\(log)")
        #expect(!said.contains("cannot be switched"), "\(said)")
        #expect(!end.clean || said.contains(" on wayland, ") && said.contains("power wlr-output-power (wayland)"),
                "\(said)")
        let before = try screen(vm, "W1"), woken = try screen(vm, "W2")
        #expect(differingPixels(before, still) == 0 && differingPixels(woken, still) == 0, "under sway, before and after: the same picture")
    }

    /// A TV on HDMI-CEC (vivid's emulated adapters; cec-follower plays the TV, a second playback
    /// device asks its power status): the schedule's 23:00 puts it in standby and 07:00 wakes it, as
    /// the broker's commands do, with the connector's DPMS left on; killed while off, rings wakes it.
    /// A TV that does not answer leaves the display to DPMS, said once.
    private func theTVFollows(_ vm: VirtualMachine, still: Pixmap) throws {
        let log = vm.log, line = log.line, seconds = log.seconds
        #expect(line("C: the TV follows").hasSuffix("pwr-state: on") && line("C: READY") != "", "\(log)")
        for step in ["C: 23:00 standby", "C: 07:00 on", "C: off", "C: on", "C: off again", "C: killed while off, on", "D: off by DPMS", "D: on by DPMS", "D: off by DPMS again", "D: on by DPMS again"] {
            #expect(seconds(step) != nil, "\(step): \(log)")
        }
        #expect(line("C: dpms at standby").hasSuffix("On"), "the TV in standby, not without a signal: \(log)")
        let before = try screen(vm, "C1"), woken = try screen(vm, "C2"), byDPMS = try screen(vm, "D1")
        #expect(differingPixels(before, still) == 0 && differingPixels(woken, still) == 0, "woken at 07:00: the same picture")
        #expect(differingPixels(byDPMS, still) == 0, "on again by DPMS: the same picture")
        #expect(line("C: check-config:").hasSuffix("; power hdmi-cec (/dev/cec1, vivid-000-vid-out0)"), "check-config names it: \(log)")
        #expect(line("C: state:").contains("\"power\":\"hdmi-cec (/dev/cec1, vivid-000-vid-out0)\""), "the status topic names it: \(log)")
        let end = endOnSIGTERM(vm, "C")
        #expect(end.ended && endOnSIGTERM(vm, "D").ended, "\(log)")
        let said = vm.text("C.out"), fellBack = vm.text("D.out")
        #expect(said.contains("schedule: screen off") && !said.contains("DPMS"), "\(said)")
        #expect(!end.clean || said.contains("power hdmi-cec (/dev/cec1, vivid-000-vid-out0)"),
                "--stats names the adapter: \(said)")
        #expect(fellBack.components(separatedBy: "the TV did not answer; switching the display by DPMS instead").count == 2, "said once: \(fellBack)")
        // Rings, woken, makes itself the TV's source (the follower's log of what it received).
        let follower = vm.text("follower.log")
        #expect(follower.contains("ACTIVE_SOURCE (0x82):\n\tphys-addr: 1.0.0.0") && follower.contains("IMAGE_VIEW_ON"), "\(follower.suffix(2000))")
    }
}

import Foundation
import RingsRaster
import TestSupport
import Testing

/// The kiosk on Raspberry Pi OS's own desktop stack: labwc (Debian 13's, headless, from a pristine
/// Debian 13 with labwc installed) with the package's `rings` of each of `architectures` as its
/// native Wayland client, from a pristine Debian 13 of that architecture with the package and the
/// Mesa a Wayland desktop has (another architecture's through qemu-user: the protocol is the same
/// on every one). The screen is `rings render`'s to the pixel, upright and turned by `rotate`; the
/// broker's commands switch labwc's output off (it draws it no more: screencopy fails) and on
/// (wlr-output-power-management), and `wlopm` reads and switches it too while rings runs (rings
/// holds an output's control only while switching it: wlroots gives it to one client at a time).
/// It ends cleanly, by SIGTERM or (another architecture's) by closing its window.
@Suite(.serialized) struct LabwcTests {
    let scratch = ScratchDirectory("labwc")

    /// labwc's image: the amd64 Debian 13 with the package, Mesa, labwc, wlrctl and wlopm.
    static let compositor = PristineImage.desktopMesa + ["labwc", "wlrctl", "wlopm"]

    /// The architectures whose package is run here: amd64's (arm64's is Arm64Tests').
    static let architectures = ["amd64"]

    @Test(arguments: architectures)
    func theKioskUnderLabwcIsRenderAndTheBrokerSwitchesTheOutput(architecture: String) throws {
        if let missing = PristineImage.missingForWindows { throw TestFailure(missing) }
        let labwc = try Labwc(image: try PristineImage.installed("trixie", also: Self.compositor))
        let image = try PristineImage.installed("trixie", architecture: architecture, also: PristineImage.desktopMesa)
        let broker = try Broker()
        let config = scratch.path + "/kiosk.toml"
        try """
        cec = "off"
        [mqtt]
        url = "\(broker.url)"
        topic = "pi/rings"
        client-id = "pi-\(architecture)"
        status-topic = "screens/pi"

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let output = try labwc.screenshot()
        let size = "\(output.width)x\(output.height)"
        let progress = "0.72,1.35,0.48"

        for turn in ["0", "90"] {
            let (process, out, err) = try PristineImage.launch(
                image, ["--kiosk", "--config", config, "--rotate", turn, "--progress", progress],
                user: labwc.user, binds: [labwc.runtime, scratch.path], environment: labwc.environment)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let expected = turn == "0" ? try ringsRender(size, progress)
                : try ringsRender("\(output.height)x\(output.width)", progress).turnedClockwise()
            let shown = try labwc.pointAt("rings", within: 120)
            // How many pixels differ from the expected picture (the pointer nudged where some do).
            func mismatch() throws -> Int {
                guard process.isRunning else { return -1 }
                let differing = differingPixels(try labwc.screenshot(), expected)
                if differing > 0 { try labwc.nudgePointer() }
                return differing
            }
            let differing = try settled(within: shown ? 120 : 0, mismatch)
            guard differing == 0 else {
                let ended = terminate(process, reading: out, err)
                let said = "(exit \(process.terminationStatus)): \(ended[1])\(ended[0])\n"
                    + "labwc: \(labwc.log.suffix(600))"
                Issue.record("\(architecture), turned by \(turn): \(differing) pixels differ from rings render \(said)")
                return
            }
            if turn == "0" {
                try broker.awaitSubscription(to: "screens/pi/cmd")
                try broker.publish("screens/pi/cmd", #"{"screen": "off"}"#)
                #expect(try eventually(within: 60) { try !labwc.drawsItsOutput() },
                        "\(architecture): the command switched labwc's output off")
                try broker.publish("screens/pi/cmd", #"{"screen": "on"}"#)
                #expect(try eventually(within: 60) { try labwc.drawsItsOutput() }, "\(architecture): and on again")
                #expect(try settled(within: 60, mismatch) == 0, "\(architecture): the picture is back")
                try theOutputIsWlopms(labwc, architecture)
            }
            let ended = try end(process, reading: out, err, architecture: architecture, labwc: labwc)
            #expect(process.terminationStatus == 0 && ended[0].contains(" on wayland, "),
                    "\(architecture), turned by \(turn): exit \(process.terminationStatus): \(ended[0])\(ended[1])")
            if turn == "0" {
                #expect(ended[0].contains("power wlr-output-power (wayland)"), "\(architecture): \(ended[0])")
            }
            let unexpected = ended[1].split(separator: "\n").filter { !$0.hasPrefix("rings: command: screen ") }
            #expect(unexpected.isEmpty, "\(architecture), turned by \(turn): on stderr: \(ended[1])")
        }
    }

    /// Ends the kiosk and reads what it said: by SIGTERM, as systemd stops it; another
    /// architecture's (through qemu-user) by closing its window, as a person does in labwc. A quit
    /// by SIGTERM has 0.9 s, which emulation on a busy machine can outlast (rings then ends itself by
    /// the signal, exit 143, as VMTests allows), while a close has no deadline.
    func end(_ process: Process, reading out: Pipe, _ err: Pipe, architecture: String,
             labwc: Labwc) throws -> [String] {
        guard architecture != Installed.hostArchitecture else { return terminate(process, reading: out, err) }
        let closed = try labwc.tool(["wlrctl", "toplevel", "close", "app_id:rings"])
        #expect(closed.status == 0, "\(architecture): wlrctl toplevel close: \(closed.stdout)\(closed.stderr)")
        let ended = eventually(within: 120) { !process.isRunning }
        #expect(ended, "\(architecture): closed, rings ended within 120 s")
        if !ended { kill(process.processIdentifier, SIGKILL) }
        let texts = [out, err].map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        process.waitUntilExit()
        return texts
    }

    /// With the kiosk running, `wlopm` reads the output's mode and switches it off and on.
    func theOutputIsWlopms(_ labwc: Labwc, _ architecture: String) throws {
        let read = try labwc.tool(["wlopm"])
        #expect(read.status == 0 && read.stdout.contains(" on"), "\(architecture): wlopm: \(read.stdout)\(read.stderr)")
        let off = try labwc.tool(["wlopm", "--off", "*"])
        #expect(off.status == 0 && off.stderr.isEmpty, "\(architecture): wlopm --off: \(off.stderr)")
        #expect(try eventually(within: 60) { try !labwc.drawsItsOutput() }, "\(architecture): wlopm switched it off")
        let on = try labwc.tool(["wlopm", "--on", "*"])
        #expect(on.status == 0 && on.stderr.isEmpty, "\(architecture): wlopm --on: \(on.stderr)")
        #expect(try eventually(within: 60) { try labwc.drawsItsOutput() }, "\(architecture): and on again")
    }
}
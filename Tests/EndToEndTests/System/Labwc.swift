import Foundation
import RingsPNG
import RingsRaster
import TestSupport

/// labwc, Raspberry Pi OS's Wayland compositor, run from a pristine Debian 13 image that has it (Debian
/// 12, this machine's, has none), chrooted, on its headless backend, as the tests' unprivileged user;
/// its Wayland socket in a runtime folder of this machine that any image's clients have bound in.
/// Screenshots by this machine's grim (wlr-screencopy), its windows and a virtual pointer by the
/// image's `wlrctl`.
final class Labwc {
    let image: String
    let runtime: String
    let user: (uid: uid_t, gid: gid_t)
    /// The Wayland socket's name, as labwc gives it to its clients.
    private(set) var display = ""
    private let process = Process()
    private var nudges = 0

    init(image: String) throws {
        self.image = image
        user = try Compositor.unprivilegedUser()
        runtime = NSTemporaryDirectory() + "rings-labwc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        guard chown(runtime, user.uid, user.gid) == 0 else { throw TestFailure("chown \(runtime): errno \(errno)") }
        let announced = runtime + "/display"
        // labwc splits its startup command into words itself (no shell): the shell is named.
        let announce = "sh -c 'echo \"$WAYLAND_DISPLAY\" > \(announced).tmp && mv \(announced).tmp \(announced)'"
        process.executableURL = URL(fileURLWithPath: PristineImage.scripts + "/pristine-chroot.sh")
        process.arguments = [image, "--user", "\(user.uid):\(user.gid)", "--bind", runtime] + environment
            + ["WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "HOME=\(runtime)",
               "--", "/usr/bin/labwc", "-s", announce]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try logFile(runtime + "/labwc.log")
        try process.run()
        func name() -> String? { try? String(contentsOfFile: announced, encoding: .utf8) }
        guard eventually(within: 30, { name() != nil || !process.isRunning }), let name = name() else {
            stop()
            throw TestFailure("labwc did not start within 30 s: \(log.suffix(800))")
        }
        display = name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// What labwc said on stderr.
    var log: String { (try? String(contentsOfFile: runtime + "/labwc.log", encoding: .utf8)) ?? "" }

    /// What a client of it needs (with the runtime folder bound in).
    var environment: [String] {
        ["XDG_RUNTIME_DIR=\(runtime)"] + (display.isEmpty ? [] : ["WAYLAND_DISPLAY=\(display)"])
    }

    /// This machine's environment with labwc's display, for its own clients (grim).
    private var clientEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtime
        env["WAYLAND_DISPLAY"] = display
        return env
    }

    /// Ends labwc (the chroot's namespace takes its clients' mounts with it).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !eventually(within: 5, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The whole output, from grim.
    func screenshot() throws -> Pixmap {
        guard let shot = try capture() else { throw TestFailure("grim on labwc: its output is switched off") }
        return shot
    }

    /// Whether labwc draws its output: screencopy gives nothing of an output that is switched off.
    func drawsItsOutput() throws -> Bool { try capture() != nil }

    /// The whole output from grim, or nil when labwc draws it no more ("failed to copy output").
    private func capture() throws -> Pixmap? {
        let path = runtime + "/shot-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        let result = try runProgram(which("grim")!, ["-t", "png", path], environment: clientEnvironment, timeout: 30)
        if result.status != 0 && result.stderr.contains("failed to copy output") { return nil }
        guard result.status == 0 else { throw TestFailure("grim on labwc: \(result.stderr)") }
        return try PNGFile.read(path)
    }

    /// Waits until a window of `appID` is open (wlr-foreign-toplevel, as `wlrctl` asks), then moves a
    /// virtual pointer (wlr-virtual-pointer) onto it: labwc draws its own cursor over the output
    /// until a client that has the pointer hides it, as the kiosk does. Whether the window came.
    func pointAt(_ appID: String, within seconds: Double = 60) throws -> Bool {
        let find = ["wlrctl", "toplevel", "find", "app_id:\(appID)"]
        guard try eventually(within: seconds, { try tool(find).status == 0 }) else { return false }
        try nudgePointer()
        return true
    }

    /// Moves the virtual pointer by a pixel, back and forth: labwc gives the pointer to the window
    /// under it when it moves, not when a window comes to be under it.
    func nudgePointer() throws {
        nudges += 1
        let step = nudges % 2 == 0 ? "-1" : "1"
        let moved = try tool(["wlrctl", "pointer", "move", step, step])
        guard moved.status == 0 else { throw TestFailure("wlrctl pointer move: \(moved.stdout)\(moved.stderr)") }
    }

    /// Runs one of the image's tools as labwc's client.
    func tool(_ command: [String]) throws -> RunResult {
        try runProgram(PristineImage.scripts + "/pristine-chroot.sh",
                       [image, "--user", "\(user.uid):\(user.gid)", "--bind", runtime] + environment
                       + ["--", "/usr/bin/" + command[0]] + command.dropFirst(), timeout: 30)
    }
}

import Foundation
import RingsRaster
import RingsPNG

/// A private Wayland compositor with its headless backend (no GPU, no input devices), which starts
/// Xwayland for X clients: the kiosk compositor cage, or sway as a desktop at an output scale. cage refuses to run as root, so as root it and its clients
/// run as an unprivileged user (made once), with a copy of `rings` that user can read. `-d`: no client-side decorations (SDL's native windows are not shown by cage without it).
public final class Compositor {
    /// The tools a compositor test needs; the test is skipped with this list when any is missing.
    public static let tools = ["cage", "grim", "wtype", "Xwayland", "xdotool", "import", "setpriv"]
    public static var missingTools: [String] { tools.filter { which($0) == nil } }
    /// The tools a sway test needs.
    public static let swayTools = ["sway", "swaymsg", "grim", "Xwayland", "setpriv"]
    public static var missingSwayTools: [String] { swayTools.filter { which($0) == nil } }
    /// The tools a weston test needs (with a private X display's).
    public static let westonTools = ["weston", "setpriv"] + VirtualDisplay.tools
    public static var missingWestonTools: [String] { westonTools.filter { which($0) == nil } }

    /// Which compositor: cage (a kiosk, one client fullscreen), or sway with its headless output at
    /// 1920x1080 physical pixels (or the resolution given) and this scale (a tiling desktop, no borders or gaps; the
    /// background a solid colour, `#RRGGBB`, drawn by swaybg, when given), or weston
    /// in a window of the X display `x` (a desktop that leaves decorations to its clients, as GNOME
    /// does), or headless without one (then weston has no seat, without which SDL 2.26 crashes).
    public enum Kind: Sendable { case cage, sway(scale: String, resolution: String = "1920x1080", background: String? = nil), weston(x: String?) }

    /// The user that runs cage and its clients when the tests run as root.
    static let userName = "rings-kiosk"

    let runtime: String
    private let cage: Process
    private let user: (uid: uid_t, gid: gid_t)?
    /// The Wayland socket's name and Xwayland's display, as cage gives them to its client.
    public let waylandDisplay: String, xDisplay: String
    /// sway's IPC socket (for swaymsg); empty under cage.
    public let swaySocket: String
    /// `rings` where the compositor's user can run it.
    public let binary: String

    public init(_ kind: Kind = .cage) throws {
        user = getuid() == 0 ? try Self.unprivilegedUser() : nil
        runtime = NSTemporaryDirectory() + "rings-cage-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        // The binary stands alone (themes and presets compiled in): a copy the user can read, made
        // by cp (a descriptor open for writing here could leak into a child another test forks, and
        // exec of the copy would then fail "Text file busy").
        binary = runtime + "/rings"
        let copied = try runProgram(which("cp")!, [ringsBinary, binary])
        guard copied.status == 0 else { throw TestFailure("cp \(ringsBinary): \(copied.stderr)") }
        if let user { _ = try runProgram(which("chown")!, ["-R", "\(user.uid):\(user.gid)", runtime]) }
        let info = runtime + "/displays"
        cage = Process()
        cage.executableURL = URL(fileURLWithPath: which("cage")!)
        let announce = "echo \"$WAYLAND_DISPLAY $DISPLAY $SWAYSOCK\" > \(info).tmp && mv \(info).tmp \(info)"
        switch kind {
        case .cage:
            cage.arguments = ["-d", "--", "/bin/sh", "-c", announce + " && exec sleep 3600"]
        case let .sway(scale, resolution, background):
            cage.executableURL = URL(fileURLWithPath: which("sway")!)
            let config = runtime + "/sway.config"
            try """
                output HEADLESS-1 resolution \(resolution) scale \(scale)\(background.map { " bg \($0) solid_color" } ?? "")
                xwayland enable
                default_border none
                default_floating_border none
                exec /bin/sh -c '\(announce)'

                """.write(toFile: config, atomically: true, encoding: .utf8)
            if let user { _ = try runProgram(which("chown")!, ["\(user.uid):\(user.gid)", config]) }
            cage.arguments = ["-c", config]
        case let .weston(x):
            cage.executableURL = URL(fileURLWithPath: which("weston")!)
            cage.arguments = [x == nil ? "--backend=headless-backend.so" : "--backend=x11-backend.so", "--width=1024", "--height=768",
                              "--socket=wayland-rings", "--idle-time=0"]
        }
        var environment = Self.baseEnvironment(runtime)
        if case let .weston(x?) = kind { environment["DISPLAY"] = x }
        try Self.prepare(cage, user: user, environment: environment)
        cage.standardInput = FileHandle.nullDevice
        cage.standardOutput = FileHandle.nullDevice
        cage.standardError = try logFile(runtime + "/cage.log")
        try cage.run()
        let deadline = Date().addingTimeInterval(15)
        var names: [String] = []
        let expected = if case .sway = kind { 3 } else { 2 }
        while names.count < expected && Date() < deadline {
            usleep(50_000)
            if case let .weston(x) = kind {
                // weston runs no client to announce it: its socket appears when it is ready.
                names = FileManager.default.fileExists(atPath: runtime + "/wayland-rings") ? ["wayland-rings", x ?? "none"] : []
                continue
            }
            names = ((try? String(contentsOfFile: info, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        }
        guard names.count == expected else {
            // Not left running: a failed start must not leave a compositor behind the test.
            kill(cage.processIdentifier, SIGKILL)
            let log = (try? String(contentsOfFile: runtime + "/cage.log", encoding: .utf8)) ?? ""
            throw TestFailure("the compositor did not start (no Wayland and X displays after 15 s): \(log.suffix(500))")
        }
        (waylandDisplay, xDisplay, swaySocket) = (names[0], names[1], expected == 3 ? names[2] : "")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// Kills the compositor (and with it Xwayland).
    public func stop(signal: Int32 = SIGKILL, waiting: Bool = true) {
        let pid = cage.processIdentifier
        // Its clients first (the `sleep` that keeps the session open, any rings): orphaned, they
        // would outlive the test.
        for child in descendants(of: pid) { kill(child, SIGKILL) }
        if cage.isRunning { kill(pid, signal) }
        guard waiting else { return }
        // Not waitUntilExit, which Foundation may never end here: reaped by hand if need be.
        _ = eventually(within: 5) { var status: Int32 = 0; return !cage.isRunning || waitpid(pid, &status, WNOHANG) == pid }
    }

    static func baseEnvironment(_ runtime: String) -> [String: String] {
        var env = inEnglish(ProcessInfo.processInfo.environment)
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env.removeValue(forKey: key) }
        env["XDG_RUNTIME_DIR"] = runtime
        env["WLR_BACKENDS"] = "headless"
        env["WLR_LIBINPUT_NO_DEVICES"] = "1"
        env["WLR_RENDERER"] = "pixman"
        env["HOME"] = runtime
        return env
    }

    /// The environment of a client: native Wayland (WAYLAND_DISPLAY only, as on a Wayland desktop
    /// without Xwayland) or X through Xwayland (DISPLAY only).
    public func environment(native: Bool) -> [String: String] {
        var env = Self.baseEnvironment(runtime)
        if native { env["WAYLAND_DISPLAY"] = waylandDisplay } else { env["DISPLAY"] = xDisplay }
        if !swaySocket.isEmpty { env["SWAYSOCK"] = swaySocket }
        return env
    }

    /// The environment of a Wayland desktop session (GNOME, KDE, sway): WAYLAND_DISPLAY and DISPLAY both set.
    public var sessionEnvironment: [String: String] {
        var env = environment(native: true)
        env["DISPLAY"] = xDisplay
        return env
    }

    /// Starts `rings` as in a Wayland desktop session (both displays set); `configure` sets its pipes.
    public func launchRingsInSession(_ arguments: [String], configure: (Process) -> Void = { $0.standardError = FileHandle.nullDevice }) throws -> Process {
        let process = try process(binary, arguments, native: true)
        process.environment = sessionEnvironment
        configure(process)
        try process.run()
        return process
    }

    /// The windows sway shows, by their process: each one's rectangle in logical pixels (swaymsg's tree).
    public func swayWindows() throws -> [pid_t: IntRect] {
        let tree = try run("swaymsg", ["-t", "get_tree", "-r"], native: true)
        guard tree.status == 0, let root = try JSONSerialization.jsonObject(with: Data(tree.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("swaymsg get_tree: \(tree.stderr)")
        }
        var found: [pid_t: IntRect] = [:]
        func walk(_ node: [String: Any]) {
            if let pid = node["pid"] as? Int, let rect = node["rect"] as? [String: Int] {
                found[pid_t(pid)] = IntRect(x: rect["x"] ?? 0, y: rect["y"] ?? 0, width: rect["width"] ?? 0, height: rect["height"] ?? 0)
            }
            for key in ["nodes", "floating_nodes"] { (node[key] as? [[String: Any]])?.forEach(walk) }
        }
        walk(root)
        return found
    }

    /// A process of the compositor's user, not started yet.
    public func process(_ path: String, _ arguments: [String], native: Bool) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try Self.prepare(process, user: user, environment: environment(native: native))
        return process
    }

    /// Starts `rings` with `arguments` on the compositor; `configure` sets its pipes.
    public func launchRings(_ arguments: [String], native: Bool,
                            configure: (Process) -> Void = { $0.standardError = FileHandle.nullDevice })
        throws -> Process {
        try launch(binary, arguments, native: native, configure: configure)
    }

    /// Starts `program` as the compositor's user, as its client; `configure` sets its pipes.
    public func launch(_ program: String, _ arguments: [String], native: Bool,
                       configure: (Process) -> Void) throws -> Process {
        let process = try process(program, arguments, native: native)
        configure(process)
        try process.run()
        return process
    }

    /// Runs a tool (grim, wtype, xdotool, import) as the compositor's user and waits for it.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], native: Bool) throws -> RunResult {
        let process = try process(which(tool)!, arguments, native: native)
        return try runProgram(process.executableURL!.path, process.arguments ?? [], environment: process.environment, timeout: 20)
    }

    /// The whole output, from grim (wlr-screencopy).
    public func screenshot() throws -> Pixmap {
        try capture("grim", { ["-t", "png", $0] }, native: true)
    }

    /// An X window's contents, from Xwayland.
    public func capture(window: String) throws -> Pixmap {
        try capture("import", { ["-window", window, $0] }, native: false)
    }

    private func capture(_ tool: String, _ arguments: (String) -> [String], native: Bool) throws -> Pixmap {
        let path = runtime + "/shot-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        let result = try run(tool, arguments(path), native: native)
        guard result.status == 0 else { throw TestFailure("\(tool): \(result.stderr)") }
        return try PNGFile.read(path)
    }

    /// Runs as the unprivileged user where there is one: setpriv drops to it and execs, so the
    /// process's id is the program's own.
    static func prepare(_ process: Process, user: (uid: uid_t, gid: gid_t)?, environment: [String: String]) throws {
        process.environment = environment
        guard let user, let program = process.executableURL?.path else { return }
        process.executableURL = URL(fileURLWithPath: which("setpriv")!)
        process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", program] + (process.arguments ?? [])
    }

    /// The unprivileged user, made if it does not exist yet.
    public static func unprivilegedUser() throws -> (uid: uid_t, gid: gid_t) {
        if getpwnam(userName) == nil {
            let made = try runProgram(which("useradd")!, ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", userName])
            guard made.status == 0 || getpwnam(userName) != nil else { throw TestFailure("useradd \(userName): \(made.stderr)") }
        }
        guard let entry = getpwnam(userName) else { throw TestFailure("no user \(userName)") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
}

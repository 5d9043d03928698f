import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing
import RingsBase

/// The pristine images (Tests/VM/pristine-image.sh), each made once and kept under /var/cache/rings/pristine,
/// and a copy of each with the package installed (pristine-install.sh), made once per test run.
enum PristineImage {
    static let scripts = Installed.checkout + "/Tests/VM"
    /// Kept outside the checkout (RINGS_PRISTINE_CACHE), for the next run of any checkout.
    static let folder = ProcessInfo.processInfo.environment["RINGS_PRISTINE_CACHE"] ?? "/var/cache/rings/pristine"
    /// What making and using an image needs on this machine: `make test` installs debootstrap.
    static let tools = ["debootstrap", "chroot", "unshare", "findmnt", "dpkg-deb", "apt-get"]
    /// The releases booted in the VM: RINGS_PRISTINE_VM (names, space-separated), else Debian 12 and 13.
    static let vmReleases = (ProcessInfo.processInfo.environment["RINGS_PRISTINE_VM"] ?? "bookworm trixie").split(separator: " ").map(String.init)
    private static let made = Mutex([String: Result<String, TestFailure>]())
    private static let making = NSLock()

    /// Why no image can be made or used here, or nil.
    static var missing: String? {
        let tools = tools.filter { which($0) == nil }
        if !tools.isEmpty { return "missing \(tools.joined(separator: ", ")) (make test installs debootstrap)" }
        if getuid() != 0 { return "debootstrap and chroot need root (make test runs as root, or with sudo)" }
        return nil
    }

    /// Why a window test cannot run here, or nil.
    static var missingForWindows: String? {
        let tools = (VirtualDisplay.tools + Compositor.swayTools).filter { which($0) == nil }
        return tools.isEmpty ? missing : "missing \(tools.joined(separator: ", ")) (make test installs them)"
    }

    /// The package `make test` built for `architecture` (this machine's by default).
    static func package(_ architecture: String = Installed.hostArchitecture) throws -> String {
        guard let package = Installed.package(for: architecture) else {
            throw TestFailure("no rings_*_\(architecture).deb in the checkout: "
                + "`make test` builds it (make deb ARCH=\(architecture))")
        }
        return package
    }

    /// What an arm64 machine boots with (Debian 13's arm64 kernel, its modules, a static busybox),
    /// unpacked by Tests/VM/arm64-kernel.sh from the arm64 image's archive, kept beside the images.
    static func arm64Kernel() throws -> String {
        if let missing { throw TestFailure(missing) }
        let kernel = folder + "/arm64-kernel"
        let made = try runProgram(scripts + "/arm64-kernel.sh", [folder + "/trixie-arm64", kernel], timeout: 900)
        guard made.status == 0 else { throw TestFailure("arm64-kernel.sh: \(made.stdout)\(made.stderr)") }
        return kernel
    }

    /// A field of the package's control file.
    static func field(_ package: String, _ name: String) throws -> String {
        let result = try runProgram(which("dpkg-deb")!, ["-f", package, name])
        guard result.status == 0 else { throw TestFailure("dpkg-deb -f \(package) \(name): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What a Wayland desktop brings that native Wayland windows need: Mesa's EGL and drivers (the
    /// package suggests them; GNOME, KDE and sway depend on them).
    static let desktopMesa = ["libegl1", "libegl-mesa0", "libgl1", "libgles2", "libgl1-mesa-dri"]

    /// The image of `release` for `architecture` with its package installed by apt, then the archive's
    /// packages `also` (into a copy of the one with the package alone): its root folder. Made (or the
    /// failure found) once per test run.
    static func installed(_ release: String, architecture: String = Installed.hostArchitecture,
                          also: [String] = []) throws -> String {
        if let missing { throw TestFailure(missing) }
        // One maker at a time: suites side by side (PristineTests, Arm64Tests) ask for the same image.
        making.lock()
        defer { making.unlock() }
        return try obtain(release, architecture: architecture, also: also)
    }

    private static func obtain(_ release: String, architecture: String, also: [String]) throws -> String {
        let key = ([release, architecture] + also).joined(separator: "+")
        if let known = made.withLock({ $0[key] }) { return try known.get() }
        let result: Result<String, TestFailure>
        do {
            result = .success(try make(release, architecture: architecture, also: also))
        } catch let failure as TestFailure {
            result = .failure(failure)
        }
        made.withLock { $0[key] = result }
        return try result.get()
    }

    private static func make(_ release: String, architecture: String, also: [String]) throws -> String {
        let package = try package(architecture)
        // A copy of this process's own (another test run may use its own meanwhile); those of runs
        // that have ended are removed.
        let foreign = architecture == Installed.hostArchitecture ? "" : "-" + architecture
        let base = folder + "/" + release + foreign
        // Each set of packages `also` in a folder of its own.
        let more = also.isEmpty ? "" : "-more\(fnv1a64(also.joined(separator: " ")) % 100_000)"
        let root = folder + "/run-\(release)\(foreign)\(more)-\(getpid())"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let stale = Set(entries.filter { $0.hasPrefix("run-") }.compactMap { $0.split(separator: ".").first.map(String.init) }).filter { name in
            guard let pid = name.split(separator: "-").last.flatMap({ pid_t($0) }) else { return false }
            return pid != getpid() && kill(pid, 0) != 0
        }
        for name in stale {
            _ = try runProgram("/bin/bash", ["-c", ". \"$1\" && remove_image \"$2\" && rm -f \"$2\".log \"$2\".installed",
                                             "bash", scripts + "/pristine-common.sh", folder + "/" + name], timeout: 120)
        }
        var started = Date()
        let image = try runProgram(scripts + "/pristine-image.sh", [release, base, architecture], timeout: 1200)
        guard image.status == 0 else {
            throw TestFailure("pristine-image.sh \(release) (exit \(image.status)): \(image.stdout.suffix(1500))\(image.stderr.suffix(1500))")
        }
        print("pristine: \(release) image in \(Int(Date().timeIntervalSince(started))) s: \(image.stdout.split(separator: "\n").last ?? "")")
        started = Date()
        // The archive's packages go into a copy of the image with the package alone, fetched into the
        // image's own cache of downloads.
        let from = also.isEmpty ? base : try obtain(release, architecture: architecture, also: [])
        var environment = ProcessInfo.processInfo.environment
        environment["ARCHIVES"] = base + ".archives"
        // Under emulation apt alone takes minutes (its lists: about 5 with the machine busy).
        let install = try runProgram(scripts + "/pristine-install.sh", [from, root] + (also.isEmpty ? [package] : also),
                                     environment: environment, timeout: foreign.isEmpty ? 900 : 2400)
        guard install.status == 0 else {
            throw TestFailure("apt install ./\(URL(fileURLWithPath: package).lastPathComponent) on a pristine \(release) (exit \(install.status)): \(install.stdout.suffix(3000))\(install.stderr.suffix(1500))")
        }
        print("pristine: \(release) with the package\(also.isEmpty ? "" : " and " + also.joined(separator: " ")) installed in \(Int(Date().timeIntervalSince(started))) s")
        return root
    }

    /// Starts the image's `rings` (chrooted; `user` its ids, root when nil) with the flat scene
    /// and no chrome, the `binds` of this machine's folders and only `environment`; its stdout and stderr.
    static func launch(_ image: String, _ arguments: [String], user: (uid_t, gid_t)? = nil, binds: [String],
                       environment: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scripts + "/pristine-chroot.sh")
        let users: [String] = user.map { ["--user", "\($0.0):\($0.1)"] } ?? []
        let bound: [String] = binds.flatMap { ["--bind", $0] }
        let command: [String] = ["--", "/usr/bin/rings", "--stats", "--theme", "flat", "--chrome", "none", "--no-intro"]
        process.arguments = [image] + users + bound + environment + command + arguments
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// The shell sway says the window of process `pid` has (xdg_shell natively, xwayland through
    /// Xwayland), or "" while it shows none.
    static func swayShell(of pid: pid_t, in sway: Compositor) throws -> String {
        let tree = try sway.run("swaymsg", ["-t", "get_tree", "-r"], native: true)
        guard tree.status == 0, let root = try JSONSerialization.jsonObject(with: Data(tree.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("swaymsg get_tree: \(tree.stderr)")
        }
        func find(_ node: [String: Any]) -> String? {
            if node["pid"] as? Int == Int(pid) { return node["shell"] as? String ?? "?" }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { if let found = find(child) { return found } }
            }
            return nil
        }
        return find(root) ?? ""
    }
}

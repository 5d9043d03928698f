import Foundation

/// What `make test` makes before the tests run, as a user meets it: the tree `make install
/// DESTDIR=.build/installed PREFIX=/usr` writes, and the package `make deb` builds.
public enum Installed {
    /// The checkout this test was built from.
    public static let checkout = checkoutRoot

    /// The staged install's root (its files are under `usr/`); nil when `make test` did not make it.
    public static var stagedRoot: String? {
        let root = checkout + "/.build/installed"
        return FileManager.default.fileExists(atPath: root + "/usr/bin/rings") ? root : nil
    }

    /// The package `make deb` wrote into the checkout for this machine's architecture; nil when there is none.
    public static var package: String? { package(for: hostArchitecture) }

    /// The package `make deb ARCH=architecture` wrote into the checkout; nil when there is none.
    public static func package(for architecture: String) -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: checkout)) ?? []
        let packages = files.filter { $0.hasPrefix("rings_") && $0.hasSuffix("_\(architecture).deb") }
        return packages.sorted().last.map { checkout + "/" + $0 }
    }

    /// This machine's architecture as Debian names it.
    public static var hostArchitecture: String {
        #if arch(arm64)
        "arm64"
        #else
        "amd64"
        #endif
    }

    /// The Swift toolchain's root (what `swift` on the PATH belongs to), to be hidden.
    public static var toolchain: String? {
        guard let swift = which("swift") else { return nil }
        let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        // TOOLCHAIN/usr/bin/swift
        return real.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Runs `program` with the checkout (and so `.build`) and the Swift toolchain hidden under empty
    /// file systems, in a mount namespace of its own: what a machine without them would see.
    public static func runAlone(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
        let hidden = [checkout] + (toolchain.map { [$0] } ?? [])
        let mounts = hidden.map { "mount -t tmpfs none '\($0)'" }.joined(separator: " && ")
        let script = "\(mounts) && ls -A '\(checkout)' | grep -q . && exit 99; exec \"$@\""
        let user = getuid() == 0 ? [] : ["--map-root-user"]
        let result = try runProgram(which("unshare")!, user + ["--mount", "--", "/bin/sh", "-c", script, "sh", program] + arguments,
                                    environment: environment, timeout: 60)
        if result.status == 99 { throw TestFailure("the checkout was still visible inside the namespace") }
        return result
    }
}

import Foundation
import RingsRaster
import RingsBase

/// A throwaway QEMU virtual machine that runs the installed `rings` on KMS/DRM (virtio-gpu, 1280x800)
/// (in the power run, also under Xorg on the same card) and, in the systemd run, under real systemd as
/// PID 1: `Tests/VM/run-vm.sh` (its README says how). Or a whole pristine Debian image (the package
/// installed into it) booted as the machine, its own systemd as PID 1 (`init(image:packages:output:)`).
/// A run takes 40-60 s under software emulation (a pristine one 3-6 minutes); what the guest saw is left in `output`.
public final class VirtualMachine {
    /// What a run needs on the host: `make test` installs it.
    public static let tools = ["qemu-system-x86_64", "busybox", "cpio", "modprobe", "python3"]
    /// Why a run cannot start here, or nil when it can.
    public static var missing: String? {
        if let missing = missingToBoot { return missing }
        if Installed.stagedRoot == nil { return "no staged install in .build/installed (make test makes it)" }
        return nil
    }

    /// Why no VM can boot here (its tools, a kernel), or nil.
    public static var missingToBoot: String? {
        let tools = Self.tools.filter { which($0) == nil }
        if !tools.isEmpty { return "missing \(tools.joined(separator: ", ")) (make test installs qemu-system-x86, busybox-static, linux-image-amd64)" }
        let kernels = ((try? FileManager.default.contentsOfDirectory(atPath: "/boot")) ?? []).filter { $0.hasPrefix("vmlinuz-") }
        if kernels.isEmpty { return "no kernel in /boot (make test installs linux-image-amd64)" }
        return nil
    }

    /// Where the run left its screendumps (NAME.png) and logs.
    public let output: String
    /// What run-vm.sh printed, and how it ended.
    public let result: RunResult

    /// Boots the VM in `mode` (`kms`, `power` or `systemd`) with the staged install's binary and unit, and waits
    /// for it to power off.
    public init(mode: String, output: String) throws {
        if let missing = Self.missing { throw TestFailure("the VM cannot boot: \(missing)") }
        let root = Installed.stagedRoot!
        var env = ProcessInfo.processInfo.environment
        env["RINGS"] = root + "/usr/bin/rings"
        env["UNIT"] = root + "/usr/lib/systemd/system/rings-kiosk.service"
        // The power run takes 4 min here, emulated; on a busy machine twice that and more.
        env["TIMEOUT"] = "1200"
        self.output = output
        result = try Self.boot([mode, output], environment: env, timeout: 1260)
    }

    /// Boots the pristine image `image` (a whole Debian root, `Tests/VM/pristine-install.sh`'s) as the
    /// machine, with `packages` in the guest's /kms/debs, and waits for it to power off (at most
    /// `timeout` seconds: emulation on a busy machine is slow). An arm64 image boots as an arm64
    /// machine (qemu-system-aarch64) with the kernel in `arm64Kernel` (`Tests/VM/arm64-kernel.sh`'s).
    public init(image: String, packages: [String], output: String, timeout: Double = 900,
                arm64Kernel: String? = nil) throws {
        if let missing = Self.missingToBoot { throw TestFailure("the VM cannot boot: \(missing)") }
        var env = ProcessInfo.processInfo.environment
        if let arm64Kernel {
            guard which("qemu-system-aarch64") != nil else {
                throw TestFailure("the VM cannot boot: missing qemu-system-aarch64 "
                                  + "(make test installs qemu-system-arm)")
            }
            env["ARCH"] = "arm64"
            env["KERNEL_DIR"] = arm64Kernel
        }
        env["ROOTDIR"] = image
        env["DEBS"] = packages.joined(separator: " ")
        env["TIMEOUT"] = String(Int(timeout))
        self.output = output
        result = try Self.boot(["pristine", output], environment: env, timeout: timeout + 60)
    }

    /// One VM at a time in this process: suites run side by side (`swift test --filter
    /// "VMTests|PristineTests"`), and two emulated machines on the same cores would each run at half
    /// speed while the tests time what the guests see.
    private static let oneAtATime = Mutex(())

    private static func boot(_ arguments: [String], environment: [String: String], timeout: Double) throws -> RunResult {
        try oneAtATime.withLock { _ in
            Result { try runProgram(Installed.checkout + "/Tests/VM/run-vm.sh", arguments, environment: environment, timeout: timeout) }
        }.get()
    }

    /// A file the run left, as text ("" when there is none).
    public func text(_ name: String) -> String {
        (try? String(contentsOfFile: output + "/" + name, encoding: .utf8)) ?? ""
    }
}

/// A VM's guest.log: its lines by what they hold, and how long a wait the guest logged took.
public struct GuestLog: CustomStringConvertible {
    public let text: String

    /// The first line that contains `part` ("" when none).
    public func line(_ part: String) -> String {
        text.split(separator: "\n").first { $0.contains(part) }.map(String.init) ?? ""
    }

    /// How long the guest's wait `name` took, from its line "NAME in S s: ..." (nil when it timed out).
    public func seconds(_ name: String) -> Double? {
        line(name + " in ").components(separatedBy: " in ").last?.split(separator: " ").first.flatMap { Double($0) }
    }

    public var description: String { text }
}

extension VirtualMachine {
    /// What the guest logged.
    public var log: GuestLog { GuestLog(text: text("guest.log")) }
}


import Foundation
import RingsBase
import Testing

/// A test (or suite) that needs tools this machine may lack. Under `make test`, which installs them
/// and sets `RINGS_TEST_EVERYTHING=1`, such a test never skips: it fails, naming what is missing.
/// A plain `swift test` skips it, and says at the end how many it skipped.
public struct Needs: TestTrait, SuiteTrait {
    /// Whether what the test needs is here.
    public let met: Bool
    /// What it needs, in words ("needs cage, grim (make test installs them)").
    public let comment: Comment

    public var isRecursive: Bool { true }

    /// Whether a missing tool fails a test instead of skipping it (`make test` sets this).
    public static var everything: Bool { ProcessInfo.processInfo.environment["RINGS_TEST_EVERYTHING"] == "1" }

    /// Every tool some test runs, that this machine lacks.
    public static var missingTools: [String] {
        let all = VirtualDisplay.tools + Compositor.tools + Compositor.swayTools + Compositor.westonTools + VirtualMachine.tools
            + ["mosquitto", "mosquitto_pub", "mosquitto_sub", "mosquitto_passwd", "openssl", "xrandr", "xprop", "cc", "systemd-analyze"]
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted && which($0) == nil }
    }

    /// Runs the test when met; otherwise fails it under `make test` (an error thrown here is the test's
    /// failure, and it does not run), else skips it.
    public func prepare(for test: Test) async throws {
        guard !met else { return }
        if Self.everything {
            let missing = Self.missingTools
            let named = missing.isEmpty
                ? "nothing of the test tools (a condition of its own)" : missing.joined(separator: ", ")
            throw TestFailure("cannot run here: \(comment.rawValue); missing on this machine: \(named)")
        }
        Self.skips.withLock { count in
            if count == 0 { atexit { Needs.sayHowManySkipped() } }
            count += 1
        }
        try await ConditionTrait.enabled(if: false, comment).prepare(for: test)
    }

    private static let skips = Mutex(0)

    private static func sayHowManySkipped() {
        let count = skips.withLock { $0 }
        print("rings tests: \(count) test\(count == 1 ? "" : "s") or suite\(count == 1 ? "" : "s") skipped for want of tools; `make test` installs them and runs every one")
    }
}

extension Trait where Self == Needs {
    /// Runs the test when `met`; otherwise skips it in a plain `swift test`, and fails it under `make test`.
    public static func needs(_ met: Bool, _ comment: Comment) -> Needs { Needs(met: met, comment: comment) }

    /// `needs(met, "needs TOOLS (make test installs them)")`, the tools named in turn.
    public static func needs(_ met: Bool, tools: [String]) -> Needs {
        Needs(met: met, comment: Comment(rawValue: "needs \(tools.joined(separator: ", ")) (make test installs them)"))
    }
}

import Foundation
import Testing
import TestSupport

/// A kiosk's months in a minute: `rings bench --soak`, in a process of its own so that nothing else
/// shares the memory it measures.
@Suite struct SoakTests {
    /// 300,000 frames (83 minutes of animation at 60 Hz) with 60,000 updates and 10,000 reloads of a
    /// config with `[[ring]]` tables, the frame statistics included: resident memory grows by less
    /// than 256 KB (the regression: each reload kept about 1.7 KB in the TOML parser's objects).
    @Test func sixtyThousandUpdatesTenThousandReloadsAndThreeHundredThousandFramesKeepMemoryFlat() throws {
        let scratch = ScratchDirectory("rings-soak")
        let config = scratch.path + "/soak.toml"
        try """
            theme = "activity"
            [[ring]]
            name = "Move"
            start = "#e10014"
            end = "#ff3287"
            thresholds = [{ at = 0.8, colour = "orange" }, { at = 1.2, colour = "red" }]
            [[ring]]
            name = "Exercise"
            goal = 30
            unit = "min"
            label = "goal"
            [[ring]]
            name = "Stand"
            alert = 2
            """.write(toFile: config, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        // Beside the other suites on a 2-core machine it has taken near 15 minutes: twice that is allowed.
        let result = try runProgram(ringsBinary, ["bench", "--soak", "--frames", "300000", "--reloads", "10000",
                                                  "--config", config, "--size", "96x96"],
                                    environment: environment, timeout: 1800)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("300000 frames") && result.stdout.contains("60000 feed updates, 10000 reloads"), "\(result.stdout)")
        #expect(result.stdout.contains("frame interval median 16.6"), "the frame statistics were kept: \(result.stdout)")
        let growth = result.stdout.split(separator: "\n").last.flatMap { Int($0.replacingOccurrences(of: "rss_growth_kb=", with: "")) }
        #expect(growth != nil && growth! < 256, "resident memory grew by 256 KB or more: \(result.stdout)")
    }
}

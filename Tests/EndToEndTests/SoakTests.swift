import Foundation
import Testing
import TestSupport

/// A kiosk's days in a minute: `rings bench --soak`, in a process of its own so that nothing else
/// shares the memory it measures.
@Suite struct SoakTests {
    @Test func twentyThousandUpdatesAndAHundredThousandFramesKeepMemoryFlat() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        let result = try runProgram(ringsBinary, ["bench", "--soak", "--frames", "100000", "--size", "96x96"], environment: environment, timeout: 900)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("100000 frames") && result.stdout.contains("20000 feed updates"), "\(result.stdout)")
        let growth = result.stdout.split(separator: "\n").last.flatMap { Int($0.replacingOccurrences(of: "rss_growth_kb=", with: "")) }
        #expect(growth != nil && growth! <= 1024, "resident memory grew by more than 1 MB: \(result.stdout)")
    }
}

import Foundation
import RingsRaster
import Testing
import TestSupport

/// A broker that floods the screen: 10,000 messages in about 10 s, in bursts of good lines, garbage,
/// JSON and 1 MB payloads.
@Suite(.serialized) struct MQTTBurstTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && !Broker.missing
    static let why: Comment = "needs the display tools and mosquitto (make test installs them)"

    /// Memory stays flat (under 1 MB of growth), the last good value is what shows, and every message
    /// was taken, on the one connection.
    @Test(.needs(ready, why))
    func aFloodOfMessagesLeavesMemoryFlatAndShowsTheLastGoodValue() throws {
        let broker = try Broker()
        var generator = SystemRandomNumberGenerator()
        var burst: [String] = []
        for index in 0..<998 {  // with the 1 MB message and one good line, 1,000 a round
            switch index % 5 {
            case 0, 1, 2: burst.append("1=\(Double.random(in: 0...1, using: &generator)) 2=\(Int.random(in: 0...150))% 3=\(Int.random(in: 0...100))/100")
            case 3: burst.append("garbage \(index) =\u{1}")
            default: burst.append(#"{"red": \#(Double.random(in: 0...1)), "blue": "nan"}"#)
            }
        }
        let lines = broker.directory + "/burst.txt", big = broker.directory + "/big.bin"
        try Data((burst.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: lines))
        try Data(("1=0.5 " + String(repeating: "x", count: 1 << 20)).utf8).write(to: URL(fileURLWithPath: big))
        let display = try VirtualDisplay()
        let output = Pipe()
        let (process, window) = try display.launchRings(["--theme", "flat", "--size", "300x300", "--progress", "0.1,0.1,0.1", "--chrome", "none",
                                                         "--no-intro", "--stats", "--mqtt", broker.url, "--topic", "fleet/rings"]) {
            $0.standardOutput = output
            $0.standardError = FileHandle.nullDevice
        }
        defer { if process.isRunning { process.terminate() } }
        // Nothing here is retained: the first message and the flood go once the screen has subscribed.
        try broker.awaitSubscription(to: "fleet/rings")
        try broker.publish("fleet/rings", "1=0.9 2=0.9 3=0.9")
        #expect(try settled(within: 30) { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)),
                                              try ringsRender("300x300", "0.9,0.9,0.9")) } == 0, "connected")
        let before = try #require(residentBytes(of: process.processIdentifier))
        let publish = "mosquitto_pub -h 127.0.0.1 -p \(broker.port) -q 1 -t fleet/rings"
        // The flood's shape: a burst a second, at most (a burst that takes longer is followed at once).
        // The pace shapes the load; nothing here waits for the screen.
        let started = Date()
        for round in 0..<10 {
            let result = try runProgram("/bin/sh", ["-c", "\(publish) -l < \(lines) && \(publish) -f \(big) && \(publish) -m '1=0.\(round)'"], timeout: 120)
            #expect(result.status == 0, "\(result.stderr)")
            Thread.sleep(until: started.addingTimeInterval(Double(round + 1)))
        }
        // The screen takes the messages in order: once this last one shows, it has taken the whole flood.
        try broker.publish("fleet/rings", "1=0.35 2=0.65 3=0.95")
        #expect(try settled(within: 120) { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)),
                                              try ringsRender("300x300", "0.35,0.65,0.95")) } == 0, "the last good value")
        let after = try #require(residentBytes(of: process.processIdentifier))
        #expect(after - before < 1 << 20, "resident memory grew by \((after - before) / 1024) KB")
        end(process)
        let stats = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // Facts, not speeds: the frames dropped and a line's time to the screen (in these stats too)
        // depend on how busy the machine is, and are not judged here.
        #expect(stats.contains("MQTT connected, 10002 messages, 1 connections"), "\(stats)")
    }
}

import Foundation
import Rings
@testable import RingsLive
import Testing

@Suite struct SystemSourceTests {
    @Test func sourcesParse() throws {
        #expect(try SystemSource.parse("cpu,mem,disk:/,swap,load") == [.cpu, .mem, .disk("/"), .swap, .load])
        #expect(try SystemSource.parse("cpu:3,cores,temp,temp:acpitz,battery,gpu:card1")
            == [.core(3), .cores, .temp(nil), .temp("acpitz"), .battery(nil), .gpu("card1")])
        #expect(try SystemSource.parse("down:eth0:100Mbit,up:wlan0,diskio:sda:12.5MB/s,diskio:nvme0n1")
            == [.down("eth0", perSecond: 12.5e6), .up("wlan0", perSecond: nil), .diskio("sda", perSecond: 12.5e6), .diskio("nvme0n1", perSecond: nil)])
        for bad in ["fan", "cpu,,mem", "disk:", "cpu:x", "cpu:-1", "down:", "down:eth0:fast", "up:eth0:0MB", "temp:"] {
            #expect(throws: SystemSource.Problem.self, "\(bad)") { try SystemSource.parse(bad) }
        }
        #expect(throws: SystemSource.Problem.self) { try SystemSource.parse(Array(repeating: "cpu", count: 9).joined(separator: ",")) }
        #expect(SystemSource.disk("/home").description == "disk /home")
        #expect(SystemSource.down("eth0", perSecond: nil).description == "eth0 down")
    }

    /// Read from this machine's /proc and statvfs.
    @Test func samplesAreFractionsOfThisMachine() throws {
        let sampler = SystemSampler(files: SystemFiles())
        for source in try SystemSource.parse("cpu,mem,disk:/,swap,cpu:0") {
            let value = try #require(sampler.sample(source, at: 0).value, "\(source)")
            #expect((0...1).contains(value), "\(source): \(value)")
        }
        // CPU again: now measured since the first sample.
        _ = (0..<200_000).reduce(0, &+)
        for source in [SystemSource.cpu, .core(0)] {
            #expect((0...1).contains(try #require(sampler.sample(source, at: 1).value)))
        }
        #expect(try #require(sampler.sample(.load, at: 1).value) >= 0)
        #expect(sampler.sample(.disk("/no/such/place"), at: 1) == .unreadable)
        #expect(sampler.sample(.core(4096), at: 1) == .absent(Words.noSuchCore.text))
        // Every core of this machine, one ring each.
        let cores = try SystemSource.resolved([.cores], files: SystemFiles())
        #expect(cores == (0..<min(ProcessInfo.processInfo.activeProcessorCount, RingValues.maximumRings)).map { .core($0) })
        // The disk figure is df's Use%.
        let df = Process()
        df.executableURL = URL(fileURLWithPath: "/bin/df")
        df.arguments = ["--output=pcent", "/"]
        let pipe = Pipe()
        df.standardOutput = pipe
        try df.run()
        df.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let percent = try #require(Double(text.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces).dropLast() ?? ""))
        let disk = try #require(sampler.sample(.disk("/"), at: 1).value)
        #expect(abs(disk * 100 - percent) <= 1.5, "rings \(disk * 100) %, df \(percent) %")
    }

    /// This machine's loopback interface: what goes through it in a second is what its counter
    /// says, against the maximum given.
    @Test func theLoopbacksThroughputIsItsCounters() throws {
        let sampler = SystemSampler(files: SystemFiles())
        let source = SystemSource.down("lo", perSecond: 1e6)
        #expect(sampler.sample(source, at: 0) == .pending)
        let before = try #require(SystemFiles().number("/sys/class/net/lo/statistics/rx_bytes"))
        let value = try #require(sampler.sample(source, at: 2).value)
        let after = try #require(SystemFiles().number("/sys/class/net/lo/statistics/rx_bytes"))
        #expect(value >= 0 && value * 2e6 <= after - before + 1, "\(value), \(after - before) bytes")
        #expect(sampler.sample(.down("no-such-if0", perSecond: 1e6), at: 2) == .absent(Words.noSuchInterface.text))
    }
}

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
        for source in try SystemSource.parse("mem,disk:/") {
            let value = try #require(sampler.sample(source, at: 0).value, "\(source)")
            #expect((0...1).contains(value), "\(source): \(value)")
        }
        let swap = sampler.sample(.swap, at: 0)
        #expect(swap == .absent(Words.noSwap.text) || swap.value.map { (0...1).contains($0) } == true, "\(swap)")
        // CPU: nothing at the first read, then measured since it.
        #expect(sampler.sample(.cpu, at: 0) == .pending && sampler.sample(.core(0), at: 0) == .pending)
        let start = Date()
        while Date().timeIntervalSince(start) < 0.05 { _ = (0..<10_000).reduce(0, &+) }
        for source in [SystemSource.cpu, .core(0)] {
            #expect((0...1).contains(try #require(sampler.sample(source, at: 1).value)))
        }
        #expect(try #require(sampler.sample(.load, at: 1).value) >= 0)
        #expect(sampler.sample(.disk("/no/such/place"), at: 1) == .unreadable)
        #expect(sampler.sample(.core(4096), at: 1) == .absent(Words.noSuchCore.text))
        // Every core of this machine with a line in /proc/stat, one ring each.
        let lines = try String(contentsOfFile: "/proc/stat", encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("cpu") && !$0.hasPrefix("cpu ") }
        let cores = try SystemSource.resolved([.cores], files: SystemFiles())
        #expect(cores.count == min(lines.count, RingValues.maximumRings) && cores.first == .core(0), "\(cores)")
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

    /// This machine's loopback interface: 60 000 bytes sent to it between two reads are counted,
    /// and no more than its counter moved between a read before and one after.
    @Test func theLoopbacksThroughputIsItsCounters() throws {
        let files = SystemFiles(), sampler = SystemSampler(files: files)
        let source = SystemSource.down("lo", perSecond: 1e6)
        let before = try #require(files.number("/sys/class/net/lo/statistics/rx_bytes"))
        #expect(sampler.sample(source, at: 0) == .pending)
        let sent = try Self.sendToLoopback(bytes: 60_000)
        let value = try #require(sampler.sample(source, at: 2).value)
        let after = try #require(files.number("/sys/class/net/lo/statistics/rx_bytes"))
        #expect(value * 2e6 >= Double(sent) && value * 2e6 <= after - before, "\(value), \(after - before) bytes")
        #expect(sampler.sample(.down("no-such-if0", perSecond: 1e6), at: 2) == .absent(Words.noSuchInterface.text))
    }

    /// Sends a UDP datagram of `bytes` to a port on 127.0.0.1 (none need listen: it crosses `lo` all the same).
    static func sendToLoopback(bytes: Int) throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(9).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let payload = [UInt8](repeating: 7, count: bytes)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, payload, payload.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard sent == bytes else { throw POSIXError(.EIO) }
        return sent
    }
}

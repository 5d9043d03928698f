import Foundation
import Rings
@testable import RingsLive
import Testing

@Suite struct SystemSourceTests {
    @Test func sourcesParse() throws {
        #expect(try SystemSource.parse("cpu,mem,disk:/,swap,load") == [.cpu, .mem, .disk("/"), .swap, .load])
        #expect(throws: SystemSource.Problem.self) { try SystemSource.parse("gpu") }
        #expect(throws: SystemSource.Problem.self) { try SystemSource.parse("cpu,,mem") }
        #expect(throws: SystemSource.Problem.self) { try SystemSource.parse("disk:") }
        #expect(throws: SystemSource.Problem.self) { try SystemSource.parse(Array(repeating: "cpu", count: 9).joined(separator: ",")) }
        #expect(SystemSource.disk("/home").description == "disk /home")
    }

    /// Read from this machine's /proc and statvfs.
    @Test func samplesAreFractionsOfThisMachine() throws {
        let sampler = SystemSampler()
        for source in try SystemSource.parse("cpu,mem,disk:/,swap") {
            let value = try #require(sampler.sample(source), "\(source)")
            #expect((0...1).contains(value), "\(source): \(value)")
        }
        // CPU again: now measured since the first sample.
        _ = (0..<200_000).reduce(0, &+)
        let cpu = try #require(sampler.sample(.cpu))
        #expect((0...1).contains(cpu))
        #expect(try #require(sampler.sample(.load)) >= 0)
        #expect(sampler.sample(.disk("/no/such/place")) == nil)
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
        let disk = try #require(sampler.sample(.disk("/")))
        #expect(abs(disk * 100 - percent) <= 1.5, "rings \(disk * 100) %, df \(percent) %")
    }
}

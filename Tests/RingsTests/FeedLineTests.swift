import Foundation
@testable import Rings
import RingsBase
import Testing
import TestSupport

@Suite struct FeedLineTests {
    let names = ["move", "exercise", "stand"]

    func values(_ line: String) -> [Int: Double]? {
        guard case let .success(updates) = FeedLine.parse(line, names: names) else { return nil }
        return Dictionary(updates.map { ($0.ring, $0.value) }, uniquingKeysWith: { $1 })
    }

    func reason(_ line: String) -> FeedLine.Rejection? {
        if case let .failure(rejection) = FeedLine.parse(line, names: names) { return rejection }
        return nil
    }

    @Test func indicesNamesAndTheThreeKindsOfValue() {
        #expect(values("1=0.72 2=135% stand=430/600") == [0: 0.72, 1: 1.35, 2: 430.0 / 600])
        #expect(values("  Move=50%\t") == [0: 0.5])
        #expect(values(#"{"move": 0.72, "stand": "430/600"}"#) == [0: 0.72, 2: 430.0 / 600])
        #expect(values("3=0.1,1=0.2") == [2: 0.1, 0: 0.2])
    }

    /// A byte-order mark before a line (a file written by Notepad or PowerShell) is not part of it,
    /// as bytes and as text, plain or JSON (the regression: "no ring '1'", the mark invisible).
    @Test func aByteOrderMarkIsNoPartOfALine() {
        #expect(values("\u{FEFF}1=0.9") == [0: 0.9])
        #expect(values("\u{FEFF}{\"move\": 0.5}") == [0: 0.5])
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("2=50%".utf8)
        guard case let .success(updates) = FeedLine.parse(bytes, names: names) else { Issue.record("the marked line was refused"); return }
        #expect(updates.map(\.ring) == [1] && updates.map(\.value) == [0.5])
        #expect(reason("\u{FEFF}") != nil, "a mark alone is an empty line")
    }

    @Test func aPlainNumberIsAnAmountOfTheRingsGoal() throws {
        let goals: [Double?] = [nil, nil, 600]
        let parsed = try FeedLine.parse("stand=430 1=0.5 3=50%", names: names, goals: goals).get()
        #expect(parsed.map(\.ring) == [2, 0, 2])
        #expect(parsed.map(\.value) == [430.0 / 600, 0.5, 0.5], "a fraction for a ring without a goal; % and a/b as always")
        #expect(try FeedLine.parse("stand=9000", names: names, goals: goals).get().first?.value == 10, "clamped to ten laps")
    }

    @Test func valuesAreClampedToTenLaps() {
        #expect(values("1=-0.5") == [0: 0])
        #expect(values("1=1e300") == [0: 10])
        #expect(values("2=2500%") == [1: 10])
    }

    @Test func everyKindOfBadLineIsRefusedWithAReason() {
        let cases: [(String, FeedLine.Rejection.Kind)] = [
            ("", .empty), ("   ", .empty), ("1=nan", .badValue), ("1=inf", .badValue), ("1=-inf%", .badValue),
            ("1=abc", .badValue), ("1=3/0", .badValue), ("1=3/-2", .badValue), ("4=0.5", .unknownRing), ("0=0.5", .unknownRing),
            ("sleep=0.5", .unknownRing), ("1", .syntax), ("=0.5", .syntax), ("1=", .syntax), ("{not json", .syntax),
            (#"{"move": true}"#, .badValue), (#"{"move": [1]}"#, .badValue), ("1=0.5\u{7}", .notText),
        ]
        for (line, kind) in cases {
            let rejection = reason(line)
            #expect(rejection?.kind == kind, "'\(line)': \(String(describing: rejection))")
            #expect(!(rejection?.reason.isEmpty ?? true))
        }
        #expect(reason("1=0.5 2=x") != nil, "a line is refused whole")
    }

    @Test func bytesThatAreNotTextOrTooLongAreRefused() {
        if case let .failure(r) = FeedLine.parse([0x31, 0x3D, 0xFF, 0xFE], names: names) { #expect(r.kind == .notText) } else { Issue.record("invalid UTF-8 passed") }
        let long = [UInt8](repeating: 0x31, count: 10_000_000)
        if case let .failure(r) = FeedLine.parse(long, names: names) { #expect(r.kind == .tooLong) } else { Issue.record("10 MB passed") }
    }

    /// A raw tab inside a JSON string is refused in one line: Swift 6.0's decoder (the arm64 build's)
    /// stopped the process on it.
    @Test func aControlCharacterInAJSONStringIsRefusedNotACrash() {
        for line in ["{\"move\": \"4\t30/600\"}", "{\"st\u{1}and\": 1}", "{\"move\": \"\\\"\t\"}"] {
            #expect(values(line) == nil, "\(line.debugDescription) was taken")
            do {
                _ = try JSON.parse(Data(line.utf8))
                Issue.record("JSON.parse took \(line.debugDescription)")
            } catch {
                #expect(error.description.contains("control character"), "\(line.debugDescription): \(error)")
            }
        }
        #expect(values("{\"move\": 0.5}\t") == [0: 0.5], "a tab outside strings is white space")
    }

    /// 100,000 random and mutated lines: none crashes, each is values within 0 ... 10 or a refusal
    /// with a reason.
    @Test func fuzz() {
        var rng = SeededGenerator(seed: 42)
        let seeds = ["1=0.72 2=135% stand=430/600", #"{"move": 0.72, "stand": "430/600"}"#, "exercise=1.5", "3=99%", "2=1/3"]
        let alphabet = Array("0123456789.-+eE%/=, {}\":[]abcmovestandxyz\tnaif".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xFF, 0x0A]
        // What the parser got wrong, checked once at the end: an expectation per line costs more
        // than the parse (minutes under qemu-user).
        var accepted = 0, wrong: [String] = []
        for i in 0..<100_000 {
            var bytes: [UInt8]
            if i % 2 == 0 {
                bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            } else {
                bytes = Array(seeds.randomElement(using: &rng)!.utf8)
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let at = Int.random(in: 0...bytes.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                    case 1: if at < bytes.count { bytes.remove(at: at) }
                    default: if at < bytes.count { bytes[at] = alphabet.randomElement(using: &rng)! }
                    }
                }
            }
            switch FeedLine.parse(bytes, names: names) {
            case let .success(updates):
                accepted += 1
                let valid = updates.allSatisfy { (0..<3).contains($0.ring) && (0...10).contains($0.value) }
                if updates.isEmpty || !valid {
                    wrong.append("\(bytes) gave \(updates)")
                }
            case let .failure(rejection):
                if rejection.reason.isEmpty { wrong.append("\(bytes) refused with no reason") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) lines, the first: \(wrong.prefix(3))")
        #expect(accepted > 1000, "mutated lines still parse often: \(accepted)")
    }
}

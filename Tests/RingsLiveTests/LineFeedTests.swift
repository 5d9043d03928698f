import Foundation
import Rings
import RingsLive
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// Following a file as `tail -F` does, on a real file.
@Suite struct LineFeedTests {
    /// A file rewritten in place (same inode, not shorter) is read again from its start, whether the
    /// new text is as long as the old or longer; an append is read as an append.
    @Test func aFileRewrittenInPlaceIsReadAgain() throws {
        let path = NSTemporaryDirectory() + "rings-follow-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        defer { unlink(path) }
        var rewrites = 0
        /// Writes `text` (after what is there, or over it); a rewrite is then given a modification
        /// time of its own, set outright (a write within the clock's tick of the last keeps its time).
        func write(_ text: String, append: Bool = false) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            if append { handle.seekToEndOfFile() } else { try handle.truncate(atOffset: 0) }
            handle.write(Data(text.utf8))
            try handle.close()
            guard !append else { return }
            rewrites += 1
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000 + Double(rewrites))], ofItemAtPath: path)
        }
        try writeFile("1=0.3\n", to: path)
        let heard = Mutex<[String]>([])
        let feed = LineFeed(source: .path(path), report: { _ in }) { _, line in heard.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
        feed.start()
        defer { feed.stop() }
        func waitFor(_ line: String) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline { if heard.withLock({ $0.last == line }) { return true }; usleep(20_000) }
            return false
        }
        #expect(waitFor("1=0.3"))
        try write("1=0.7\n")
        #expect(waitFor("1=0.7"), "same length: \(heard.withLock { $0 })")
        try write("1=0.75 2=0.5\n")
        #expect(waitFor("1=0.75 2=0.5"), "longer: \(heard.withLock { $0 })")
        try write("3=0.1\n", append: true)
        #expect(waitFor("3=0.1"))
        #expect(heard.withLock { $0 } == ["1=0.3", "1=0.7", "1=0.75 2=0.5", "3=0.1"], "an append is not a rewrite")
    }

    /// A new FIFO and a feed following it, what it hears kept in `heard`; `stop` ends both.
    func followedFIFO() throws -> (path: String, heard: Mutex<[String]>, stop: () -> Void) {
        let path = NSTemporaryDirectory() + "rings-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkfifo(path, 0o600) == 0)
        let heard = Mutex<[String]>([])
        let feed = LineFeed(source: .path(path), report: { _ in }) { _, line in heard.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
        feed.start()
        return (path, heard, { feed.stop(); unlink(path) })
    }

    /// A FIFO's last line is taken when its writer closes, newline or not (the regression:
    /// `printf '1=0.9' > fifo` was dropped without a word).
    @Test func aFIFOsLastLineIsTakenWhenItsWriterCloses() throws {
        let (path, heard, stop) = try followedFIFO()
        defer { stop() }
        // Two writers one after the other (overlapping, they would be one stream with no end between).
        for (text, count) in [("1=0.3\n2=0.4", 2), ("3=0.5", 3)] {
            let handle = try #require(FileHandle(forWritingAtPath: path))   // waits for the feed to open its end
            handle.write(Data(text.utf8))
            try handle.close()
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline && heard.withLock({ $0.count }) < count { usleep(20_000) }
        }
        #expect(heard.withLock { $0 } == ["1=0.3", "2=0.4", "3=0.5"])
    }

    /// Writers that come one after another without waiting (`echo 1=0.5 > FIFO` in a loop) lose no
    /// line: one that writes while the feed is between the last writer's end and its next open is
    /// read, not dropped with the pipe.
    @Test func aFIFOsWritersInQuickSuccessionLoseNoLine() throws {
        let (path, heard, stop) = try followedFIFO()
        defer { stop() }
        let lines = (1...300).map { "1=\($0)" }
        for line in lines {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.write(Data((line + "\n").utf8))
            try handle.close()
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && heard.withLock({ $0.count }) < lines.count { usleep(20_000) }
        #expect(heard.withLock { $0 } == lines, "\(lines.count - heard.withLock { $0.count }) lines lost")
    }

    /// What a feed of `target` did (after `enough` held, or 30 s): the times of its reports, the
    /// states it said, and how many lines it gave.
    func follow(_ target: String, until enough: (_ reports: Int, _ lines: Int) -> Bool) -> (reports: [Date], states: [String?], lines: Int) {
        let reports = Mutex<[Date]>([]), states = Mutex<[String?]>([]), lines = Mutex(0)
        let feed = LineFeed(source: .path(target), report: { _ in reports.withLock { $0.append(Date()) } }, state: { said in states.withLock { $0.append(said) } }) { _, _ in
            lines.withLock { $0 += 1 }
        }
        feed.start()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && !enough(reports.withLock { $0.count }, lines.withLock { $0 }) { usleep(20_000) }
        feed.stop()
        return (reports.withLock { $0 }, states.withLock { $0 }, lines.withLock { $0 })
    }

    /// A path that can never give lines (a folder, a device such as /dev/null or /dev/zero) is said,
    /// in the legend's words and a report, and waited on with a growing pause (at least 0.25 s, then
    /// 0.5 s), not read in a busy loop; it gives no line, where the same feed of a file gives its own.
    @Test(arguments: [("folder", "a folder"), ("/dev/null", "not a file or FIFO"), ("/dev/zero", "not a file or FIFO")])
    func aPathThatCanNeverGiveLinesIsSaidAndNotSpunOn(path: String, words: String) throws {
        let target = path == "folder" ? NSTemporaryDirectory() : path
        let seen = follow(target) { reports, _ in reports >= 3 }
        #expect(seen.reports.count >= 3, "three tries within 30 s: \(seen.reports.count)")
        if seen.reports.count >= 3 {
            let pauses = [seen.reports[1].timeIntervalSince(seen.reports[0]), seen.reports[2].timeIntervalSince(seen.reports[1])]
            #expect(pauses[0] >= 0.2 && pauses[1] >= 0.45, "pauses of 0.25 s, then 0.5 s, at least: \(pauses)")
        }
        #expect(seen.lines == 0)
        #expect(seen.states.first == "\(words): \(target)", "\(seen.states)")
        // The control: the same feed of a file gives its line, and says nothing is wrong.
        let file = NSTemporaryDirectory() + "rings-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        try writeFile("1=0.5\n", to: file)
        defer { unlink(file) }
        let control = follow(file) { _, lines in lines >= 1 }
        #expect(control.lines == 1 && control.reports.isEmpty && control.states.allSatisfy { $0 == nil }, "\(control)")
    }
}

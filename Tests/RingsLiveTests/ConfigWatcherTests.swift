import Foundation
@testable import RingsLive
import RingsRaster
import Testing
import TestSupport
import RingsBase

/// The config watcher on a real file and inotify.
@Suite struct ConfigWatcherTests {
    /// A burst of requests to read the file again (3,000 `{"reload": true}` commands) is merged:
    /// reads come at most once every `pause` while it lasts, and the last request is still read.
    @Test func aBurstOfReloadsIsMerged() throws {
        let path = NSTemporaryDirectory() + "rings-watch-\(getpid()).toml"
        try Data("theme = \"flat\"\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let reads = Mutex<[Double]>([])
        let watcher = ConfigWatcher(path: path) { reads.withLock { $0.append(ProcessInfo.processInfo.systemUptime) } }
        watcher.start()
        defer { watcher.stop() }
        let start = ProcessInfo.processInfo.systemUptime
        for _ in 0..<2999 { watcher.reloadNow() }
        let end = ProcessInfo.processInfo.systemUptime
        watcher.reloadNow()
        #expect(eventually { reads.withLock { $0.last ?? 0 } >= end }, "the last request is read")
        // Whatever the machine's pace, no two reads closer than the pause.
        let times = reads.withLock { $0 }
        #expect(!times.isEmpty && times.count <= Int((max(end, times.last!) - start) / ConfigWatcher.pause) + 2, "\(times.count) reads")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= ConfigWatcher.pause - 0.01 }, "\(times)")
    }
}

import Foundation
import RingsRaster
import RingsBase

/// The result of running a program to its end.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `path` with `arguments` and waits (at most `timeout` seconds; the process is killed after).
public func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                       timeout: Double = 60) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    let outData = Mutex(Data()), errData = Mutex(Data())
    let group = DispatchGroup()
    for (pipe, sink) in [(out, outData), (err, errData)] {
        group.enter()
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            sink.withLock { $0 = data }
            group.leave()
        }
    }
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    group.wait()
    return RunResult(status: process.terminationStatus,
                     stdout: String(decoding: outData.withLock { $0 }, as: UTF8.self),
                     stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
}

/// The built `rings` executable: RINGS_BINARY, else the one beside the test bundle, else .build/debug.
public var ringsBinary: String {
    if let path = ProcessInfo.processInfo.environment["RINGS_BINARY"] { return path }
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rings").path
    if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
    return checkoutRoot + "/.build/debug/rings"
}

/// The checkout the tests were built from (this file is Tests/TestSupport/Processes/Processes.swift).
public let checkoutRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// Where a program is on the PATH, or among the administrator's programs (mosquitto, modprobe),
/// which Debian leaves off a user's PATH, if it is.
public func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in (path + ":/usr/local/sbin:/usr/sbin:/sbin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Resident memory of a running process, in bytes (/proc/PID/status VmRSS), or nil when it has gone.
public func residentBytes(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes * 1024
}

/// The number written right after `label` in `text` (a `--stats` line, say), or nil.
public func number(after label: String, in text: String) -> Double? {
    guard let range = text.range(of: label) else { return nil }
    return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
}

/// What a `--stats` line says of the frames: how many were presented, and the refresh interval in seconds.
public func presentedFrames(in stats: String) throws -> (frames: Double, refresh: Double) {
    guard let frames = number(after: "frames presented ", in: stats), let refresh = number(after: "refresh ", in: stats), refresh > 0 else {
        throw TestFailure("no frames presented and refresh in the stats: \(stats)")
    }
    return (frames, refresh / 1000)
}

/// Writes `text` into the FIFO (or file) at `path` as a writer of its own: open, write, close.
public func writeAlone(_ text: String, to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(text.utf8))
}

/// A file made anew (empty) at `path` and open for writing: where a program's standard error goes.
public func logFile(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil),
          let handle = FileHandle(forWritingAtPath: path) else { throw TestFailure("cannot make \(path)") }
    return handle
}

/// Writes `text` as the whole of the file at `path`, made anew.
public func writeFile(_ text: String, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw TestFailure("cannot write \(path)")
    }
}

/// The shared libraries mapped into a running process, by file name.
public func mappedLibraries(_ process: Process) throws -> Set<String> {
    // Read by cat: a file of /proc says size 0, and Foundation's reading stops short.
    let maps = try runProgram(which("cat")!, ["/proc/\(process.processIdentifier)/maps"]).stdout
    return Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }.filter { $0.hasPrefix("/") }
        .map { String($0.split(separator: "/").last!) })
}

/// `environment` with the screen's words in English, as the in-process scenes a window is compared
/// with are (gettext's language variables out; the locale LC_ALL named kept in LANG, for fontconfig).
public func inEnglish(_ environment: [String: String]) -> [String: String] {
    var env = environment
    if let all = env.removeValue(forKey: "LC_ALL") { env["LANG"] = all }
    env.removeValue(forKey: "LANGUAGE")
    env["LC_MESSAGES"] = "C.UTF-8"
    return env
}

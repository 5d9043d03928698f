import Foundation
import RingsPNG
import Testing
import TestSupport
import RingsBase

/// Files written as a careful program writes them: any name, never through a link or onto a device,
/// nothing truncated or left behind on failure; and stderr that can never kill the process.
@Suite struct OutputFileTests {
    let scratch = ScratchDirectory("rings-files")

    /// A fresh, empty folder for one test (removed with the test's scratch folder).
    func folder(_ name: String) -> String {
        let path = scratch.path + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `rings ARGUMENTS` run by the shell in `directory`, after `prefix` (redirections, ulimit).
    func rings(_ arguments: [String], in directory: String, prefix: String = "") throws -> RunResult {
        try runProgram("/bin/sh", ["-c", "cd \"$0\" && \(prefix) exec \"$@\"", directory, ringsBinary] + arguments)
    }

    func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func oneLine(_ result: RunResult) -> Bool {
        result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("rings: error: ")
    }

    @Test func oneCharacterNamesAreWrittenByEveryCommand() throws {
        let dir = folder("short")
        for arguments in [["render", "--size", "64x64", "--out", "x"], ["presets", "--sheet", "s"],
                          ["quality", "--size", "48x48", "--diff", "d"], ["demo", "arc", "--size", "64x64", "--out", "a"]] {
            let result = try rings(arguments, in: dir)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let name = arguments.last!
            #expect((try? PNGFile.read(dir + "/" + name)) != nil, "\(arguments) wrote no PNG")
        }
        #expect(entries(dir) == ["a", "d", "s", "x"], "nothing else is left: \(entries(dir))")
    }

    @Test func whatIsNotANewNameOrARegularFileIsRefused() throws {
        let dir = folder("refused")
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        try Data("victim".utf8).write(to: URL(fileURLWithPath: dir + "/victim"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: dir + "/victim")
        #expect(mkfifo(dir + "/pipe", 0o644) == 0)
        let device = getuid() == 0 && mknod(dir + "/null", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0  // major 1, minor 3: /dev/null's device
        var cases: [(String, String)] = [
            ("-", "give a file name"), ("folder", "is a folder"), ("folder/", "names a folder"), ("sub/", "names a folder"),
            ("missing/a.png", "there is no folder missing"), ("link.png", "symbolic link"), ("pipe", "not a regular file"),
        ]
        if device { cases.append(("null", "not a regular file")) }
        let before = entries(dir)
        for (name, message) in cases {
            let result = try rings(["render", "--size", "32x32", "--out", name], in: dir)
            #expect(result.status == 1 && oneLine(result) && result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(!result.stderr.contains(".tmp"), "a name the user never gave: \(result.stderr)")
        }
        #expect(entries(dir) == before, "nothing added, nothing replaced")
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "victim", "nothing written through the link")
        var info = stat()
        #expect(!device || (stat(dir + "/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR), "the device node is still one")
    }

    /// Links planted where the old writer put its temporary file (`.NAME.PID.tmp`, for the next few
    /// hundred process ids) are neither followed nor removed: the temporary name is random and
    /// created exclusively.
    @Test func plantedTemporaryNamesAreNotFollowed() throws {
        let dir = folder("planted")
        try Data("victim".utf8).write(to: URL(fileURLWithPath: dir + "/victim"))
        let next = getpid()
        for pid in next..<(next + 400) {
            try FileManager.default.createSymbolicLink(atPath: "\(dir)/.a.png.\(pid).tmp", withDestinationPath: dir + "/victim")
        }
        let result = try rings(["render", "--size", "32x32", "--out", "a.png"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "victim")
        #expect((try? PNGFile.read(dir + "/a.png")) != nil)
        #expect(entries(dir).count == 402, "the planted links and the victim stay, one new file: \(entries(dir).count)")
    }

    /// A folder the user may not write to: one line, status 1, nothing written. Root may write
    /// anywhere, so as root the test runs rings as nobody.
    @Test func aReadOnlyFolderIsSaidInOneLine() throws {
        let dir = folder("readonly")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir) }
        let asNobody = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups" : ""
        let result = try runProgram("/bin/sh", ["-c", "cd \"$0\" && exec \(asNobody) \"$1\" render --size 32x32 --out a.png", dir, ringsBinary])
        #expect(result.status == 1 && oneLine(result) && result.stderr.contains("cannot write a.png: Permission denied"), "\(result.stderr)")
        #expect(entries(dir).isEmpty)
    }

    /// A full file system: a small tmpfs where one can be mounted (root), else a file-size limit.
    @Test func aFullDiskLeavesNoPartialFile() throws {
        let dir = folder("full"), small = dir + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mounted = getuid() == 0 && (try? runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=32k", "tmpfs", small]))?.status == 0
        defer { if mounted { _ = try? runProgram("/bin/umount", [small]) } }
        let prefix = mounted ? "" : "ulimit -f 8;"
        let render = try rings(["render", "--size", "900x900", "--out", "small/a.png"], in: dir, prefix: prefix)
        #expect(render.status == 1 && oneLine(render), "\(render.stderr)")
        #expect(render.stderr.contains("No space left") || render.stderr.contains("File too large"), "\(render.stderr)")
        let record = try rings(["record", "--size", "300x300", "--from", "0", "--progress", "1", "--duration", "2", "--out", "small/r"],
                               in: dir, prefix: prefix)
        #expect(record.status == 1 && oneLine(record), "\(record.stderr)")
        #expect(!record.stdout.contains("wrote"), "\(record.stdout)")
        #expect(entries(small).filter { $0 != "r" }.isEmpty && entries(small + "/r").isEmpty, "left behind: \(entries(small))")
    }

    /// A recording is whole or not there: a file system out of inodes is said before it fills (the
    /// regression: 1,998 frames written, then a failure that left them), and a recording stopped by
    /// SIGTERM removes the frames it wrote.
    @Test func anUnfinishedRecordingLeavesNoFrames() throws {
        let dir = folder("inodes"), small = dir + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        // The file system out of inodes: a tmpfs mounted in a user and mount namespace of the
        // recording's own (as root or not), and what is left in it counted there before it goes.
        let script = "cd \"$0\" && mount -t tmpfs -o size=64m,nr_inodes=40 tmpfs small || exit 97; \"$@\"; status=$?; "
            + "echo \"left: $(ls -A small/r 2> /dev/null | wc -l)\"; exit $status"
        let arguments = ["record", "--size", "48x48", "--from", "0", "--progress", "1", "--duration", "2", "--out", "small/r"]
        let record = try runProgram(which("unshare")!,
                                    ["--map-root-user", "--mount", "--", "/bin/sh", "-c", script, dir, ringsBinary] + arguments)
        #expect(record.status != 97, "cannot mount a small tmpfs in a namespace of its own: \(record.stderr)")
        #expect(record.status == 1 && oneLine(record) && record.stderr.contains("out of inodes"), "\(record.stderr)")
        #expect(record.stdout.hasSuffix("left: 0\n"), "left behind: \(record.stdout)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = ["record", "--size", "400x400", "--from", "0", "--progress", "1", "--duration", "60", "--out", dir + "/long"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        #expect(eventually(within: 20) { entries(dir + "/long").count >= 5 }, "frames are being written")
        let said = terminate(process, reading: errors)[0]
        #expect(process.terminationStatus == 1 && said.hasPrefix("rings: error: stopped by a signal; the ") && said.hasSuffix(" frames written were removed\n"), "\(said)")
        #expect(entries(dir + "/long").isEmpty, "left behind: \(entries(dir + "/long").count) files")
    }

    @Test func aRecordingNeverMixesWithAnOlderOne() throws {
        let dir = folder("record")
        func record(_ duration: String, _ extra: [String] = []) throws -> RunResult {
            try rings(["record", "--size", "48x48", "--from", "0", "--progress", "1", "--duration", duration, "--fps", "10", "--out", "frames"] + extra,
                      in: dir)
        }
        #expect(try record("1").status == 0)
        #expect(entries(dir + "/frames").count == 11)
        let again = try record("0.2")
        #expect(again.status == 1 && oneLine(again) && again.stderr.contains("--overwrite"), "\(again.stderr)")
        #expect(entries(dir + "/frames").count == 11, "the older recording is untouched")
        #expect(try record("0.2", ["--overwrite"]).status == 0)
        #expect(entries(dir + "/frames") == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
    }

    /// A small `ulimit -v` is said in one line: too small to start, or too small for the frame asked
    /// for (the regression: a Swift allocation failure and a crash; libdispatch waiting forever for a
    /// thread it could not make).
    @Test func aSmallAddressSpaceIsSaidInOneLine() throws {
        let dir = folder("address-space")
        let start = try rings(["render", "--size", "100x100", "--out", "a.png"], in: dir, prefix: "ulimit -v 300000;")
        #expect(start.status == 1 && oneLine(start) && start.stderr.contains("rings needs at least 512 MB"), "\(start.stderr)")
        let frame = try rings(["render", "--size", "8000x8000", "--out", "a.png"], in: dir, prefix: "ulimit -v 700000;")
        #expect(frame.status == 1 && oneLine(frame) && frame.stderr.contains("a 8000x8000 frame needs about 610 MB of memory"), "\(frame.stderr)")
        #expect(try rings(["render", "--size", "1000x1000", "--out", "a.png"], in: dir, prefix: "ulimit -v 700000;").status == 0)
        #expect(entries(dir) == ["a.png"])
    }

    /// An error said while stderr is closed, full, or a pipe nobody reads still ends with status 1.
    @Test(arguments: ["2>&-", "2>/dev/full"])
    func anErrorWithABrokenStderrStillExitsOne(redirection: String) throws {
        let result = try runProgram("/bin/sh", ["-c", "\"$0\" render --size 0x0 --out a.png \(redirection); echo $?", ringsBinary])
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(result.stdout) \(result.stderr)")
    }

    @Test func anErrorIntoAPipeNobodyReadsStillExitsOne() throws {
        let result = try runProgram("/bin/bash", ["-c", "\"$0\" render --size 0x0 --out a.png 2>&1 | true; echo ${PIPESTATUS[0]}", ringsBinary])
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(result.stdout) \(result.stderr)")
    }

    /// A kiosk whose log cannot be written keeps running (its feed's problems are dropped, not fatal):
    /// alive after its command has run, and said its bad line, five times.
    @Test(arguments: ["2>&-", "2>/dev/full"])
    func aKioskWithABrokenStderrKeepsRunning(redirection: String) throws {
        let runs = folder("broken-stderr-\(redirection.count)") + "/runs"
        let script = "SDL_VIDEODRIVER=dummy \"$0\" --exec 'echo run >> \(runs); echo not-a-value; exit 3' --every 100ms --size 64x64 \(redirection) & pid=$!; " +
            "i=0; while [ \"$(cat \(runs) 2>/dev/null | wc -l)\" -lt 5 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done; echo \"runs $(cat \(runs) | wc -l)\"; " +
            "if kill -0 $pid 2>/dev/null; then echo alive; kill -TERM $pid; wait $pid; echo \"status $?\"; else wait $pid; echo \"died $?\"; fi"
        let result = try runProgram("/bin/sh", ["-c", script, ringsBinary], timeout: 120)
        #expect(result.stdout.contains("runs 5") || result.stdout.contains("runs 6") || result.stdout.contains("runs 7"), "\(result.stdout)")
        #expect(result.stdout.contains("alive") && result.stdout.contains("status 0"), "\(result.stdout)")
    }

    /// A value with a control character is echoed escaped: it can neither split the message nor forge a line.
    @Test func messagesStayOnOneLine() throws {
        let dir = folder("escape")
        let result = try rings(["render", "--out", "a.png", "--theme", "x\nrings.toml:1: ok"], in: dir)
        #expect(result.status == 1 && oneLine(result) && result.stderr.contains("x\\nrings.toml:1: ok"), "\(result.stderr)")
        try Data("theme = \"flat\"\nsize = \"300x300\"\0\nbogus = 1\n".utf8).write(to: URL(fileURLWithPath: dir + "/nul.toml"))
        let check = try rings(["check-config", "nul.toml"], in: dir)
        #expect(check.status == 1 && check.stderr.contains("nul.toml:2: file: holds a NUL byte"), "\(check.stderr)")
    }
}

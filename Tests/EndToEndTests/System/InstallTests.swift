import Foundation
import RingsPNG
import RingsRaster
import TestSupport
import Testing

/// `rings` as installed, alone: the tree `make install DESTDIR=... PREFIX=/usr` writes, run with
/// the checkout, its `.build` and the Swift toolchain hidden (a mount namespace with empty file
/// systems over them), and the .deb as apt installs it. `make test` makes both before the tests.
@Suite(.serialized) struct InstallTests {
    let scratch = ScratchDirectory("install")

    /// The staged tree, copied out of the checkout (which is then hidden).
    func installedTree() throws -> String {
        guard let staged = Installed.stagedRoot else {
            throw TestFailure("no staged install in .build/installed: `make test` makes it (make install DESTDIR=$PWD/.build/installed PREFIX=/usr)")
        }
        let copy = scratch.path + "/root"
        // Copied by cp, not in this process: a descriptor open for writing here would be inherited by
        // a child another test forks meanwhile, and exec of the copy then fails "Text file busy".
        if !FileManager.default.fileExists(atPath: copy) {
            // Owned by whoever runs the tests, as a package's files are root's: a tree of the
            // checkout's user, run by root, would be one whose catalogues rings rightly leaves unread.
            let copied = try runProgram("/bin/cp", ["-R", "--preserve=mode,timestamps", staged, copy])
            guard copied.status == 0 else { throw TestFailure("cp -R \(staged): \(copied.stderr)") }
        }
        return copy
    }

    /// The same command's PNG from the installed binary (alone) and from the build, read back.
    func bothRender(_ installed: String, _ arguments: [String], name: String) throws -> (alone: Pixmap, built: Pixmap) {
        let alone = scratch.path + "/\(name)-alone.png", built = scratch.path + "/\(name)-built.png"
        let ran = try Installed.runAlone(installed, arguments + [alone])
        #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
        let reference = try runProgram(ringsBinary, arguments + [built])
        #expect(reference.status == 0, "\(reference.stderr)")
        return (try PNGFile.read(alone), try PNGFile.read(built))
    }

    @Test func theInstalledBinaryRendersEveryThemeAsTheBuildDoesWithNothingElseThere() throws {
        let binary = try installedTree() + "/usr/bin/rings"
        for theme in ["activity", "desktop", "flat", "gold", "soft", "tutorial"] {
            for chrome in ["none", "full"] {
                let (alone, built) = try bothRender(binary, ["render", "--theme", theme, "--size", "320x240", "--chrome", chrome, "--out"],
                                                    name: "\(theme)-\(chrome)")
                #expect(alone.width == 320 && differingPixels(alone, built) == 0, "\(theme), chrome \(chrome)")
            }
        }
    }

    /// No segment of the installed program is both writable and executable: the kiosk unit's
    /// MemoryDenyWriteExecute= would end it at once.
    @Test func noSegmentOfTheInstalledBinaryIsWritableAndExecutable() throws {
        let segments = try ProgramSegments(path: try installedTree() + "/usr/bin/rings")
        #expect(segments.loads.contains { $0.executable } && segments.writableAndExecutable.isEmpty,
                "\(segments.loads)")
    }

    @Test func theInstalledBinaryListsAndDrawsEveryPresetAndAnswersHelpAndVersion() throws {
        let binary = try installedTree() + "/usr/bin/rings"
        let listed = try Installed.runAlone(binary, ["presets"])
        let reference = try runProgram(ringsBinary, ["presets"])
        #expect(listed.status == 0 && listed.stdout == reference.stdout && listed.stdout.split(separator: "\n").count == 8, "\(listed.stdout)\(listed.stderr)")
        let (alone, built) = try bothRender(binary, ["presets", "--sheet"], name: "sheet")
        #expect(alone.width == built.width && alone.height == built.height && differingPixels(alone, built) == 0, "the contact sheet has every cell")
        let version = try Installed.runAlone(binary, ["--version"]), builtVersion = try runProgram(ringsBinary, ["--version"])
        #expect(version.status == 0 && version.stdout == builtVersion.stdout)
        let help = try Installed.runAlone(binary, ["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("render"))
    }

    /// The installed binary finds its catalogues under /usr/share/locale with the build tree out of
    /// reach: LANG=zh_CN.UTF-8 (no such locale generated here) draws the tasks board in Chinese,
    /// as the build does, and not in English. As root: a user hides the checkout in a user
    /// namespace, which shows root's folders as nobody's, and rings reads no catalogue from a folder
    /// that is neither root's nor the user's (Translations.folder).
    @Test(.needs(getuid() == 0, "hides the checkout in a mount namespace of root's: runs as root (CI does)"))
    func theInstalledBinarySpeaksTheUsersLanguageAlone() throws {
        let binary = try installedTree() + "/usr/bin/rings"
        #expect(FileManager.default.fileExists(atPath: try installedTree() + "/usr/share/locale/zh_CN/LC_MESSAGES/rings.mo"))
        var environment = inEnglish(ProcessInfo.processInfo.environment)
        environment["LC_MESSAGES"] = "zh_CN.UTF-8"
        let chinese = scratch.path + "/tasks-zh.png", english = scratch.path + "/tasks-en.png"
        let arguments = ["demo", "tasks", "--size", "220x410", "--out"]
        let ran = try Installed.runAlone(binary, arguments + [chinese], environment: environment)
        let plain = try Installed.runAlone(binary, arguments.dropLast() + ["--lang", "en", "--out", english], environment: environment)
        #expect(ran.status == 0 && plain.status == 0, "\(ran.stderr)\(plain.stderr)")
        // The build's words, as the checkout's user reads them: rings run by root reads no catalogue
        // of another user's folder (.build/share/locale, when make test runs as a user with sudo).
        let owned = scratch.path + "/owner"
        var owner = stat()
        #expect(stat(checkoutRoot, &owner) == 0 && mkdir(owned, 0o755) == 0)
        #expect(chown(owned, owner.st_uid, owner.st_gid) == 0)
        let built = owned + "/tasks-built.png"
        let asOwner = ["--reuid=\(owner.st_uid)", "--regid=\(owner.st_gid)", "--clear-groups", "--", ringsBinary]
        var home = inEnglish(ProcessInfo.processInfo.environment)
        for key in ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] { home[key] = owned }
        let render = try runProgram(which("setpriv")!, asOwner + arguments + [built, "--lang", "zh_CN"],
                                    environment: home)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(differingPixels(try PNGFile.read(chinese), try PNGFile.read(built)) == 0, "the installed catalogue's words are the build's")
        #expect(differingPixels(try PNGFile.read(chinese), try PNGFile.read(english)) > 500, "and they are not English")
    }

    /// Every other command, alone: the headless ones, and the live window's parts on SDL's dummy driver.
    @Test func everyCommandRunsAlone() throws {
        let binary = try installedTree() + "/usr/bin/rings"
        let config = scratch.path + "/alone.toml"
        try "theme = \"gold\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        var dummy = ProcessInfo.processInfo.environment
        dummy["SDL_VIDEODRIVER"] = "dummy"
        let commands: [[String]] = [
            ["quality", "--size", "160x120"],
            ["bench", "--size", "160x120", "--frames", "3"],
            ["record", "--size", "96x96", "--from", "0,0,0", "--progress", "1,1,1", "--duration", "0.25", "--fps", "8", "--out", scratch.path + "/frames"],
            ["demo", "tasks", "--out", scratch.path + "/tasks.png"],
            ["demo", "arc", "--progress", "0.7", "--out", scratch.path + "/arc.png"],
            ["check-config", config],
            ["icon", "--size", "32", "--out", scratch.path + "/icon.png"],
            ["bench", "--soak", "--frames", "60", "--size", "96x96"],
        ]
        for command in commands {
            let ran = try Installed.runAlone(binary, command, environment: dummy)
            #expect(ran.status == 0, "rings \(command.joined(separator: " ")): \(ran.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/frames").count == 3)
    }

    @Test func theMenuEntryAndMetainfoValidate() throws {
        let share = try installedTree() + "/usr/share"
        let desktop = try runProgram(which("desktop-file-validate")!, [share + "/applications/rings.desktop"])
        #expect(desktop.status == 0 && desktop.stdout.isEmpty && desktop.stderr.isEmpty, "\(desktop.stdout)\(desktop.stderr)")
        let entry = try String(contentsOfFile: share + "/applications/rings.desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=rings\n") && entry.contains("\nIcon=rings\n"))
        let meta = try runProgram(which("appstreamcli")!, ["validate", "--no-net", share + "/metainfo/rings.metainfo.xml"])
        let problems = meta.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        #expect(meta.status == 0 && problems.isEmpty, "no error and no warning: \(meta.stdout)")
        let metainfo = try String(contentsOfFile: share + "/metainfo/rings.metainfo.xml", encoding: .utf8)
        #expect(metainfo.contains("<project_license>Apache-2.0</project_license>") && metainfo.contains("<screenshot type=\"default\">"))
    }

    @Test func theIconsAreDrawnAtEverySize() throws {
        let icons = try installedTree() + "/usr/share/icons/hicolor"
        for size in [16, 24, 32, 48, 64, 128, 256, 512] {
            let icon = try PNGFile.read("\(icons)/\(size)x\(size)/apps/rings.png")
            #expect(icon.width == size && icon.height == size)
            #expect(icon[0, 0].a == 0 && icon[size - 1, size - 1].a == 0, "transparent corners at \(size)")
            #expect(icon[size / 2, size / 2] == .opaqueBlack, "the plate shows through the rings' hole at \(size)")
            // The outer ring at 12 o'clock is the activity theme's red.
            let top = icon[size / 2 + 1, Int(Double(size) * 0.13)]
            #expect(top.a == 255 && top.r > 180 && top.g < 60, "the outer ring at \(size): \(top)")
        }
    }

    @Test func everyManPageFormatsAndEveryCompletionLoadsInItsShell() throws {
        let share = try installedTree() + "/usr/share"
        let pages = try FileManager.default.contentsOfDirectory(atPath: share + "/man/man1").sorted()
        let commands = ["rings.1", "rings.window.1", "rings.render.1", "rings.record.1", "rings.bench.1", "rings.quality.1",
                        "rings.presets.1", "rings.check-config.1", "rings.icon.1", "rings.demo.1", "rings.demo.arc.1",
                        "rings.demo.tasks.1", "rings.demo.download.1"]
        #expect(Set(commands).isSubset(of: Set(pages)), "\(pages)")
        var env = ProcessInfo.processInfo.environment
        env["MANPAGER"] = "cat"
        env["MANWIDTH"] = "100"
        for page in pages {
            let shown = try runProgram(which("man")!, ["-l", share + "/man/man1/" + page], environment: env)
            #expect(shown.status == 0 && shown.stderr.isEmpty && shown.stdout.contains("NAME"), "\(page): \(shown.stderr)")
            if page == "rings.1" {
                // `man rings` is the whole synopsis: every subcommand, and the window's options.
                for word in ["window", "render", "record", "bench", "--kiosk", "--present", "--feed", "--mqtt"] {
                    #expect(shown.stdout.contains(word), "man rings names \(word)")
                }
            }
        }
        let bash = try runProgram(which("bash")!, ["-c", "source \(share)/bash-completion/completions/rings && complete -p rings"])
        #expect(bash.status == 0 && bash.stdout.contains("-F _rings rings"), "\(bash.stdout)\(bash.stderr)")
        let zsh = try runProgram(which("zsh")!, ["-fc", "fpath=(\(share)/zsh/vendor-completions $fpath); autoload -Uz compinit; compinit -u -d \(scratch.path)/zcompdump; print -r -- $_comps[rings]"])
        #expect(zsh.status == 0 && zsh.stdout == "_rings\n", "\(zsh.stdout)\(zsh.stderr)")
        let fish = try runProgram(which("fish")!, ["--no-config", "-c", "source \(share)/fish/vendor_completions.d/rings.fish; complete -c rings"])
        #expect(fish.status == 0 && fish.stdout.contains("-l theme"), "\(fish.stderr)")
    }

    @Test func theUnitStartsTheInstalledBinary() throws {
        let root = try installedTree()
        let unit = try String(contentsOfFile: root + "/usr/lib/systemd/system/rings-kiosk.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=/usr/bin/rings --kiosk --config /etc/rings/kiosk.toml\n"))
        #expect(!unit.contains("/usr/local"))
        #expect(FileManager.default.fileExists(atPath: root + "/usr/share/doc/rings/docs/service.md"))
        // Hardened like a system service: systemd's own measure of its exposure, at most 2.0 of 10
        // (8.5 before; the VM's systemd run proves the kiosk still works under it).
        let analysis = try runProgram(which("systemd-analyze")!, ["security", "--offline=true", root + "/usr/lib/systemd/system/rings-kiosk.service"])
        let level = analysis.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }
            .flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect(level.map { $0 <= 2.0 } == true, "\(analysis.stdout.suffix(2000))\(analysis.stderr)")
    }

    /// `make install` refuses a binary that needs the Swift toolchain's libraries (a plain `swift
    /// build`'s, as the tests' own is), and installs nothing.
    @Test func installRefusesABinaryThatNeedsTheToolchain() throws {
        let scratch = ScratchDirectory("install-dynamic"), root = scratch.path
        let result = try runProgram(which("make")!, ["-C", Installed.checkout, "--no-print-directory", "install", "BIN=\(ringsBinary)",
                                                     "DESTDIR=\(root)", "PREFIX=/usr"])
        #expect(result.status != 0 && result.stderr.contains("needs the Swift toolchain's libraries"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/usr/bin/rings"))
    }

    /// `make uninstall` removes everything `make install` put there (it builds nothing, so it runs
    /// here on a copy of the staged tree), and leaves what is not its own.
    @Test func uninstallRemovesWhatInstallPutThereAndNothingElse() throws {
        let root = try installedTree()
        let mine = root + "/usr/share/applications/someone-else.desktop"
        try "[Desktop Entry]\n".write(toFile: mine, atomically: true, encoding: .utf8)
        let result = try runProgram(which("make")!, ["-C", Installed.checkout, "--no-print-directory", "uninstall", "DESTDIR=\(root)", "PREFIX=/usr"])
        #expect(result.status == 0, "\(result.stderr)")
        let left = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        } ?? []
        #expect(left == ["usr/share/applications/someone-else.desktop"], "\(left)")
    }

    /// The package: lintian finds no error; its Depends name the libraries the binary links and
    /// what the window needs at run time; apt installs it; the installed `rings` renders with the
    /// checkout and the toolchain hidden; apt removes it (the unit masked) and purges it (unmasked).
    @Test(.needs(getuid() == 0, "installs a package on the machine: runs as root (CI does)"))
    func thePackageInstallsWithAptRunsAloneAndRemoves() throws {
        guard let package = Installed.package else { throw TestFailure("no rings_*.deb in the checkout: `make test` builds it (make deb)") }
        let lint = try runProgram(which("lintian")!, [package], timeout: 300)
        let errors = (lint.stdout + lint.stderr).split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "lintian: \(errors)")
        let depends = try runProgram(which("dpkg-deb")!, ["-f", package, "Depends"]).stdout
        for needed in ["libsdl2-2.0-0", "libpangoft2-1.0-0", "libpng16-16", "libfontconfig1", "libmosquitto1", "libsystemd0",
                       "fonts-dejavu-core", "libdecor-0-plugin-1-cairo"] {
            #expect(depends.contains(needed), "Depends: \(depends)")
        }
        #expect(!depends.contains("swift"), "Depends: \(depends)")
        let copyright = try runProgram(which("sh")!, ["-c", "dpkg-deb --fsys-tarfile \"$0\" | tar -xO ./usr/share/doc/rings/copyright", package])
        #expect(copyright.stdout.contains("\nLicense: Apache-2.0\n"), "the package is under the Apache License 2.0: \(copyright.stdout)")
        var env = ProcessInfo.processInfo.environment
        env["DEBIAN_FRONTEND"] = "noninteractive"
        let install = try runProgram(which("apt-get")!, ["install", "-y", "--no-install-recommends", package], environment: env, timeout: 300)
        #expect(install.status == 0, "\(install.stdout.suffix(600))\(install.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/etc/systemd/system/multi-user.target.wants/rings-kiosk.service"),
                "installing enables nothing: the admin enables the kiosk (docs/service.md)")
        // Purged, not only removed: a removed package leaves its unit masked on this machine (as
        // debhelper does), which the VM tests, sharing this /etc, would meet.
        defer { _ = try? runProgram(which("apt-get")!, ["purge", "-y", "rings"], environment: env, timeout: 300) }
        let (alone, built) = try bothRender("/usr/bin/rings", ["render", "--theme", "activity", "--size", "300x300", "--chrome", "full", "--out"],
                                            name: "deb")
        #expect(differingPixels(alone, built) == 0)
        let remove = try runProgram(which("apt-get")!, ["remove", "-y", "rings"], environment: env, timeout: 300)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/bin/rings"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/systemd/system/rings-kiosk.service")) == "/dev/null", "removed: masked")
        let purge = try runProgram(which("apt-get")!, ["purge", "-y", "rings"], environment: env, timeout: 300)
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/systemd/system/rings-kiosk.service")) == nil, "purged: unmasked")
    }
}

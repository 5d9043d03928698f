import Foundation
import RingsRaster
import Testing
import TestSupport

/// The presenters as a machine without a GPU meets them: the window surface loads no OpenGL, EGL,
/// Mesa driver or LLVM (libgbm is linked by SDL itself), and a vsync renderer that cannot be made
/// gives way to the surface with one line.
@Suite(.serialized) struct PresenterTests {
    static let ready = VirtualDisplay.missingTools.isEmpty
    let scratch = ScratchDirectory("presenter")

    @Test(.needs(ready, tools: VirtualDisplay.tools))
    func theSurfacePresenterLoadsNoGraphicsLibrary() throws {
        let window = try RunningWindow(["--present", "surface", "--size", "300x300", "--theme", "flat", "--chrome", "none",
                                        "--progress", "0.25,0.5,0.75"])
        #expect(try window.settles(to: try ringsRender("300x300", "0.25,0.5,0.75")) == 0)
        let libraries = try mappedLibraries(window.process)
        #expect(libraries.contains { $0.hasPrefix("libSDL2") }, "\(libraries)")
        let graphics = libraries.filter { name in ["libGL", "libEGL", "libLLVM", "libglapi", "_dri.so"].contains { name.contains($0) } }
        #expect(graphics.isEmpty, "no GL library where the presenter needs none: \(graphics.sorted())")
        _ = try window.quit()
    }

    /// `--present vsync` on X11 makes its window once: SDL's renderer made the window SDL had shown
    /// again as an OpenGL one, so a window showed and went before the one that stays, under another
    /// id (what a window manager's rule or a test found first). The root window's children are
    /// watched (xev, ready once it has seen a probe window of its own) as rings starts.
    @Test(.needs(ready && which("xev") != nil, tools: VirtualDisplay.tools + ["xev"]))
    func aVsyncWindowIsMadeOnce() throws {
        let display = try VirtualDisplay(width: 640, height: 480)
        let log = scratch.path + "/xev.log"
        func watch(_ arguments: [String], into file: String) throws -> Process {
            try display.start("xev", arguments, output: try logFile(file), errors: .nullDevice)
        }
        func created() -> [String] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.components(separatedBy: "CreateNotify event").dropFirst().map { String($0.prefix(200)) }
        }
        // Started from the tests' threads, xev has SIGTERM blocked: it is killed. A probe made before
        // the watcher listens goes unseen: another is made, each given a second.
        let root = try watch(["-root", "-event", "substructure"], into: log)
        defer { kill(root.processIdentifier, SIGKILL) }
        var seen = false
        for _ in 0..<30 where !seen {
            let probe = try watch([], into: scratch.path + "/probe.log")
            seen = eventually(within: 1) { !created().isEmpty }
            kill(probe.processIdentifier, SIGKILL)
            probe.waitUntilExit()
        }
        #expect(seen, "xev sees the windows made")
        let (rings, _) = try display.launchRings(["--present", "vsync", "--size", "300x300", "--theme", "flat",
                                                  "--chrome", "none"])
        defer { if rings.isRunning { rings.terminate() } }
        let windows = created().filter { $0.contains("width 300, height 300") }
        #expect(windows.count == 1, "\(windows)")
    }

    /// SDL_CreateRenderer made to fail (a preloaded stub, as where no renderer can start): `--present
    /// vsync` shows the window through the surface all the same, and says so once.
    @Test(.needs(ready && which("cc") != nil, tools: VirtualDisplay.tools + ["cc"]))
    func aVsyncPresenterThatCannotStartFallsBackToTheSurface() throws {
        let source = scratch.path + "/no-renderer.c", stub = scratch.path + "/no-renderer.so"
        try """
        #include <SDL2/SDL.h>
        SDL_Renderer *SDL_CreateRenderer(SDL_Window *window, int index, Uint32 flags) {
            (void)window; (void)index; (void)flags;
            SDL_SetError("no renderer here");
            return NULL;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let built = try runProgram(which("cc")!, ["-shared", "-fPIC", "-o", stub, source, "-lSDL2"])
        #expect(built.status == 0, "\(built.stderr)")
        let window = try RunningWindow(["--present", "vsync", "--stats", "--size", "300x300", "--theme", "flat", "--chrome", "none",
                                        "--progress", "0.25,0.5,0.75"], environment: ["LD_PRELOAD": stub])
        #expect(try window.settles(to: try ringsRender("300x300", "0.25,0.5,0.75")) == 0)
        let stats = try window.quit()
        #expect(window.process.terminationStatus == 0)
        #expect(stats.contains("presenter surface on x11"), "\(stats)")
        #expect(window.said == "rings: the vsync presenter could not start (cannot make a renderer for --present vsync: no renderer here); using the window surface\n",
                "\(window.said)")
    }
}

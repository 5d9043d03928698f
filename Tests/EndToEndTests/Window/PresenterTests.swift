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

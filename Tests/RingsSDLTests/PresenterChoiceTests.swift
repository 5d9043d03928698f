import RingsSDL
import Testing

/// Which presenter `--present auto` picks for a driver, whatever case SDL names it in (it says
/// `KMSDRM`: the console kiosk never got vsync while the comparison was with "kmsdrm").
@Suite struct PresenterChoiceTests {
    @Test(arguments: ["KMSDRM", "kmsdrm", "wayland", "Wayland"])
    func driversWithoutASoftwareSurfaceGetVsync(driver: String) {
        #expect(RingsWindow.resolve(.auto, driver: driver) == .vsync)
    }

    @Test func anExplicitChoiceWins() {
        #expect(RingsWindow.resolve(.surface, driver: "KMSDRM") == .surface)
        #expect(RingsWindow.resolve(.vsync, driver: "x11") == .vsync)
        #expect(RingsWindow.resolve(.auto, driver: "dummy") == .surface)
    }
}

import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import RingsSDL
import Shaders
import Testing
import TestSupport

/// The chrome's help and buttons: readable, padded, and acting on release.
extension ChromeLayoutTests {
    /// The demos' own help is readable in their 400x400 windows: 12 px text or more, inside the
    /// canvas (the regression: 8 px); the download demo's speaks of no buttons and no dragging.
    @Test func theDemosHelpIsReadable() throws {
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        let boards: [HelpPanel] = [ArcDemo().help, try TasksBoard(values: [0.3, 0.55, 0.8, 1], glyphs: glyphs).help, .download]
        for help in boards {
            let placed = help.centered(width: 400, height: 400, glyphs: glyphs)
            #expect(placed.size >= HelpPanel.readableSize, "\(help.title): \(placed.size) px")
            #expect(placed.frame.minX >= 0 && placed.frame.minY >= 0 && placed.frame.maxX <= 400 && placed.frame.maxY <= 400, "\(help.title): \(placed.frame)")
        }
        #expect(!HelpPanel.download.entries.contains { $0.keys.contains("Button") || $0.keys.contains("Drag") || $0.does.contains("drag") })
    }

    /// A button label has room either side: the widest title and half the button's height.
    @Test func buttonTitlesHavePadding() throws {
        let glyphs = try FontGlyphs(name: nil, for: .standard)
        for (width, height) in [(300, 300), (420, 420), (800, 800), (1920, 1080)] {
            let buttons = Chrome.buttons(width: width, height: height, glyphs: glyphs)
            #expect(buttons.count >= 3, "\(width)x\(height): \(buttons.count) buttons")
            for button in buttons {
                let text = glyphs.width(of: button.title, pixelHeight: Int(Double(button.frame.height) * 0.55))
                #expect(button.frame.width - text >= button.frame.height, "\(width)x\(height) \(button.title): \(text) px in \(button.frame.width)")
            }
        }
    }

    /// A button shows hover and pressed states and acts only when released over itself.
    @Test func buttonsHoverPressAndActOnRelease() throws {
        let theme = try ThemeLoader.load("activity")
        let screen = LiveScreen(options: .init(theme: theme, values: [0.2, 0.3, 0.4], spec: .tween(duration: 1, curve: .linear)),
                                glyphs: try FontGlyphs(name: nil, for: theme), problems: ProblemLog(now: { 0 }, write: { _ in }))
        func chrome() -> Chrome? {
            if case let .rings(scene, _) = screen.frame(width: 420, height: 420, at: 0) { return scene.chrome }
            return nil
        }
        let buttons = try #require(chrome().flatMap { $0.layout(width: 420, height: 420).buttons })
        let half = try #require(buttons.first { $0.title == "50%" }), index = try #require(buttons.firstIndex { $0.title == "50%" })
        let inside = Point(x: Double(half.frame.minX + 3), y: Double(half.frame.minY + 3)), outside = Point(x: 2, y: 410)
        _ = screen.handle(.motion(inside), width: 420, height: 420, at: 0)
        #expect(chrome()?.hoveredButton == index && chrome()?.pressedButton == nil)
        _ = screen.handle(.press(inside), width: 420, height: 420, at: 0)
        #expect(chrome()?.pressedButton == index)
        #expect(screen.model.targets == [0.2, 0.3, 0.4], "nothing happens on the press")
        _ = screen.handle(.motion(outside), width: 420, height: 420, at: 0)
        _ = screen.handle(.release(outside), width: 420, height: 420, at: 0)
        #expect(screen.model.targets == [0.2, 0.3, 0.4] && chrome()?.pressedButton == nil, "released elsewhere: nothing")
        _ = screen.handle(.press(inside), width: 420, height: 420, at: 0)
        _ = screen.handle(.release(inside), width: 420, height: 420, at: 0)
        #expect(screen.model.targets == [0.5, 0.5, 0.5], "released over it: it acts")
    }
}

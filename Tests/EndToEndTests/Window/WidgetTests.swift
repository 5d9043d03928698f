import Foundation
import RingsRaster
import RingsPNG
import Testing
import TestSupport

/// The desktop widget on a real X server with openbox: over a wallpaper with a compositing
/// manager (xcompmgr), and without one.
@Suite(.serialized) struct WidgetTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && which("xcompmgr") != nil && which("hsetroot") != nil
    static let values = "0.35,0.62,0.9", place = (x: 100, y: 120), side = 400

    /// A wallpaper whose every pixel differs from its neighbours', set with hsetroot (which names it
    /// on the root window, where a compositing manager looks for it).
    func wallpaper(on display: VirtualDisplay) throws -> Pixmap {
        let picture = Pixmap(width: 1280, height: 1024)
        for y in 0..<1024 { for x in 0..<1280 {
            picture[x, y] = PackedPixel(r: UInt8(x % 256), g: UInt8(y % 256), b: UInt8((x / 256 * 40 + y / 256 * 50) % 256), a: 255)
        } }
        let path = NSTemporaryDirectory() + "rings-wallpaper-\(getpid()).png"
        defer { unlink(path) }
        try PNGFile.write(picture, to: path)
        let set = try runProgram(which("hsetroot")!, ["-tile", path], environment: display.environment, timeout: 20)
        guard set.status == 0 else { throw TestFailure("hsetroot: \(set.stderr)") }
        return picture
    }

    /// Starts the widget with `arguments`; its window id and what it says on stderr.
    func launchWidget(_ display: VirtualDisplay, _ arguments: [String]) throws -> (process: Process, window: String, errors: Pipe) {
        let process = Process(), errors = Pipe()
        process.executableURL = URL(fileURLWithPath: ringsBinary)
        process.arguments = ["--widget", "--progress", Self.values, "--size", "\(Self.side)x\(Self.side)", "--state-file", "off",
                             "--widget-place", "\(Self.place.x),\(Self.place.y)"] + arguments
        process.environment = display.environment
        process.standardError = errors
        try process.run()
        return (process, display.window(), errors)
    }

    /// How many bits deep window `window` is (32: an ARGB visual).
    func depth(of window: String, on display: VirtualDisplay) throws -> Int {
        let info = try runProgram(which("xwininfo")!, ["-id", window], environment: display.environment).stdout
        return info.split(separator: "\n").first { $0.contains("Depth:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    /// `rings render` of the widget's frame, clear where it draws nothing.
    func rendered(transparent: Bool) throws -> Pixmap {
        let out = NSTemporaryDirectory() + "rings-widget-\(getpid()).png"
        defer { unlink(out) }
        let result = try runProgram(ringsBinary, ["render", "--theme", "desktop", "--size", "\(Self.side)x\(Self.side)", "--progress", Self.values,
                                                  "--chrome", "full", "--widget", "--out", out] + (transparent ? ["--transparent"] : []))
        guard result.status == 0 else { throw TestFailure("rings render: \(result.stderr)") }
        return try PNGFile.read(out)
    }

    /// How many pixels of `shot` at the widget's place are more than `levels` from `expected`.
    func farPixels(_ shot: Pixmap, _ expected: Pixmap, levels: Int = 1) -> Int {
        var far = 0
        for y in 0..<expected.height { for x in 0..<expected.width {
            let a = shot[Self.place.x + x, Self.place.y + y], b = expected[x, y]
            if abs(Int(a.r) - Int(b.r)) > levels || abs(Int(a.g) - Int(b.g)) > levels || abs(Int(a.b) - Int(b.b)) > levels { far += 1 }
        } }
        return far
    }

    /// With xcompmgr: the wallpaper shows wherever the widget draws nothing, and its rings, tracks
    /// and words are composited over it within a level of `rings render --widget --transparent` laid on the
    /// wallpaper; the window is of the desktop type, below, sticky, out of the taskbar and pager;
    /// the pointer over it is over what lies under it (click-through), unless --widget-clicks.
    @Test(.needs(ready, "needs the display tools, xcompmgr and hsetroot (make test installs them)"))
    func theWidgetIsTransparentOverTheWallpaper() throws {
        let display = try VirtualDisplay()
        let wall = try wallpaper(on: display)
        let compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: which("xcompmgr")!)
        compositor.environment = display.environment
        try compositor.run()
        defer { compositor.terminate() }
        // xcompmgr names its selection window before it takes the selection.
        #expect(eventually { ((try? display.xdotool(["search", "--name", "^xcompmgr$"]))?.stdout ?? "").isEmpty == false })
        let clear = try rendered(transparent: true)
        let expected = Pixmap(width: Self.side, height: Self.side)
        for y in 0..<Self.side { for x in 0..<Self.side {
            let p = clear[x, y], w = wall[Self.place.x + x, Self.place.y + y], keep = 255 - Int(p.a)
            func over(_ top: UInt8, _ under: UInt8) -> UInt8 { UInt8(min(255, Int(top) + (Int(under) * keep + 127) / 255)) }
            expected[x, y] = PackedPixel(r: over(p.r, w.r), g: over(p.g, w.g), b: over(p.b, w.b), a: 255)
        } }
        #expect((0..<Self.side).contains { y in (0..<Self.side).contains { clear[$0, y].a == 0 } }, "the widget leaves pixels clear")
        // xcompmgr takes the compositing selection just after naming its window: a widget that came
        // first chose an opaque window (24 bits deep) and is started again.
        var (process, window, errors) = try launchWidget(display, [])
        for _ in 0..<20 where try depth(of: window, on: display) != 32 {
            end(process)
            (process, window, errors) = try launchWidget(display, [])
        }
        let far = settled { farPixels((try? display.screenshot()) ?? wall, expected) }
        #expect(far == 0, "\(far) pixels of the widget more than a level from rings render over the wallpaper")
        let shot = try display.screenshot()
        #expect(differingPixels(shot.subview(IntRect(x: 600, y: 600, width: 300, height: 300)),
                                wall.subview(IntRect(x: 600, y: 600, width: 300, height: 300))) == 0, "the wallpaper elsewhere")
        let props = try runProgram(which("xprop")!, ["-id", window, "_NET_WM_WINDOW_TYPE", "_NET_WM_STATE", "_NET_WM_DESKTOP"],
                                   environment: display.environment).stdout
        // On every workspace: openbox says so by _NET_WM_DESKTOP alone (it keeps _NET_WM_STATE_STICKY,
        // a fixed place on a large virtual desktop, for window managers that have one).
        for wanted in ["_NET_WM_WINDOW_TYPE_DESKTOP", "_NET_WM_STATE_BELOW", "_NET_WM_STATE_SKIP_TASKBAR",
                       "_NET_WM_STATE_SKIP_PAGER", "_NET_WM_DESKTOP(CARDINAL) = 4294967295"] {
            #expect(props.contains(wanted), "\(wanted) in \(props)")
        }
        // The pointer over the rings' centre: the window under it is not the widget's.
        func windowUnderPointer() throws -> String {
            let out = try display.xdotool(["mousemove", "\(Self.place.x + Self.side / 2)", "\(Self.place.y + Self.side / 2)",
                                           "getmouselocation", "--shell"]).stdout
            return out.split(separator: "\n").first { $0.hasPrefix("WINDOW=") }.map { String($0.dropFirst(7)) } ?? ""
        }
        let under = try windowUnderPointer()
        #expect(under != window && !under.isEmpty, "clicks fall through the widget")
        end(process)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && said.isEmpty, "\(said)")
        (process, window, errors) = try launchWidget(display, ["--widget-clicks"])
        defer { process.terminate() }
        // Under the pointer now: the widget (or the frame openbox keeps it in), no longer what lies under it.
        #expect(eventually { ((try? windowUnderPointer()) ?? under) != under }, "with --widget-clicks the widget takes the pointer")
    }

    /// Without a compositing manager the widget is opaque in the theme's colour, and says so once.
    @Test(.needs(ready, "needs the display tools, xcompmgr and hsetroot (make test installs them)"))
    func withoutACompositorTheWidgetIsOpaqueAndSaysSo() throws {
        let display = try VirtualDisplay()
        _ = try wallpaper(on: display)
        let expected = try rendered(transparent: false)
        let (process, _, errors) = try launchWidget(display, [])
        let far = settled { farPixels((try? display.screenshot()) ?? expected, expected, levels: 0) }
        #expect(far == 0, "\(far) pixels differ from rings render on the theme's background")
        end(process)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.split(separator: "\n").count == 1 && said.contains("no compositing manager"), "\(said)")
    }

    /// What a widget cannot be, or where it cannot go, is refused in one line before any window opens.
    @Test(arguments: [(["--widget", "--kiosk"], "leave out --kiosk and --fullscreen"), (["--widget", "--fullscreen"], "leave out --kiosk"),
                      (["--widget", "--widget-place", "middle"], "--widget-place must be top-left"),
                      (["--widget", "--widget-margin", "5000"], "--widget-margin must be 0 to 4096")])
    func badWidgetOptionsGiveOneLine(arguments: [String], message: String) throws {
        let result = try runProgram(ringsBinary, arguments + ["--state-file", "off"], timeout: 20)
        #expect(result.status != 0 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

import Foundation
import RingsRaster
import Testing
import TestSupport

/// A portrait screen: `--rotate 90` on a 540x960 screen shows the 960x540 frame turned clockwise.
@Suite(.serialized) struct RotationTests {
    @Test(.needs(VirtualDisplay.missingTools.isEmpty, "needs the display tools (make test installs them)"),
          arguments: ["surface", "vsync"])
    func aQuarterTurnShowsTheRenderTurned(present: String) throws {
        let display = try VirtualDisplay(width: 540, height: 960)
        let (process, window) = try display.launchRings(["--kiosk", "--chrome", "none", "--rotate", "90", "--present", present, "--theme", "flat",
                                                         "--progress", "0.3,0.65,1.2", "--duration", "0.1", "--no-intro"])
        defer { if process.isRunning { process.terminate() } }
        let expected = try ringsRender("960x540", "0.3,0.65,1.2").turnedClockwise()
        #expect(try settled { differingPixels(try display.screenshot().subview(try display.clientArea(of: window)), expected) } == 0)
    }

    /// A quarter turn is clockwise (the frame's top-left corner lands top right, a 7x4 frame fills a
    /// 4x7 screen), a half turn upside down; and a point on the screen maps back to the frame's
    /// pixel it came from, through every turn.
    @Test func thePointerComesBackThroughTheSameTurn() {
        #expect(Rotation.quarter.frameSize(screen: 4, 7) == (7, 4) && Rotation.none.frameSize(screen: 4, 7) == (4, 7))
        let corner = IntRect(x: 0, y: 0, width: 1, height: 1)
        #expect(Rotation.quarter.screenRect(corner, frame: 7, 4) == IntRect(x: 3, y: 0, width: 1, height: 1))
        #expect(Rotation.half.screenRect(corner, frame: 7, 4) == IntRect(x: 6, y: 3, width: 1, height: 1))
        #expect(Rotation.threeQuarters.screenRect(corner, frame: 7, 4) == IntRect(x: 0, y: 6, width: 1, height: 1))
        let width = 7, height = 4
        for rotation in Rotation.allCases {
            let screen = rotation.frameSize(screen: width, height)  // a frame of 7x4 turns into this screen
            let frame = rotation.frameSize(screen: screen.width, screen.height)
            #expect(frame == (width, height))
            for y in 0..<height {
                for x in 0..<width {
                    let on = rotation.screenRect(IntRect(x: x, y: y, width: 1, height: 1), frame: width, height)
                    let back = rotation.framePoint(Point(x: Double(on.x) + 0.5, y: Double(on.y) + 0.5), screen: screen.width, screen.height)
                    #expect(Int(back.x) == x && Int(back.y) == y, "\(rotation) (\(x), \(y)) -> \(on) -> \(back)")
                }
            }
        }
    }
}

import Foundation
import RingsRaster
import TestSupport
import Testing

/// A touch screen in the VM: a finger made with uinput (Tests/VM/guest/touch/uinput-touch.c), as a
/// real panel reports it, on console kiosks with touch-controls.
extension VMTests {
    /// The rings' values in % from a logged state ("... "percent":[25,75.1,75]").
    func percents(_ line: String) -> [Double] {
        guard let list = line.components(separatedBy: "\"percent\":[").last?.split(separator: "]").first else { return [] }
        return list.split(separator: ",").compactMap { Double($0) }
    }

    /// Upright: a tap on the outer ring changes nothing, a drag along the middle ring from 3 to 9
    /// o'clock sets it to 75 %; a drag wakes a screen the broker turned off, and changes nothing. Turned
    /// by 90 (portrait) and 270 the screen is `rings render` of the turned frame to the pixel, and the
    /// same drag in the frame's terms sets the middle ring by 90; by 270 without touch-controls it
    /// changes nothing, while a tap after it still wakes the dark screen. Under Xorg, through libinput,
    /// a drag sets the ring too (SDL 2.26 gives X11's touches as fingers with its mouse emulation off).
    @Test func aTapSelectsADragSetsAndATapWakesInEveryTurn() throws {
        let vm = try VirtualMachine(mode: "touch", output: scratch.path + "/touch")
        #expect(vm.result.status == 0, "\(vm.result.stdout)\(vm.result.stderr)")
        let log = vm.log, line = log.line
        #expect(line("input:").contains("ID_INPUT_TOUCHSCREEN=1"), "udev takes the uinput device as a touch screen: \(log)")
        for name in ["R0", "R90", "R270", "X0"] {
            #expect(percents(line("\(name): before:")) == [25, 50, 75], "\(name): \(log)")
            #expect(endOnSIGTERM(vm, name).ended, "\(name): \(vm.text("\(name).out"))")
        }
        let dragged = percents(line("R0: after a tap on the outer ring and a drag on the middle one"))
        #expect(dragged.count == 3 && dragged[0] == 25 && abs(dragged[1] - 75) < 0.5 && dragged[2] == 75, "\(log)")
        #expect(log.seconds("R0: a drag wakes it") != nil && log.seconds("R0: off again after 5 s") != nil, "\(log)")
        #expect(percents(line("R0: woken:")) == dragged, "the drag that wakes the screen changes nothing: \(log)")
        // Each took SDL's fingers (not a mouse made of them): 3 touches upright, 1 under Xorg.
        // (--stats says it at the clean end; one that its deadline cut short may not have said it.)
        func touched(_ name: String, _ count: Int) -> Bool {
            !endOnSIGTERM(vm, name).clean || vm.text("\(name).out").contains("; touches \(count)")
        }
        #expect(touched("R0", 3) && touched("X0", 1), "\(vm.text("R0.out"))\(vm.text("X0.out"))")
        let turned = percents(line("R90: after the drag"))
        #expect(turned.count == 3 && turned[0] == 25 && abs(turned[1] - 75) < 0.5 && turned[2] == 75, "through the turn: \(log)")
        #expect(log.seconds("R270: a tap wakes it") != nil && log.seconds("R270: off again after 5 s") != nil
                && percents(line("R270: after the drag")) == [25, 50, 75],
                "without touch-controls the drag changes nothing: \(log)")
        let underX = percents(line("X0: after the drag"))
        #expect(underX.count == 3 && underX[0] == 25 && abs(underX[1] - 22.2) < 0.5 && underX[2] == 75,
                "under Xorg, X11's touch events set it from 260 to 80 degrees, through 6 o'clock: \(log)")

        let still = try render("0.25,0.5,0.75")
        #expect(differingPixels(try screen(vm, "R0"), still) == 0, "upright: rings render")
        let portrait = try ringsRender("800x1280", "0.25,0.5,0.75")
        #expect(differingPixels(try screen(vm, "R90"), portrait.turnedClockwise()) == 0, "turned by 90: the portrait frame, turned")
        let counterclockwise = portrait.turnedClockwise().turnedClockwise().turnedClockwise()
        #expect(differingPixels(try screen(vm, "R270"), counterclockwise) == 0, "turned by 270")
    }
}

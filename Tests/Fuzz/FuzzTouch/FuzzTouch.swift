import CSDL2
import FuzzSupport
import Rings
import RingsRaster
import RingsSDL

/// A steady stand-in for the system's randomness, so that a kept input runs the same each time.
struct Steps: RandomNumberGenerator {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

/// Fingers from any touch device, as SDL hands them over, through the live screen's pointer: on a
/// screen of a size and a turn from the first three bytes, with 1 to 6 rings (and the buttons, by
/// the fourth), eleven bytes a finger event (what it is, device, finger, x and y as raw floats; or
/// SDL losing a finger). Every point the screen gets is on it; a finger moves and lifts only after
/// it pressed; every ring stays a number in range, and changes only by a drag or a button the
/// finger lifted over.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    guard input.count >= 4 else { return 0 }
    let width = 16 + Int(input[0]) * 8, height = 16 + Int(input[1]) * 8
    let rotation = Rotation.allCases[Int(input[2]) % Rotation.allCases.count]
    let frame = rotation.frameSize(screen: width, height), count = 1 + Int(input[3]) % 6
    let buttons = input[3] & 0x80 != 0 ? Chrome.buttons(width: frame.width, height: frame.height) : []
    var controls = LiveControls(layout: RingLayout(width: frame.width, height: frame.height, count: count,
                                                   theme: .standard),
                                buttons: buttons, clockwise: input[2] & 0x10 == 0)
    let model = RingsModel(values: (0..<count).map { 0.3 * Double($0) }, random: Steps())
    var touch = TouchInput(), down: Set<[Int64]> = [], pressed = false
    touch.isDown = { device, id in down.contains([device, id]) }
    var at = 4
    while at + 11 <= input.count {
        let chunk = Array(input[at..<at + 11])
        at += 11
        let device: SDL_TouchID = [3, 4, -1][Int(chunk[1]) % 3], id = SDL_FingerID(chunk[2] % 4)
        guard chunk[0] % 4 != 3 else {
            down.remove([device, id])
            continue
        }
        var event = SDL_Event()
        event.type = [SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP][Int(chunk[0]) % 4].rawValue
        event.tfinger.touchId = device
        event.tfinger.fingerId = id
        event.tfinger.x = Float(bitPattern: chunk[3..<7].reduce(0) { $0 << 8 | UInt32($1) })
        event.tfinger.y = Float(bitPattern: chunk[7..<11].reduce(0) { $0 << 8 | UInt32($1) })
        if event.type == SDL_FINGERDOWN.rawValue { down.insert([device, id]) }
        if event.type == SDL_FINGERUP.rawValue { down.remove([device, id]) }
        guard let given = touch.input(for: event, width: width, height: height) else { continue }
        let mapped = given.mapped { rotation.framePoint($0, screen: width, height) }
        switch mapped {
        case let .press(p), let .motion(p), let .release(p):
            require(p.x.isFinite && p.y.isFinite && (0...Double(frame.width)).contains(p.x)
                    && (0...Double(frame.height)).contains(p.y), "\(mapped) off a \(frame) screen")
        default:
            require(false, "a finger made \(mapped)")
        }
        if case .press = mapped { pressed = true } else {
            require(pressed, "\(mapped) with no finger pressed")
        }
        if case .release = mapped { pressed = false }
        let before = model.targets
        guard let intent = controls.intent(for: mapped) else { continue }
        model.apply(intent, at: 0)
        require(model.targets.allSatisfy { $0.isFinite && (0...RingValues.maximumProgress).contains($0) },
                "rings \(model.targets) after \(intent)")
        let meant = buttons.contains { $0.intent == intent }
        switch intent {
        case .beginDrag, .drag: break
        default:
            require(model.targets == before || meant, "\(intent) from \(mapped) changed \(before) to \(model.targets)")
        }
    }
    return 0
}

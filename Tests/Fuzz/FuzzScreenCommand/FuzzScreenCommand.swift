import FuzzSupport
import Rings

/// A command for the screen (the broker's `STATUS-TOPIC/cmd`): every part in its range, or one
/// refusal in one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreenCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    switch ScreenCommand.parse(bytes(data, size)) {
    case let .success(command):
        require(command.brightness.map { (0...1).contains($0) } ?? true,
                "brightness \(String(describing: command.brightness))")
        require(command.identify.map { (0...ScreenCommand.longestIdentify).contains($0) } ?? true, "identify")
        require(command.transition.map { (0...3600).contains($0) } ?? true, "transition")
        require(command != ScreenCommand(), "a command taken asks for nothing")
    case let .failure(refusal):
        require(isOneLine(refusal.reason) && !refusal.kind.isEmpty, "the refusal: \(refusal.reason)")
    }
    return 0
}

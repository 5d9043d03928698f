import FoundationEssentials
import FuzzSupport
import Rings

/// The state file's text (the last values, read at start): a memory of the same rings with values
/// a ring takes and times a clock can have given, or nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let names = ["move", "exercise", "步数"], now = 1_800_000_000.0
    guard let memory = ValueMemory.decode(Data(bytes(data, size)), names: names, now: now) else { return 0 }
    require(memory.rings.map(\.name) == names, "another set of rings")
    for ring in memory.rings {
        require(ring.value.map { $0.isFinite && (0...RingValues.maximumProgress).contains($0) } ?? true, "value")
        require(ring.time.map { $0.isFinite && (0...now + 86_400).contains($0) } ?? true, "time")
    }
    return 0
}

import Foundation

/// The loadable segments of a 64-bit little-endian ELF program (its PT_LOAD program headers): what
/// the kernel and the loader map, and with which permissions. A segment both writable and
/// executable is refused by `MemoryDenyWriteExecute=` (the kiosk unit's) and is a hardening defect.
public struct ProgramSegments {
    /// One PT_LOAD entry's permissions.
    public struct Segment: CustomStringConvertible {
        public let readable: Bool, writable: Bool, executable: Bool
        public var description: String { (readable ? "R" : "-") + (writable ? "W" : "-") + (executable ? "E" : "-") }
    }

    /// The machine the program is for (e_machine: 62 x86-64, 183 AArch64).
    public let machine: Int
    public let loads: [Segment]

    /// The segments mapped both writable and executable.
    public var writableAndExecutable: [Segment] { loads.filter { $0.writable && $0.executable } }

    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 64, bytes[0..<4] == [0x7f, 0x45, 0x4c, 0x46], bytes[4] == 2, bytes[5] == 1 else {
            throw TestFailure("\(path) is not a 64-bit little-endian ELF program")
        }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        machine = integer(18, 2)
        let table = integer(32, 8), entrySize = integer(54, 2), count = integer(56, 2)
        guard entrySize >= 56, table + entrySize * count <= bytes.count else {
            throw TestFailure("\(path): its program header table is cut short")
        }
        loads = (0..<count).map { table + $0 * entrySize }.filter { integer($0, 4) == 1 }.map { entry in
            let flags = integer(entry + 4, 4)
            return Segment(readable: flags & 4 != 0, writable: flags & 2 != 0, executable: flags & 1 != 0)
        }
    }
}

import CProcess
import FoundationEssentials
import Glibc
import Rings

/// The address space the process may take (`ulimit -v`), seen to at start and asked before a big
/// frame: a Swift allocation that fails ends the process, and libdispatch waits forever for a
/// thread it cannot make, so both are refused in one line instead.
public enum AddressSpace {
    /// The least `ulimit -v` that `rings` starts with: its libraries, its threads' stacks and heaps.
    public static let least = 512 << 20

    /// Keeps glibc to two heaps (each thread's own heap reserves 64 MB of address space); returns
    /// the line to say and exit with when the limit is too low.
    public static func prepare() -> String? {
        _ = mallopt(M_ARENA_MAX, 2)
        guard let limit = limit, limit < least else { return nil }
        return "at most \(limit >> 20) MB of address space may be used (ulimit -v); rings needs at least \(least >> 20) MB"
    }

    /// Whether `bytes` more fit under the limit (always, without one).
    public static func hasRoom(for bytes: Int) -> Bool {
        guard let limit else { return true }
        return used + bytes <= limit
    }

    /// Gives the heap's free pages back to the system, which glibc keeps: called once motion has
    /// ended, so that what the frames' temporaries took is not kept resident while the screen is still.
    public static func giveBackFreeMemory() { _ = malloc_trim(0) }

    /// The limit in bytes, or nil when there is none.
    static var limit: Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// The address space in use now (/proc/self/statm's first field).
    static var used: Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return (fields.first.flatMap { Int($0) } ?? 0) * sysconf(Int32(_SC_PAGESIZE))
    }
}


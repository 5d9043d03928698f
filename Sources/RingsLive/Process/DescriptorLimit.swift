import Rings
import Dispatch
import FoundationEssentials
import Glibc

/// The open-file limit (`ulimit -n`), seen to at start: raised towards the hard limit, refused in one
/// line when too low to run, and the descriptors libdispatch needs for its threads taken at once
/// (it traps when it cannot get them later, in the middle of a frame).
public enum DescriptorLimit {
    /// The fewest open files `rings` starts with: the standard three, the display's connection,
    /// fonts, dispatch's event loop, a feed, a broker, the config watcher.
    public static let least = 24

    /// Readies the limit; returns the line to say and exit with when it is too low.
    public static func prepare() -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        // No higher than 1024: libraries that use select() cannot take a descriptor above it.
        if limit.rlim_cur < 1024 && limit.rlim_max > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1024)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur >= rlim_t(least) else {
            return "at most \(limit.rlim_cur) files may be open (ulimit -n); rings needs at least \(least)"
        }
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { started.signal() }
        started.wait()
        return nil
    }
}

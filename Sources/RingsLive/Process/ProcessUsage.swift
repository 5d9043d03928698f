import FoundationEssentials
import Glibc

/// What the process has used so far, for `--stats`.
public enum ProcessUsage {
    /// User plus system CPU seconds of this process so far.
    public static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

import RingsBase
import Rings
import FoundationEssentials
import Glibc

/// Lines for the person running `rings`, on stderr: one line each (control characters in echoed
/// values are escaped, so no value can break a message in two or forge another), and a write that
/// fails (stderr closed, its disk full, its reader gone) is dropped, never a crash.
public enum StandardError {
    /// Writes `line` and a newline.
    public static func say(_ line: String) {
        var bytes = Array(line.oneLine.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    /// Makes stderr safe to write for the life of the process: a reader that went away is an error
    /// on the write (not SIGPIPE), a file grown past its size limit too (not SIGXFSZ), and standard
    /// input, output and error are open (on /dev/null when they were closed), so that no file opened
    /// later (the X connection, a PNG) takes their number and receives what was meant for them.
    public static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != fd { dup2(null, fd); close(null) }
        }
    }
}

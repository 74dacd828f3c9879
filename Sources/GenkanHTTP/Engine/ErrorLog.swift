#if canImport(Glibc)
import Glibc
#endif

/// Operator messages (store failures, mail deliveries, security events, start-up), one line each
/// on standard error, with the time in UTC as the access log writes it, so the two can be read
/// side by side. Each line is one `write(2)`, so no line is lost or mixed with another.
public struct ErrorLog: Sendable {
    private let sink: @Sendable (String) -> Void
    /// What each line names as its writer (`genkan: …`).
    private let program: String

    /// Standard error.
    public init(program: String = "genkan") {
        self.program = program
        sink = { line in
            var line = line
            line.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }

    /// Every line (with its time and newline) to `sink` instead: tests read what was logged.
    public init(program: String = "genkan", sink: @escaping @Sendable (String) -> Void) {
        self.program = program
        self.sink = sink
    }

    public func write(_ message: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let stamp = AccessLog.dateTime(now.tv_sec) + "." + String(now.tv_nsec / 1_000_000).leftPadded(to: 3) + "Z"
        sink(stamp + " " + program + ": " + message + "\n")
    }
}

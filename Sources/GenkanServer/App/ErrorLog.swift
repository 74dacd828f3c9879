import Foundation

/// Operator messages (store failures, mail deliveries, security events, start-up), one line each
/// on standard error, with the time in UTC as the access log writes it, so the two can be read
/// side by side. Each line is one `write(2)`, so no line is lost or mixed with another.
public struct ErrorLog: Sendable {
    private let sink: @Sendable (String) -> Void

    /// Standard error.
    public init() {
        sink = { line in FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Every line (with its time and newline) to `sink` instead: tests read what was logged.
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    public func write(_ message: String) {
        let now = Date()
        let seconds = Int(now.timeIntervalSince1970)
        let milliseconds = Int((now.timeIntervalSince1970 - Double(seconds)) * 1000)
        let stamp = AccessLog.dateTime(seconds) + "." + String(milliseconds).leftPadded(to: 3) + "Z"
        sink(stamp + " genkan: " + message + "\n")
    }
}

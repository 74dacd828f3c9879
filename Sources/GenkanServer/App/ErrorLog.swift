import Foundation

/// Operator messages (store failures, mail deliveries, start-up), one line each on standard error,
/// with the time in UTC as the access log writes it, so the two can be read side by side.
public struct ErrorLog: Sendable {
    public init() {}

    public func write(_ message: String) {
        let now = Date()
        let seconds = Int(now.timeIntervalSince1970)
        let milliseconds = Int((now.timeIntervalSince1970 - Double(seconds)) * 1000)
        let stamp = AccessLog.dateTime(seconds) + "." + String(milliseconds).leftPadded(to: 3) + "Z"
        FileHandle.standardError.write(Data((stamp + " genkan: " + message + "\n").utf8))
    }
}

import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One loop's clock for the access log: the date and time to the second formatted once a second,
/// the milliseconds appended to it for each line.
final class SecondClock: Sendable {
    /// The second last formatted and its text (`AccessLog.dateTime`), as bytes.
    private let second = Mutex<(seconds: Int, text: [UInt8])>((-1, []))

    /// RFC 3339 UTC time with milliseconds.
    func timestamp() -> String {
        String(capacity: 32) { appendTimestamp(to: &$0) }
    }

    func appendTimestamp(to line: inout ByteWriter) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        second.withLock { cached in
            if cached.seconds != now.tv_sec { cached = (now.tv_sec, Array(AccessLog.dateTime(now.tv_sec).utf8)) }
            cached.text.withUnsafeBufferPointer { line.append($0) }
        }
        line.append(byte: UInt8(ascii: "."))
        line.append(number: now.tv_nsec / 1_000_000, width: 3)
        line.append(byte: UInt8(ascii: "Z"))
    }
}

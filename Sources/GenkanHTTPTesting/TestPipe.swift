import GenkanThreads

#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose read end the test polls with a time limit, so that missing output fails fast.
public final class TestPipe {
    public let readEnd: Int32
    public let writeEnd: Int32

    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw PipeError(errno: errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Everything written until `count` newlines have arrived or `limit` has passed.
    public func read(untilLines count: Int, within limit: Duration) -> String {
        let deadline = Deadline.after(limit)
        var bytes: [UInt8] = []
        while bytes.count(where: { $0 == UInt8(ascii: "\n") }) < count {
            let remaining = deadline.nanoseconds - Deadline.now.nanoseconds
            guard remaining > 0 else { break }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, remaining / 1_000_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            bytes += chunk[..<got]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public struct PipeError: Error {
        public let errno: Int32
    }
}

import GenkanHTTP

#if canImport(Glibc)
import Glibc
#endif

/// A TCP client that sends exactly the bytes a test gives — malformed, oversized, slow or cut
/// short — and reads what the server answers.
public final class RawClient {
    public let descriptor: Int32
    /// Bytes received and not yet returned by a read.
    private var buffered: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, from `source` (any 127.0.0.0/8 address: a test's way of being
    /// another client), with a receive buffer of `receiveBuffer` bytes when given (set before
    /// connecting, so the window stays that small).
    public init(port: UInt16, from source: String? = nil, receiveBuffer: Int? = nil, timeout: Int = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let receiveBuffer {
            var size = Int32(receiveBuffer)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let failure = errno
                Glibc.close(descriptor)
                throw SocketError(call: "bind", errno: failure)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw SocketError(call: "connect", errno: failure)
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Sends each `send` in its own segment (no Nagle coalescing).
    public func noDelay() {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// The errno of the last failed receive (ECONNRESET when the server reset the connection).
    public private(set) var lastError: Int32 = 0

    /// Receives more bytes into the buffer; false at the end of the stream, on an error or a timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count < 0 { lastError = errno }
        guard count > 0 else { return false }
        buffered += chunk[0..<count]
        return true
    }

    /// Everything the server sends until it closes the connection (or the timeout passes).
    public func readAll() -> String {
        while fill() {}
        defer { buffered.removeAll() }
        return String(decoding: buffered, as: UTF8.self)
    }

    /// Bytes up to and including `terminator`, or nil if the stream ends first.
    public func read(through terminator: [UInt8]) -> [UInt8]? {
        var searchFrom = 0
        while true {
            let found: Int? = buffered.withUnsafeBytes { bytes in
                terminator.withUnsafeBytes { needle -> Int? in
                    var start = searchFrom
                    while start + needle.count <= bytes.count {
                        // memchr finds candidates fast (an interim response padded by megabytes).
                        guard let hit = memchr(bytes.baseAddress! + start, Int32(needle[0]), bytes.count - start) else { return nil }
                        start = UnsafeRawPointer(hit) - bytes.baseAddress!
                        guard start + needle.count <= bytes.count else { return nil }
                        if memcmp(bytes.baseAddress! + start, needle.baseAddress!, needle.count) == 0 { return start }
                        start += 1
                    }
                    return nil
                }
            }
            if let found {
                let end = found + terminator.count
                let result = Array(buffered[..<end])
                buffered.removeFirst(end)
                return result
            }
            searchFrom = max(0, buffered.count - terminator.count + 1)
            guard fill() else { return nil }
        }
    }

    /// One response: reads the head, then Content-Length bytes of body.
    public func readResponse() -> (status: Int, head: String, body: String)? {
        guard let headBytes = read(through: [13, 10, 13, 10]) else { return nil }
        let head = String(decoding: headBytes, as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(String(line.split(separator: ":")[1]).trimmingASCIIWhitespace()) ?? 0
        }
        while buffered.count < length, fill() {}
        let body = Array(buffered.prefix(length))
        buffered.removeFirst(body.count)
        return (status, head, String(decoding: body, as: UTF8.self))
    }

    /// The status code of the first response in `text`.
    public static func status(of text: String) -> Int {
        Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// A socket call that failed, with its `errno`.
public struct SocketError: Error, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public var description: String { "\(call): errno \(errno)" }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP client that sends exactly the bytes a test gives — malformed, oversized, slow or cut
/// short — and reads what the server answers.
final class RawClient {
    let descriptor: Int32

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Sends each `send` in its own segment (no Nagle coalescing).
    func noDelay() {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Everything the server sends until it closes the connection (or 10 s pass).
    func readAll() -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One response: reads the head, then Content-Length bytes of body.
    func readResponse() -> (status: Int, head: String, body: String)? {
        var data = [UInt8]()
        var byte: UInt8 = 0
        while !(data.count >= 4 && data.suffix(4) == [13, 10, 13, 10]) {
            guard recv(descriptor, &byte, 1, 0) == 1 else { return nil }
            data.append(byte)
        }
        let head = String(decoding: data, as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
        var body = [UInt8](repeating: 0, count: length)
        var received = 0
        while received < length {
            let count = body.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + received, length - received, 0) }
            if count <= 0 { break }
            received += count
        }
        return (status, head, String(decoding: body, as: UTF8.self))
    }

    /// The status code of the first response in `text`.
    static func status(of text: String) -> Int {
        Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

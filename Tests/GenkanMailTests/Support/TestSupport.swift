import Foundation
import GenkanMail
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Paths the tests need: the package root, its `.venv` Python, the scripts beside this file.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `.venv/bin/python`, which `scripts/install-deps.sh test` prepares with aiosmtpd.
    static func python(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let python = packageRoot.appending(path: ".venv/bin/python")
        try #require(
            FileManager.default.isExecutableFile(atPath: python.path),
            "needs .venv with aiosmtpd: run scripts/install-deps.sh test (make test does)",
            sourceLocation: sourceLocation)
        return python
    }

    /// A new empty directory under the system's temporary directory.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "genkan-mail-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A loopback TCP port nothing listens on at the moment of the call (bound to port 0, then closed).
func freeLoopbackPort() throws -> UInt16 {
    let listener = try LoopbackListener()
    return listener.port
}

/// A loopback socket that listens and never accepts: connections complete in the kernel and then
/// hear nothing, like a mail server that hangs.
final class LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` (a generous bound
/// for things that happen on other threads and processes; never a measure of speed).
func eventually(
    timeout: Duration = .seconds(30), _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    throw CancellationError()
}

/// Expects `body` to throw a `MailError` with `code`, and returns it.
@discardableResult
func expectMailError(
    _ code: MailError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> MailError? {
    let error = #expect(throws: MailError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, "\(error.map(String.init(describing:)) ?? "no error")", sourceLocation: sourceLocation)
    return error
}

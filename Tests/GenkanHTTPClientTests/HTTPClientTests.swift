import Foundation
import GenkanHTTPClient
import Testing

/// `Support/http_server.py` as a subprocess: HTTP, or HTTPS with a certificate made for the run.
final class TestHTTPServer: @unchecked Sendable {
    let process = Process()
    let input = Pipe()
    let port: Int
    let directory: URL

    init(tls: Bool) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appending(path: ".venv/bin/python")
        try #require(FileManager.default.isExecutableFile(atPath: python.path), "needs .venv: run scripts/install-deps.sh test")
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "genkan-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = python
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Support/http_server.py").path]
            + (tls ? ["--tls", directory.path] : [])
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        port = try #require(text.hasPrefix("READY ") ? Int(text.dropFirst(6)) : nil, "the server said \(text)")
    }

    var caFile: String { directory.appending(path: "cert.pem").path }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite(.serialized) struct HTTPClientTests {
    @Test func httpsVerifiesTheCertificateAgainstTheCAFile() throws {
        let server = try TestHTTPServer(tls: true)
        var client = HTTPClient()
        client.caFile = server.caFile
        let response = try client.send(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/small"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.freshnessLifetime == 580)
        // The same server without its authority: refused, nothing read.
        #expect(throws: HTTPClientError.self) { try HTTPClient().send(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/small")) }
        do {
            _ = try HTTPClient().send(HTTPClientRequest(url: "https://localhost:\(server.port)/small"))
        } catch {
            #expect(error.code == .certificateRejected)
        }
    }

    @Test func aBodyOverTheLimitIsRefused() throws {
        let server = try TestHTTPServer(tls: false)
        var client = HTTPClient()
        client.maximumResponseBytes = 64 * 1024
        #expect {
            try client.send(HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/big"))
        } throws: { ($0 as? HTTPClientError)?.code == .responseTooLarge }
        client.maximumResponseBytes = 512 * 1024
        #expect(try client.send(HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/big")).body.count == 300 * 1024)
    }

    @Test func aServerThatDoesNotAnswerTimesOut() throws {
        let server = try TestHTTPServer(tls: false)
        var client = HTTPClient()
        client.timeout = .milliseconds(800)
        let started = ContinuousClock.now
        #expect {
            try client.send(HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/slow"))
        } throws: { ($0 as? HTTPClientError)?.code == .timeout }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func aFormPostIsEncodedAndCarriesItsHeaders() throws {
        let server = try TestHTTPServer(tls: false)
        let request = HTTPClientRequest(
            url: "http://127.0.0.1:\(server.port)/echo", method: .postForm([("code", "a b&c=d"), ("name", "太郎")]),
            headers: [("Authorization", "Basic eDp5")])
        let echoed = try JSONSerialization.jsonObject(with: Data(HTTPClient().send(request).body)) as? [String: Any]
        #expect(echoed?["method"] as? String == "POST")
        #expect(echoed?["contentType"] as? String == "application/x-www-form-urlencoded")
        #expect(echoed?["authorization"] as? String == "Basic eDp5")
        #expect(echoed?["body"] as? String == "code=a%20b%26c%3Dd&name=%E5%A4%AA%E9%83%8E")
        #expect(echoed?["expect"] == nil || echoed?["expect"] is NSNull)
    }

    @Test func plainHTTPOnlyToLoopbackAndNothingUnreachableHangs() throws {
        #expect {
            try HTTPClient().send(HTTPClientRequest(url: "http://example.com/"))
        } throws: { ($0 as? HTTPClientError)?.code == .invalidURL }
        #expect {
            try HTTPClient().send(HTTPClientRequest(url: "http://127.0.0.1:9/"))
        } throws: { ($0 as? HTTPClientError)?.code == .connectionFailed }
        #expect {
            try HTTPClient().send(HTTPClientRequest(url: "https://127.0.0.1/x", headers: [("X-Evil", "a\r\nInjected: 1")]))
        } throws: { ($0 as? HTTPClientError)?.code == .invalidURL }
    }
}

import Foundation
import GenkanLocalization
import GenkanServer
import GenkanValidation
import Testing
@testable import GenkanHTTP
import GenkanHTTPTesting

/// What only the engine can show: limits and timeouts on real connections, the access log as
/// written, and a whole sign-up, sign-in and sign-out over a socket.
@Suite(.serialized) struct SiteSocketTests {
    let model = AuthErrorModel()

    @Test func oversizedAndMalformedRequestsGetLocalizedErrorPages() async throws {
        let fixture = try SiteFixture()
        let big = try RawClient(port: fixture.port)
        big.send("POST /signin HTTP/1.1\r\nHost: x\r\nAccept-Language: ja\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 70000\r\n\r\n")
        big.send([UInt8](repeating: 0x61, count: 70000))
        let tooLarge = big.readAll()
        #expect(RawClient.status(of: tooLarge) == 413)
        #expect(tooLarge.contains(model.text("ui.error.413.title", locale: "ja")))
        #expect(tooLarge.contains("Content-Security-Policy: "))
        let head = try RawClient(port: fixture.port)
        head.send("GET /signin HTTP/1.1\r\nHost: x\r\nCookie: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        let tooBig = head.readAll()
        #expect(RawClient.status(of: tooBig) == 431 && tooBig.contains("<html lang=\"en\""))
        let garbage = try RawClient(port: fixture.port)
        garbage.send("\u{1}\u{2}\u{3} nonsense\r\n\r\n")
        #expect(RawClient.status(of: garbage.readAll()) == 400)
        let invalid = fixture.client(language: "en")
        let token = try await invalid.get("/signin").csrf ?? ""
        var body = Data("csrf=\(token)&email=".utf8)
        body.append(contentsOf: [0xff, 0xfe])
        body.append(Data("&password=x".utf8))
        let encoding = try await invalid.send("POST", "/signin", body: body)
        #expect(encoding.status == 422)
        #expect(encoding.body.contains(escaped(model.message(for: ValidationIssue(.formInvalidEncoding), locale: "en"))))
    }

    @Test func aSlowClientGetsA408() async throws {
        let fixture = try SiteFixture { _, server in server.headTimeout = .milliseconds(300) }
        let slow = try RawClient(port: fixture.port)
        slow.send("GET /signin HTTP/1.1\r\nHost: x\r\n")
        let answer = slow.readAll()
        #expect(RawClient.status(of: answer) == 408 && answer.contains("<!doctype html>"))
    }

    @Test func theAccessLogHasOneLinePerRequestAndNoSecrets() async throws {
        let pipe = Pipe()
        let fixture = try SiteFixture(logTo: pipe.fileHandleForWriting.fileDescriptor)
        let client = fixture.client()
        _ = try await client.submit("/signup", taro)
        _ = try await client.get("/account?lang=ja")
        let session = try #require(client.cookies["genkan_session"])
        let pre = try #require(client.cookies["genkan_pre"])
        fixture.site.stop()
        fixture.log?.close()
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3, "\(text)")
        #expect(lines.contains { $0.contains(" 127.0.0.1 POST /signup 303 ") })
        #expect(lines.contains { $0.hasSuffix("ms") && $0.contains(" 127.0.0.1 GET /account 200 ") })
        for secret in ["correct", "horse", "taro", "example.com", session, pre, "lang=ja", "csrf"] {
            #expect(!text.contains(secret), "\(secret) in the access log")
        }
    }

    @Test func headGetsTheHeadersOfGetWithoutTheBody() throws {
        let fixture = try SiteFixture()
        let get = try RawClient(port: fixture.port)
        get.send("GET /signin HTTP/1.1\r\nHost: x\r\nAccept-Language: ja\r\nCookie: genkan_pre=\(String(repeating: "a", count: 43))\r\n\r\n")
        let full = try #require(get.readResponse())
        let head = try RawClient(port: fixture.port)
        head.send("HEAD /signin HTTP/1.1\r\nHost: x\r\nAccept-Language: ja\r\nConnection: close\r\n\r\n")
        let answer = head.readAll()
        #expect(RawClient.status(of: answer) == 200)
        #expect(answer.hasSuffix("\r\n\r\n"), "a HEAD response has no body")
        let length = { (text: String) in text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") } }
        #expect(length(answer) != nil && length(answer) == length(full.head))
        #expect(answer.contains("Content-Security-Policy: "))
    }

    @Test func signUpSignOutAndSignInOverASocket() async throws {
        let fixture = try SiteFixture()
        let client = fixture.client(language: "ja")
        let created = try await client.submit("/signup", taro)
        #expect(created.status == 303 && created.header("Location") == "/account")
        let account = try await client.get("/account")
        #expect(account.status == 200 && account.body.contains("taro@example.com"))
        let out = try await client.post("/signout", [("csrf", account.csrf ?? "")])
        #expect(out.status == 303 && out.header("Location") == "/signin")
        let signedIn = try await client.submit("/signin", [("email", "taro@example.com"), ("password", "correct horse battery")])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/account")
        #expect(try await client.get("/account").status == 200)
    }
}

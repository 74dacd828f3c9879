import Foundation
import Testing
@testable import GenkanMail

/// SMTPTransport against a real SMTP server (aiosmtpd, `Support/smtp_server.py`).
@Suite(.timeLimit(.minutes(2))) struct SMTPTransportTests {
    static let password = "s3cret p@ss:word/äö"

    static func message(to recipients: [String] = ["taro@example.com"]) throws -> MailMessage {
        try MailMessage(
            from: MailAddress("noreply@genkan.example", displayName: "玄関"),
            to: recipients.map { try MailAddress($0, displayName: "山田 太郎") },
            subject: "パスワードの再設定 🔑", text: "次のリンクを開いてください。\nhttps://genkan.example/reset?code=abc\n",
            html: "<p>次のリンク</p>")
    }

    /// The received bytes are the sent bytes, and Python reads them as the same mail.
    static func expectSameMail(_ received: SMTPTestServer.Received, _ message: MailMessage) throws {
        #expect(received.bytes == message.bytes)
        let parsed = try #require(try ParsedMail.parse(paths: [received.path]).first)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.subject == message.subject)
        #expect(parsed.from.first?.name == "玄関")
        #expect(parsed.text?.withLF == "次のリンクを開いてください。\nhttps://genkan.example/reset?code=abc\n")
        #expect(parsed.html?.withLF == "<p>次のリンク</p>")
    }

    @Test func deliversTheMessageAsSent() throws {
        let server = try SMTPTestServer()
        let transport = try SMTPTransport(url: server.url())
        #expect(transport.security == .startTLSWhenOffered)
        let message = try Self.message(to: ["taro@example.com", "hanako@example.org"])
        let delivery = try transport.send(message)
        #expect(delivery.location == "smtp://127.0.0.1:\(server.port)")
        let received = try server.waitForMessages(1)
        #expect(received.count == 1)
        #expect(received[0].envelope.mail_from == "noreply@genkan.example")
        #expect(received[0].envelope.rcpt_tos == ["taro@example.com", "hanako@example.org"])
        #expect(received[0].envelope.tls == false)
        try Self.expectSameMail(received[0], message)
    }

    @Test func theURLPathNamesTheClientInEHLO() throws {
        let server = try SMTPTestServer()
        _ = try SMTPTransport(url: server.url() + "/client.genkan.example").send(Self.message())
        #expect(try server.waitForMessages(1).first?.envelope.ehlo == "client.genkan.example")
    }

    @Test(arguments: ["PLAIN", "LOGIN"])
    func authenticatesOverSTARTTLS(mechanism: String) throws {
        let server = try SMTPTestServer(.init(auth: mechanism, password: Self.password, startTLS: true))
        // Loopback: STARTTLS is used because the server offers it, and verified against its certificate.
        let transport = try SMTPTransport(url: server.url(user: "genkan", password: Self.password), caFile: server.caFile)
        let message = try Self.message()
        _ = try transport.send(message)
        let received = try server.waitForMessages(1)
        #expect(received[0].envelope.tls && received[0].envelope.user == "genkan")
        try Self.expectSameMail(received[0], message)
        let attempts = try server.authAttempts()
        #expect(attempts.count == 1)
        #expect(attempts.first?.mechanism == mechanism && attempts.first?.success == true && attempts.first?.tls == true)
    }

    @Test(arguments: ["PLAIN", "LOGIN"])
    func aWrongPasswordIsAPermanentFailureThatNeverQuotesIt(mechanism: String) throws {
        let server = try SMTPTestServer(.init(auth: mechanism, password: Self.password))
        let wrong = "wrong-Password-42"
        // In the clear: loopback with credentials is allowed without TLS.
        let transport = try SMTPTransport(url: server.url(user: "genkan", password: wrong))
        #expect(transport.security == .startTLSWhenOffered)
        let error = expectMailError(.authenticationFailed) { _ = try transport.send(Self.message()) }
        #expect(error?.isRetryable == false)
        #expect(error?.replyCode == 535)
        let text = error.map(String.init(describing:)) ?? ""
        #expect(!text.contains(wrong) && !text.contains(Self.password) && !text.contains("次のリンク"), "\(text)")
        #expect(text.contains("127.0.0.1:\(server.port)"), "\(text)")
        #expect(try server.received().isEmpty)
        let attempts = try server.authAttempts()
        #expect(attempts.map(\.mechanism) == [mechanism] && attempts.first?.success == false)
    }

    @Test func credentialsToAnotherHostRequireSTARTTLS() throws {
        // mail.genkan.test is not loopback by name; CURLOPT_RESOLVE takes it to the local server.
        let plain = try SMTPTestServer(.init(auth: "PLAIN"))
        var transport = try SMTPTransport(url: plain.url(host: "mail.genkan.test", user: "genkan", password: plain.options.password))
        transport.resolve = ["mail.genkan.test:\(plain.port):127.0.0.1"]
        #expect(transport.security == .startTLSRequired)
        let error = expectMailError(.tlsUnavailable) { _ = try transport.send(Self.message()) }
        #expect(error?.isRetryable == false && error?.replyCode == nil)
        #expect(try plain.authAttempts().isEmpty, "AUTH must not be sent in the clear")
        #expect(try plain.received().isEmpty)

        let secure = try SMTPTestServer(.init(auth: "PLAIN", startTLS: true))
        var tls = try SMTPTransport(
            url: secure.url(host: "mail.genkan.test", user: "genkan", password: secure.options.password), caFile: secure.caFile)
        tls.resolve = ["mail.genkan.test:\(secure.port):127.0.0.1"]
        _ = try tls.send(Self.message())
        #expect(try secure.waitForMessages(1).first?.envelope.tls == true)
        #expect(try secure.authAttempts().map(\.tls) == [true])
    }

    @Test func requireTLSHoldsOnLoopbackToo() throws {
        let server = try SMTPTestServer()
        let transport = try SMTPTransport(url: server.url(), requireTLS: true)
        #expect(transport.security == .startTLSRequired)
        expectMailError(.tlsUnavailable) { _ = try transport.send(Self.message()) }
        #expect(try server.received().isEmpty)
    }

    @Test func implicitTLSWithSMTPS() throws {
        let server = try SMTPTestServer(.init(auth: "LOGIN", implicitTLS: true))
        let url = server.url(scheme: "smtps", user: "genkan", password: server.options.password)
        let transport = try SMTPTransport(url: url, caFile: server.caFile)
        #expect(transport.security == .implicitTLS)
        let message = try Self.message()
        _ = try transport.send(message)
        let received = try server.waitForMessages(1)
        #expect(received[0].envelope.tls)
        try Self.expectSameMail(received[0], message)

        // Without the test CA the self-signed certificate is not trusted.
        let untrusted = try SMTPTransport(url: url)
        let error = expectMailError(.certificateRejected) { _ = try untrusted.send(message) }
        #expect(error?.isRetryable == false)
        #expect(try server.received().count == 1)
    }

    @Test func aRejectedRecipientIsPermanentAndADeferredOneIsRetryable() throws {
        let server = try SMTPTestServer(.init(rejected: ["nobody@example.com"], deferred: ["later@example.com"]))
        let transport = try SMTPTransport(url: server.url())
        let rejected = expectMailError(.rejected) { _ = try transport.send(Self.message(to: ["nobody@example.com"])) }
        #expect(rejected?.isRetryable == false && rejected?.replyCode == 550)
        let deferred = expectMailError(.deferred) { _ = try transport.send(Self.message(to: ["later@example.com"])) }
        #expect(deferred?.isRetryable == true && deferred?.replyCode == 451)
        // One refused recipient stops the whole delivery before DATA: nobody gets it, a retry duplicates nothing.
        expectMailError(.rejected) { _ = try transport.send(Self.message(to: ["taro@example.com", "nobody@example.com"])) }
        #expect(try server.received().isEmpty)
    }

    @Test func aServerThatIsDownIsRetryable() throws {
        let port = try freeLoopbackPort()
        let transport = try SMTPTransport(url: "smtp://genkan:\(Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)@127.0.0.1:\(port)")
        let error = expectMailError(.connectionFailed) { _ = try transport.send(Self.message()) }
        #expect(error?.isRetryable == true && error?.replyCode == nil)
        #expect(!(error?.detail.contains(Self.password) ?? true))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let silent = try LoopbackListener()
        let transport = try SMTPTransport(url: "smtp://127.0.0.1:\(silent.port)", connectTimeout: .seconds(1), timeout: .milliseconds(1500))
        let started = ContinuousClock.now
        let error = expectMailError(.timeout) { _ = try transport.send(Self.message()) }
        #expect(error?.isRetryable == true)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func anUnresolvableHostIsRetryable() throws {
        let transport = try SMTPTransport(url: "smtp://mail.genkan.invalid:25", connectTimeout: .seconds(5), timeout: .seconds(10))
        let error = expectMailError(.hostNotFound) { _ = try transport.send(Self.message()) }
        #expect(error?.isRetryable == true)
    }
}

/// The URL, the security it implies, and errors that never repeat the password.
@Suite struct SMTPURLTests {
    @Test(arguments: [
        ("smtp://mail.example.com", false, "mail.example.com", 25, nil as String?, nil as String?),
        ("SMTP://mail.example.com:587", false, "mail.example.com", 587, nil, nil),
        ("smtps://mail.example.com", true, "mail.example.com", 465, nil, nil),
        ("smtp://user%40example.com:p%3Ass%2Fw%25rd%20%C3%A4@mail.example.com:587", false, "mail.example.com", 587,
         "user@example.com", "p:ss/w%rd ä"),
        ("smtp://apikey:a:b@[::1]:2525", false, "[::1]", 2525, "apikey", "a:b"),
        ("smtp://only-user@127.0.0.1:25", false, "127.0.0.1", 25, "only-user", nil),
    ])
    func parses(url: String, implicitTLS: Bool, host: String, port: Int, user: String?, password: String?) throws {
        let parsed = try SMTPServerURL(url)
        #expect(parsed.implicitTLS == implicitTLS)
        #expect(parsed.host == host && parsed.port == port)
        #expect(parsed.user == user && parsed.password == password)
        #expect(!parsed.curlURL.contains("@"))
        if let password, !password.isEmpty { #expect(!parsed.display.contains(password)) }
    }

    @Test(arguments: [
        "mail.example.com", "http://mail.example.com", "smtp://", "smtp://:587", "smtp://mail.example.com:0",
        "smtp://mail.example.com:65536", "smtp://mail.example.com:25x", "smtp://mail.example.com?x=1",
        "smtp://user:p%zz@mail.example.com", "smtp://:secret@mail.example.com", "smtp://[::1", "smtp://[zz]:25",
        "smtp://mail example.com", "smtp://mail.example.com/a/b",
    ])
    func refuses(url: String) {
        let error = expectMailError(.invalidURL) { _ = try SMTPTransport(url: url) }
        #expect(!(error?.detail.contains("secret") ?? false))
    }

    @Test(arguments: [
        ("smtps://u:p@mail.example.com", false, SMTPTransport.Security.implicitTLS),
        ("smtp://u:p@mail.example.com:587", false, .startTLSRequired),
        ("smtp://u:p@localhost:25", false, .startTLSWhenOffered),
        ("smtp://u:p@127.0.0.53:25", false, .startTLSWhenOffered),
        ("smtp://u:p@[::1]:25", false, .startTLSWhenOffered),
        ("smtp://u:p@127.example.com:25", false, .startTLSRequired),
        ("smtp://u:p@[::2]:25", false, .startTLSRequired),
        ("smtp://mail.example.com:25", false, .startTLSWhenOffered),
        ("smtp://mail.example.com:25", true, .startTLSRequired),
        ("smtp://localhost:25", true, .startTLSRequired),
    ])
    func security(url: String, requireTLS: Bool, expected: SMTPTransport.Security) throws {
        #expect(try SMTPTransport(url: url, requireTLS: requireTLS).security == expected)
    }

    @Test func theEndpointNamesTheUserButNeverThePassword() throws {
        let transport = try SMTPTransport(url: "smtp://genkan%40example.com:hunter2@mail.example.com:587")
        #expect(transport.endpoint == "smtp://genkan%40example.com@mail.example.com:587")
    }
}

import Foundation
import GenkanHTTPTesting
import Synchronization
import Testing
@testable import GenkanHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A responder for engine tests: echoes what it received, and defers `/slow` to a worker pool.
struct EchoResponder: HTTPResponder {
    let pool: WorkerPool<Int>
    let delay: Duration
    let workDone = WorkCounter()

    func respond(to request: HTTPRequest) -> Reply {
        switch request.path {
        case "/slow":
            let delay = self.delay
            let counter = workDone
            return pool.reply(.hashing(for: request.peerAddress), { _ in counter.increment(); Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18); return "slow done" }) { text in
                .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: .text(text)))
            }
        case "/body":
            return .response(HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .bytes(request.body)))
        case "/not-modified":
            return .response(HTTPResponse(status: 304, headers: ["ETag": "\"v1\""]))
        case "/no-content":
            return .response(HTTPResponse(status: 204))
        case "/inject":
            return .response(HTTPResponse(status: 200, headers: ["X-Test": "a\r\nSet-Cookie: evil=1"], body: .text("ok")))
        default:
            let text = "\(request.method) \(request.path) ?\(request.query) body=\(request.body.count) host=\(request.headers["host"] ?? "-")"
            return .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: .text(text)))
        }
    }

    func refusal(status: Int, request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain"], body: .text("refused \(status) \(request.method)"))
    }

    func overloaded(request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 503, headers: ["Retry-After": "1"], body: .text("busy"))
    }
}

/// A responder behind the `AccessLogging` middleware, as the site puts its router.
struct LoggingResponder: HTTPResponder {
    let inner: any HTTPResponder
    let log: AccessLog

    func respond(to request: HTTPRequest) -> Reply {
        AccessLogging(log: log).handle(request, context: BasicContext(core: CoreContext(), route: ())) { request, _ in
            inner.respond(to: request)
        }
    }

    func refusal(status: Int, request: HTTPRequest) -> HTTPResponse { inner.refusal(status: status, request: request) }
    func overloaded(request: HTTPRequest) -> HTTPResponse { inner.overloaded(request: request) }
}

/// Lines logged from any thread.
final class MessageLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Counts jobs that ran.
final class WorkCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A running engine on an ephemeral loopback port.
final class EngineFixture {
    let pool: WorkerPool<Int>
    let server: HTTPServer
    /// What the engine logged for the operator.
    let messages = MessageLog()
    var port: UInt16 { server.port }

    init(delay: Duration = .milliseconds(300), hashingCapacity: Int = 8, configure: (inout HTTPServerConfiguration) -> Void = { _ in })
        throws
    {
        let pool = try WorkerPool(threads: 2, hashingCapacity: hashingCapacity) { 0 }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.loops = 2
        configure(&configuration)
        let messages = self.messages
        do {
            server = try HTTPServer(configuration: configuration, responder: EchoResponder(pool: pool, delay: delay)) { messages.append($0) }
        } catch {
            pool.stop()  // deinit does not run for an object whose init threw
            throw error
        }
        self.pool = pool
    }

    deinit {
        server.stop()
        pool.stop()
    }
}

@Suite(.serialized) struct EngineTests {
    @Test func servesARequestToARealHTTPClient() async throws {
        let fixture = try EngineFixture()
        let url = URL(string: "http://127.0.0.1:\(fixture.port)/hello?x=1")!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "GET /hello ?x=1 body=0 host=127.0.0.1:\(fixture.port)")
        #expect(http.value(forHTTPHeaderField: "Date") != nil)
    }

    @Test func keepsConnectionsAliveAndAnswersPipelinedRequestsInOrder() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.body.hasPrefix("GET /a ") == true)
        #expect(client.readResponse()?.body == "slow done")
        let third = try #require(client.readResponse())
        #expect(third.body.hasPrefix("GET /c "))
        #expect(third.head.contains("Connection: keep-alive"))
    }

    @Test func readsContentLengthAndChunkedBodies() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("POST /f HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(client.readResponse()?.body.contains("body=5") == true)
        client.send("POST /f HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\n\r\n")
        #expect(client.readResponse()?.body.contains("body=7") == true)
    }

    @Test func headRequestsGetHeadersWithoutBody() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("HEAD /h HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let all = client.readAll()
        #expect(all.hasPrefix("HTTP/1.1 200 OK"))
        #expect(all.hasSuffix("\r\n\r\n"))
        #expect(!all.contains("Content-Length: 0\r\n"))
    }

    /// RFC 9110 §8.6: a 304 may carry the length the 200 would have, or none, as nginx does; a
    /// 204 must not carry one. Neither is `Content-Length: 0`, and neither has a body.
    @Test func a304AndA204CarryNoContentLength() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        for path in ["/not-modified", "/no-content"] {
            client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect([304, 204].contains(response.status))
            #expect(!response.head.lowercased().contains("content-length"), "\(path): \(response.head)")
            #expect(response.head.contains("Connection: keep-alive"))
        }
        client.send("GET /after HTTP/1.1\r\nHost: a\r\n\r\n")  // the framing held: no stray body bytes
        #expect(client.readResponse()?.body.hasPrefix("GET /after ") == true)
    }

    @Test func http10And11AreServed() throws {
        let fixture = try EngineFixture()
        for version in ["1.0", "1.1"] {
            let client = try RawClient(port: fixture.port)
            client.send("GET /v HTTP/\(version)\r\nHost: a\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
        }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET noslash HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 4\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 70000\r\n\r\n", 413),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + (0..<150).map { "X-\($0): y\r\n" }.joined() + "\r\n", 431),
        ("GET /\(String(repeating: "p", count: 20_000)) HTTP/1.1\r\nHost: a\r\n\r\n", 431),
        // No HTTP/1.2 to 1.9 exists: a request that claims one is refused (see on_head_parsed).
        ("GET / HTTP/1.2\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.9\r\nHost: a\r\n\r\n", 400),
    ])
    func refusesBadRequestsWithTheRightStatusAndCloses(request: String, status: Int) throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send(request)
        let answer = client.readAll()  // returns only because the server closes
        #expect(RawClient.status(of: answer) == status, "\(answer.prefix(80))")
        #expect(answer.contains("refused \(status)"))
        #expect(answer.contains("Connection: close"))
    }

    /// RFC 9112 §7.1 to the letter: the cases picohttpparser's old decoder let through (junk after
    /// the size, bare LF, a size that wraps), and everything the grammar allows.
    @Test(arguments: [
        ("3zz\r\nabc\r\n0\r\n\r\n", 400),
        ("3\nabc\n0\n\n", 400),  // bare LF everywhere
        ("3\r\nabc\n0\r\n\r\n", 400),  // bare LF after the data
        ("3\r\nabc\r\n0\r\n\n", 400),  // bare LF at the end
        ("3\rabc\r\n0\r\n\r\n", 400),  // bare CR
        ("3 \r\nabc\r\n0\r\n\r\n", 400),  // whitespace not followed by an extension
        ("0x3\r\nabc\r\n0\r\n\r\n", 400),
        ("-3\r\nabc\r\n0\r\n\r\n", 400),
        (";a\r\nabc\r\n0\r\n\r\n", 400),  // no size
        ("3;\r\nabc\r\n0\r\n\r\n", 400),  // an extension without a name
        ("3;a=\"b\r\nabc\r\n0\r\n\r\n", 400),  // an unterminated quoted string
        ("3;a b\r\nabc\r\n0\r\n\r\n", 400),
        ("3\r\nabcd\r\n0\r\n\r\n", 400),  // more data than the size
        ("10000000000000000\r\nabc\r\n0\r\n\r\n", 400),  // 2^64: does not fit, refused rather than wrapped
        ("100000000000000003\r\nabc\r\n0\r\n\r\n", 400),  // wraps to 3 in a 64-bit decoder that does not check
        ("3\r\nabc\r\n0\r\nX: a\r\n b\r\n\r\n", 400),  // obsolete line folding in a trailer
        ("3\r\nabc\r\n0\r\nX\r\n\r\n", 400),  // a trailer line without a colon
        ("3\r\nabc\r\n0\r\nX: a\nY: b\r\n\r\n", 400),  // bare LF in the trailer section
        ("ffffffffffffffff\r\n", 413),  // announced beyond the body limit: refused before the data
        ("10001\r\n", 413),
    ])
    func chunkedBodiesAreReadStrictly(body: String, status: Int) throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        let answer = client.readAll()
        #expect(RawClient.status(of: answer) == status, "\(body.debugDescription): \(answer.prefix(60))")
        #expect(answer.contains("Connection: close"))
    }

    @Test(arguments: [
        ("3\r\nabc\r\n0\r\n\r\n", "abc"),
        ("1\r\na\r\n2\r\nbc\r\nA\r\n0123456789\r\n0\r\n\r\n", "abc0123456789"),  // several chunks, upper-case hex
        ("0003\r\nabc\r\n000\r\n\r\n", "abc"),  // leading zeros
        ("3;a=b;c=\"d;e\\\"f\" ; g\r\nabc\r\n0;last\r\n\r\n", "abc"),  // extensions, a quoted string with an escape
        ("3 ;a = b\r\nabc\r\n0\r\n\r\n", "abc"),  // BWS around ";" and "="
        ("3\r\nabc\r\n0\r\nX-Checksum: 123\r\nY:\r\n\r\n", "abc"),  // trailers, discarded
        ("0\r\n\r\n", ""),
        ("2\r\n\r\n\r\n0\r\n\r\n", "\r\n"),  // data that looks like framing
    ])
    func validChunkedBodiesAreDecoded(body: String, decoded: String) throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        let response = try #require(client.readResponse())
        #expect(response.status == 200, "\(body.debugDescription)")
        #expect(response.body == decoded)
        #expect(response.head.contains("Connection: keep-alive"))
        client.send("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponse()?.body.hasPrefix("GET /next ") == true)
    }

    @Test func aChunkedBodySplitAcrossReadsIsDecodedAndThePipelinedRequestAfterItServed() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.noDelay()
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        let body = "5;name=\"v\"\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nX-T: 1\r\n\r\n"
        for byte in body.utf8 {  // one byte per segment: every state is left mid-way at least once
            client.send([byte])
            Thread.sleep(forTimeInterval: 0.002)
        }
        client.send("GET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponse()?.body == "hello world")
        #expect(client.readResponse()?.body.hasPrefix("GET /after ") == true)
        // The same body and the request after it in one segment.
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body + "GET /again HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponse()?.body == "hello world")
        #expect(client.readResponse()?.body.hasPrefix("GET /again ") == true)
    }

    @Test func aTooLargeChunkedBodyIs413() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        let chunk = String(repeating: "x", count: 0x8000)
        client.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + (0..<3).map { _ in "8000\r\n\(chunk)\r\n" }.joined())
        #expect(RawClient.status(of: client.readAll()) == 413)
    }

    /// One prefix of targets may take larger bodies (an API's bulk import); every other path keeps
    /// the small limit, with a length announced or chunked.
    @Test func aLargeBodyIsTakenUnderItsPrefixAlone() throws {
        let fixture = try EngineFixture { configuration in
            configuration.largeBodyPathPrefix = "/bulk"
            configuration.maxLargeBodySize = 300_000
        }
        let body = [UInt8](repeating: 0x61, count: 200_000)
        let bulk = try RawClient(port: fixture.port)
        bulk.send("POST /bulk/import HTTP/1.1\r\nHost: a\r\nContent-Length: 200000\r\n\r\n")
        bulk.send(body)
        #expect(bulk.readResponse()?.body == "POST /bulk/import ? body=200000 host=a")
        let chunk = String(repeating: "x", count: 0x8000)
        bulk.send("POST /bulk HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + (0..<4).map { _ in "8000\r\n\(chunk)\r\n" }.joined() + "0\r\n\r\n")
        #expect(bulk.readResponse()?.body == "POST /bulk ? body=131072 host=a")
        let tooLarge = try RawClient(port: fixture.port)
        tooLarge.send("POST /bulk HTTP/1.1\r\nHost: a\r\nContent-Length: 300001\r\n\r\n")
        #expect(RawClient.status(of: tooLarge.readAll()) == 413)
        for target in ["/", "/bul", "/other/bulk"] {
            let small = try RawClient(port: fixture.port)
            small.send("POST \(target) HTTP/1.1\r\nHost: a\r\nContent-Length: 200000\r\n\r\n")
            #expect(RawClient.status(of: small.readAll()) == 413, "\(target)")
        }
    }

    @Test func a413IsReadableEvenWhileTheClientKeepsSending() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 200000\r\n\r\n")
        client.send([UInt8](repeating: 0x61, count: 200_000))
        let answer = client.readAll()
        #expect(RawClient.status(of: answer) == 413)
        #expect(answer.contains("refused 413 POST"))  // the head was read: the page can be localized
    }

    @Test func aSlowHeadIs408AndAnIdleConnectionClosesSilently() throws {
        let fixture = try EngineFixture { configuration in
            configuration.headTimeout = .milliseconds(300)
            configuration.bodyTimeout = .milliseconds(300)
            configuration.idleTimeout = .milliseconds(300)
        }
        let slowHead = try RawClient(port: fixture.port)
        slowHead.send("GET / HTTP/1.1\r\nHost: a\r\n")
        #expect(RawClient.status(of: slowHead.readAll()) == 408)
        let slowBody = try RawClient(port: fixture.port)
        slowBody.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
        let answer = slowBody.readAll()
        #expect(RawClient.status(of: answer) == 408 && answer.contains("refused 408 POST"))
        let idle = try RawClient(port: fixture.port)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(idle.readAll() == "") }
        #expect(elapsed < .seconds(5))
    }

    /// The body timer used to start with the head, before `100 Continue` was
    /// out. When that write was still pending (a full socket buffer; here a padded interim response
    /// and a client that does not read), the 408 started a second write on the socket, and H2O's
    /// assert aborted the process. Now the write timer covers the interim response and the body
    /// timer starts once it is out.
    @Test func aBodyTimeoutCannotFireWhile100ContinueIsBeingWritten() throws {
        let fixture = try EngineFixture { configuration in
            configuration.bodyTimeout = .milliseconds(300)
            configuration.writeTimeout = .seconds(8)
            configuration.testContinuePadding = 16 << 20  // more than the socket buffers hold
        }
        let client = try RawClient(port: fixture.port, receiveBuffer: 16 * 1024)
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        Thread.sleep(forTimeInterval: 1.2)  // four body timeouts with the interim response pending
        let interim = try #require(client.read(through: Array("\r\n\r\n".utf8)))
        #expect(interim.starts(with: Array("HTTP/1.1 100 Continue\r\n".utf8)))
        client.send("hello")
        let response = try #require(client.readResponse())
        #expect(response.status == 200 && response.body == "hello")
        // The process is alive and serving.
        let other = try RawClient(port: fixture.port)
        other.send("GET /alive HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(other.readResponse()?.status == 200)
    }

    @Test func onceContinueIsOutTheBodyTimeoutAnswers408() throws {
        let fixture = try EngineFixture { configuration in configuration.bodyTimeout = .milliseconds(300) }
        let client = try RawClient(port: fixture.port)
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(client.readResponse()?.status == 100)
        client.send("he")
        let answer = client.readAll()
        #expect(RawClient.status(of: answer) == 408 && answer.contains("refused 408 POST"))
    }

    @Test func a100ContinueClientThatNeverReadsIsDisconnectedByTheWriteTimeout() throws {
        let fixture = try EngineFixture { configuration in
            configuration.bodyTimeout = .milliseconds(200)
            configuration.writeTimeout = .milliseconds(600)
            configuration.testContinuePadding = 16 << 20
        }
        let client = try RawClient(port: fixture.port, receiveBuffer: 16 * 1024)
        client.send("POST /body HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        Thread.sleep(forTimeInterval: 1.5)
        // Only part of the interim response, then the end: the connection was closed, not answered twice.
        let all = client.readAll()
        #expect(all.hasPrefix("HTTP/1.1 100 Continue\r\n"))
        #expect(all.count < 16 << 20)
        #expect(!all.contains("HTTP/1.1 408"))
    }

    /// A connection that has sent nothing is the cheapest to hold, so it gets
    /// the head timeout, not the idle timeout; a keep-alive connection after a response keeps the
    /// idle timeout.
    @Test func aNewConnectionThatSendsNothingGetsTheHeadTimeout() throws {
        let fixture = try EngineFixture { configuration in
            configuration.headTimeout = .milliseconds(400)
            configuration.idleTimeout = .seconds(6)
        }
        let silent = try RawClient(port: fixture.port)
        let used = try RawClient(port: fixture.port)
        used.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(used.readResponse()?.status == 200)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(silent.readAll() == "") }  // closed silently, no 408
        #expect(elapsed < .seconds(3), "a silent new connection was kept \(elapsed)")
        Thread.sleep(forTimeInterval: 0.6)  // past the head timeout, well within the idle timeout
        used.send("GET /second HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(used.readResponse()?.status == 200, "the keep-alive connection was closed at the head timeout")
    }

    /// Connections per client address are capped at accept, across loops.
    @Test func connectionsBeyondTheCapPerClientAreClosedAtOnce() throws {
        #expect(HTTPServerConfiguration().maxConnectionsPerClient == 64)
        let fixture = try EngineFixture { configuration in
            configuration.maxConnectionsPerClient = 3
            configuration.headTimeout = .seconds(20)
        }
        var held = try (0..<3).map { _ in try RawClient(port: fixture.port) }
        Thread.sleep(forTimeInterval: 0.2)  // accepted and counted
        for attempt in 0..<4 {
            let beyond = try RawClient(port: fixture.port)
            beyond.send("GET /beyond HTTP/1.1\r\nHost: a\r\n\r\n")
            let clock = ContinuousClock()
            var answer = "?"
            let elapsed = clock.measure { answer = beyond.readAll() }
            #expect(answer == "" && elapsed < .seconds(2), "attempt \(attempt): \(answer.prefix(40)) after \(elapsed)")
        }
        // Another address is not affected.
        let other = try RawClient(port: fixture.port, from: "127.0.0.2")
        other.send("GET /other HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(other.readResponse()?.status == 200)
        // A connection that ends gives its place back.
        held.removeFirst()
        Thread.sleep(forTimeInterval: 0.2)
        let again = try RawClient(port: fixture.port)
        again.send("GET /again HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(again.readResponse()?.status == 200)
        // Logged once, not once per refusal.
        let refusals = fixture.messages.all.filter { $0.contains("connection from 127.0.0.1 refused") }
        #expect(refusals.count == 1, "\(fixture.messages.all)")
        #expect(held.count == 2)
    }

    /// Hundreds of addresses: the count table grows, deletes by backward shift and shrinks, and
    /// every address still gets exactly its cap, before and after all of them left.
    @Test func theCapHoldsForEveryAddressAsTheTableGrowsAndShrinks() throws {
        let fixture = try EngineFixture { configuration in
            configuration.maxConnectionsPerClient = 2
            configuration.headTimeout = .seconds(30)
        }
        let addresses = (0..<300).map { "127.0.\(1 + $0 / 200).\(1 + $0 % 200)" }
        for round in 0..<2 {
            var held: [RawClient] = []
            for address in addresses {
                held.append(try RawClient(port: fixture.port, from: address))
                held.append(try RawClient(port: fixture.port, from: address))
            }
            Thread.sleep(forTimeInterval: 0.3)
            var wronglyAdmitted: [String] = []
            for address in addresses.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
                let third = try RawClient(port: fixture.port, from: address)
                third.send("GET /third HTTP/1.1\r\nHost: a\r\n\r\n")
                if third.readAll() != "" { wronglyAdmitted.append(address) }
            }
            #expect(wronglyAdmitted.isEmpty, "round \(round)")
            // Every held connection is served (none was refused in place of another address).
            for (index, client) in held.enumerated() where index % 7 == 0 {
                client.send("GET /held HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(client.readResponse()?.status == 200, "round \(round), connection \(index)")
            }
            held.removeAll()
            Thread.sleep(forTimeInterval: 0.5)  // every count released
        }
    }

    /// At a loop's cap, the connection that has held a descriptor longest for
    /// nothing makes room for the new one; connections that have sent something are never taken.
    @Test func atTheLoopCapTheOldestSilentConnectionMakesRoom() throws {
        let fixture = try EngineFixture { configuration in
            configuration.loops = 1
            configuration.maxConnectionsPerLoop = 4
            configuration.headTimeout = .seconds(20)
        }
        #expect(fixture.server.capacity.connectionsPerLoop == 4)
        let silent = try (0..<4).map { _ in try RawClient(port: fixture.port) }
        Thread.sleep(forTimeInterval: 0.2)
        let client = try RawClient(port: fixture.port)
        client.send("GET /new HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponse()?.status == 200)
        #expect(silent[0].readAll() == "", "the oldest silent connection is closed")
        // Four connections that have begun a request: none is taken, the new one is closed.
        let busy = try (0..<3).map { _ in try RawClient(port: fixture.port) }
        for connection in busy { connection.send("GET /slowly HTTP/1.1\r\n") }
        Thread.sleep(forTimeInterval: 0.2)
        // Now: client (keep-alive, idle after its response, not silent), silent[1...3] minus those the busy ones displaced.
        var refused = 0
        for _ in 0..<3 {
            let extra = try RawClient(port: fixture.port)
            extra.send("GET /extra HTTP/1.1\r\nHost: a\r\n\r\n")
            if extra.readResponse() == nil { refused += 1 }
        }
        #expect(refused == 3, "every connection had sent something; none should have been closed for a new one")
        for connection in busy {
            connection.send("Host: a\r\n\r\n")
            #expect(connection.readResponse()?.status == 200)
        }
        #expect(fixture.messages.all.filter { $0.contains("connection refused: loop 0 holds 4 connections, its cap") }.count == 1)
        #expect(fixture.messages.all.filter { $0.contains("the oldest that had sent nothing was closed") }.count == 1)
    }

    @Test func theServerRaisesTheSoftDescriptorLimitAndSizesItsCapFromIt() throws {
        let fixture = try EngineFixture()
        let capacity = fixture.server.capacity
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let unlimited = limit.rlim_max == rlim_t.max
        #expect(unlimited || capacity.descriptorLimit == Int(clamping: limit.rlim_max), "the soft limit was not raised to the hard one")
        #expect(Int(clamping: limit.rlim_cur) == capacity.descriptorLimit)
        #expect(capacity.connections <= capacity.descriptorLimit - capacity.openAtStart - 64)
        #expect(capacity.connectionsPerLoop <= 10_000)
    }

    @Test func withoutACapPerClientOneAddressMayHoldMore() throws {
        let fixture = try EngineFixture { configuration in configuration.maxConnectionsPerClient = 0 }
        let held = try (0..<70).map { _ in try RawClient(port: fixture.port) }
        for client in held.suffix(3) { client.send("GET /x HTTP/1.1\r\nHost: a\r\n\r\n") }
        #expect(held.suffix(3).allSatisfy { $0.readResponse()?.status == 200 })
    }

    @Test func headersCannotBeInjected() throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send("GET /inject HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try #require(client.readResponse())
        #expect(response.head.contains("X-Test: aSet-Cookie: evil=1\r\n"))
        #expect(!response.head.contains("\r\nSet-Cookie"))
    }

    @Test func aClientThatLeavesDuringDeferredWorkIsDroppedSafely() throws {
        let output = Pipe()
        let log = AccessLog(format: .text, descriptor: output.fileHandleForWriting.fileDescriptor, loops: 2)
        // 20 jobs from one client: more than a client's share of the hashing queue by default.
        let pool = try WorkerPool(threads: 2, hashingCapacity: 32, hashingPerKey: 32) { 0 }
        defer { pool.stop() }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.loops = 2
        let responder = LoggingResponder(inner: EchoResponder(pool: pool, delay: .milliseconds(100)), log: log)
        let server = try HTTPServer(configuration: configuration, responder: responder)
        defer { server.stop() }
        for _ in 0..<20 {
            let client = try RawClient(port: server.port)
            client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        }  // each client closes at once
        Thread.sleep(forTimeInterval: 1.5)
        let after = try RawClient(port: server.port)
        after.send("GET /still-alive HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(after.readResponse()?.status == 200)
        server.stop()
        pool.stop()
        log.close()
        try output.fileHandleForWriting.close()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0.contains(" 127.0.0.1 GET /slow 499 ") }.count == 20)
        #expect(lines.contains { $0.contains(" 127.0.0.1 GET /still-alive 200 ") })
    }

    @Test func workForAClientThatLeftIsSkipped() throws {
        let pool = try WorkerPool(threads: 1, hashingCapacity: 32) { 0 }
        defer { pool.stop() }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let responder = EchoResponder(pool: pool, delay: .milliseconds(400))
        let server = try HTTPServer(configuration: configuration, responder: responder)
        defer { server.stop() }
        let first = try RawClient(port: server.port)
        first.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")  // occupies the only worker
        Thread.sleep(forTimeInterval: 0.1)
        for _ in 0..<5 {
            let leaving = try RawClient(port: server.port)
            leaving.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        }  // queued behind the first, then gone
        #expect(first.readResponse()?.body == "slow done")
        Thread.sleep(forTimeInterval: 0.3)
        server.stop()
        pool.stop()
        #expect(responder.workDone.value == 1)
    }

    @Test func aFullWorkerPoolAnswers503() throws {
        let fixture = try EngineFixture(delay: .milliseconds(500), hashingCapacity: 1)
        let clients = try (0..<8).map { _ in try RawClient(port: fixture.port) }
        for client in clients { client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") }
        let statuses = clients.map { $0.readResponse()?.status ?? 0 }
        #expect(statuses.filter { $0 == 200 }.count >= 1)
        #expect(statuses.filter { $0 == 503 }.count >= 1)
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 })
    }

    @Test func stopFinishesRequestsInProgress() throws {
        let pool = try WorkerPool(threads: 2) { 0 }
        defer { pool.stop() }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = try HTTPServer(configuration: configuration, responder: EchoResponder(pool: pool, delay: .milliseconds(500)))
        defer { server.stop() }  // a second stop does nothing
        let client = try RawClient(port: server.port)
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        server.stop()  // waits for the deferred request
        let all = client.readAll()
        #expect(all.contains("slow done"))
        #expect(all.contains("Connection: close"))
        pool.stop()
        #expect(throws: (any Error).self) { try RawClient(port: server.port) }
    }

    @Test func aPortInUseIsAClearError() throws {
        let fixture = try EngineFixture()
        var configuration = HTTPServerConfiguration()
        configuration.port = fixture.port
        configuration.loops = 1
        do {
            _ = try HTTPServer(configuration: configuration, responder: EchoResponder(pool: fixture.pool, delay: .zero))
            Issue.record("a second server started on a port in use")
        } catch {
            #expect(error.description.contains("Address already in use"))
        }
        configuration.host = "no-such-host.invalid"
        #expect(throws: ServerError.self) { try HTTPServer(configuration: configuration, responder: EchoResponder(pool: fixture.pool, delay: .zero)) }
    }
}

import GenkanHTTPTesting
import Synchronization
import Testing
@testable import GenkanHTTP

/// The router and middleware on their own: a table of test routes, driven in-process.
@Suite struct RouterTests {
    static func text(_ body: String) -> Reply {
        .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: .text(body)))
    }

    /// Refusals are `BasicContext`'s plain statuses, so a test reads what the router decided.
    static func client(_ configure: (Router<BasicContext>) -> Void) -> TestClient {
        let router = Router<BasicContext>()
        configure(router)
        return TestClient(routes: router.build())
    }

    @Test func aPathWithOtherMethodsAnswers405WithAllowFromTheTable() async {
        let client = Self.client { router in
            router.get("/both") { _, _ in Self.text("get") }
            router.post("/both") { _, _ in Self.text("post") }
            router.post("/post-only") { _, _ in Self.text("post") }
            router.group("/v1").on("DELETE", "/thing") { _, _ in Self.text("deleted") }
        }
        let both = await client.send("DELETE", "/both", body: nil)
        #expect(both.status == 405 && both.header("Allow") == "GET, HEAD, POST")
        let postOnly = await client.get("/post-only")
        #expect(postOnly.status == 405 && postOnly.header("Allow") == "POST")
        let thing = await client.get("/v1/thing")
        #expect(thing.status == 405 && thing.header("Allow") == "DELETE")
        #expect(await client.send("DELETE", "/v1/thing", body: nil).body == "deleted")
        #expect(await client.get("/nowhere").status == 404)
    }

    @Test func headIsAnsweredByTheGetHandler() async {
        let calls = Atomic<Int>(0)
        let client = Self.client { router in
            router.get("/page") { request, _ in
                calls.add(1, ordering: .relaxed)
                return Self.text("method \(request.method)")
            }
        }
        let head = await client.send("HEAD", "/page", body: nil)
        #expect(head.status == 200 && head.header("Content-Type") == "text/plain")
        #expect(calls.load(ordering: .relaxed) == 1)
        #expect(await client.get("/page").body == "method GET")
    }

    @Test func literalSegmentsMayContainColonsAndParametersAreDecoded() async {
        let client = Self.client { router in
            let v1 = router.group("/identitytoolkit.googleapis.com/v1")
            v1.post("/accounts:signUp") { _, _ in Self.text("sign-up") }
            v1.post("/accounts:signInWithPassword") { _, _ in Self.text("sign-in") }
            v1.post("/projects/{project}/accounts:lookup") { _, context in Self.text("lookup " + (context.parameters["project"] ?? "-")) }
            router.get("/files/{name}") { _, context in Self.text("file " + (context.parameters["name"] ?? "-")) }
        }
        let base = "/identitytoolkit.googleapis.com/v1"
        #expect(await client.post(base + "/accounts:signUp", []).body == "sign-up")
        #expect(await client.post(base + "/accounts:signInWithPassword", []).body == "sign-in")
        #expect(await client.post(base + "/accounts:signIn", []).status == 404)
        #expect(await client.post(base + "/accounts", []).status == 404)
        #expect(await client.post(base + "/projects/demo-1/accounts:lookup", []).body == "lookup demo-1")
        #expect(await client.post(base + "/projects//accounts:lookup", []).status == 404)
        #expect(await client.get("/files/%E7%8E%84%E9%96%A2.txt").body == "file 玄関.txt")
        #expect(await client.get("/files/a+b").body == "file a+b")
        #expect(await client.get("/files/%FF").status == 404)
        #expect(await client.get("/files/a/b").status == 404)
    }

    /// Records each middleware's way in and, through `Reply.map`, its way out.
    struct Recording: Middleware {
        let name: String
        let trace: Trace

        func handle(_ request: HTTPRequest, context: BasicContext, next: @escaping RouteHandler<BasicContext>) -> Reply {
            trace.entries.withLock { $0.append("in " + name) }
            return next(request, context).map { response in
                trace.entries.withLock { $0.append("out " + name) }
                var response = response
                response.headers.add("X-Order", name)
                return response
            }
        }
    }

    final class Trace: Sendable {
        let entries = Mutex<[String]>([])
        func middleware(_ name: String) -> Recording { Recording(name: name, trace: self) }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test func middlewareRunsInTheOrderDeclaredAndSeesTheFinalResponse() async throws {
        let trace = Trace()
        let pool = try WorkerPool(threads: 1) { 0 }
        defer { pool.stop() }
        let client = Self.client { router in
            router.use(trace.middleware("global-1"), trace.middleware("global-2"))
            let outer = router.group("/a", trace.middleware("group-1"))
            outer.group("/b", trace.middleware("group-2")).get("/c") { _, _ in
                trace.entries.withLock { $0.append("handler") }
                // Deferred twice: the way out still runs once, after the last step.
                return pool.reply(.interactive, { _ in 1 }) { _ in pool.reply(.interactive, { _ in 2 }) { _ in Self.text("done") } }
            }
        }
        let response = await client.get("/a/b/c")
        #expect(response.body == "done")
        #expect(trace.all == [
            "in global-1", "in global-2", "in group-1", "in group-2", "handler",
            "out group-2", "out group-1", "out global-2", "out global-1",
        ])
        #expect(response.headers.values("X-Order") == ["group-2", "group-1", "global-2", "global-1"])
        // An unknown path passes the router's own middleware only.
        _ = await client.get("/a/b/nothing")
        #expect(trace.all.suffix(4) == ["in global-1", "in global-2", "out global-2", "out global-1"])
    }

    @Test(arguments: [
        ("/account/name", true), ("/", true), ("/a?b=c&d=%2F", true),
        ("//evil.example", false), ("https://evil.example", false), ("/\\evil.example", false), ("\\\\evil.example", false),
        ("/\t/evil.example", false), ("javascript:alert(1)", false), ("", false), ("/a b", false), ("/é", false),
        (String(repeating: "/a", count: 300), false),
    ])
    func onlyLocalPathsAreReturnTargets(text: String, local: Bool) {
        #expect((LocalPath(text) != nil) == local, "\(text)")
    }
}

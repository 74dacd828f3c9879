import GenkanHTTP
import GenkanHTTPTesting
import Testing

/// Contexts that groups narrow, and what routes tell their contexts (`RouterContext.RouteAttributes`).
@Suite struct ContextTests {
    /// A context whose routes name a presenter: refusals say which in `X-Presenter`.
    struct Tagged: RouterContext {
        var core: CoreContext
        let presenter: String

        init(core: CoreContext, route: String) {
            self.core = core
            presenter = route
        }

        func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
            var response = refusal.plainResponse
            response.headers.add("X-Presenter", presenter)
            return response
        }
    }

    /// What `RequireMember` hands on: the member is there, not optional.
    struct Member: RequestContext {
        var core: CoreContext
        let presenter: String
        let name: String

        func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
            var response = refusal.plainResponse
            response.headers.add("X-Presenter", presenter + " (member)")
            return response
        }
    }

    /// Refuses a request without `X-Member` (403, in the route's form), else hands on a `Member`.
    struct RequireMember: Middleware {
        func handle(_ request: HTTPRequest, context: Tagged, next: @escaping RouteHandler<Member>) -> Reply {
            guard let name = request.headers["x-member"] else { return context.refusing(.status(403), request) }
            return next(request, Member(core: context.core, presenter: context.presenter, name: name))
        }
    }

    static func text(_ body: String) -> Reply {
        .response(HTTPResponse(status: 200, body: .text(body)))
    }

    static func client() -> TestClient {
        let router = Router<Tagged>(attributes: "pages")
        let members = router.group("/members").narrowed(by: RequireMember())
        members.get("/{id}") { _, context in Self.text("\(context.name) reads \(context.parameters["id"] ?? "-")") }
        let api = router.group("/api").attributed("json").answeringUnknownPaths()
        api.narrowed(by: RequireMember()).post("/note") { _, context in Self.text("noted by \(context.name) for \(context.presenter)") }
        router.get("/") { _, context in Self.text("home, \(context.presenter)") }
        return TestClient(routes: router.build())
    }

    @Test func aNarrowingMiddlewareHandsItsHandlersTheContextItMade() async {
        let client = Self.client()
        #expect(await client.get("/members/7", headers: ["X-Member": "hanako"]).body == "hanako reads 7")
        #expect(await client.post("/api/note", [], headers: ["X-Member": "taro"]).body == "noted by taro for json")
        #expect(await client.get("/").body == "home, pages")
    }

    @Test func aRefusalBeforeTheNarrowingReadsAsTheRoutesAttributesSay() async {
        let client = Self.client()
        let page = await client.get("/members/7")
        #expect(page.status == 403 && page.header("X-Presenter") == "pages")
        let api = await client.post("/api/note", [])
        #expect(api.status == 403 && api.header("X-Presenter") == "json")
    }

    @Test func unknownPathsTakeTheAttributesOfTheirPrefix() async {
        let client = Self.client()
        let unknownAPI = await client.get("/api/nothing")
        #expect(unknownAPI.status == 404 && unknownAPI.header("X-Presenter") == "json")
        let unknownPage = await client.get("/nothing")
        #expect(unknownPage.status == 404 && unknownPage.header("X-Presenter") == "pages")
        // A known path with another method: 405 with the path's attributes.
        let wrongMethod = await client.get("/api/note")
        #expect(wrongMethod.status == 405 && wrongMethod.header("X-Presenter") == "json" && wrongMethod.header("Allow") == "POST")
    }

    @Test func formParsingHandsOnThePostedForm() async {
        let router = Router<BasicContext>()
        router.group().narrowed(by: FormParsing(PostedForm.init)).post("/note") { _, context in Self.text(context.form["text"] ?? "-") }
        let client = TestClient(routes: router.build())
        #expect(await client.post("/note", [("text", "玄関 & more")]).body == "玄関 & more")
        let notAForm = await client.send("POST", "/note", body: Array("{}".utf8), headers: ["content-type": "application/json"])
        #expect(notAForm.status == 400)
        let notUTF8 = await client.send("POST", "/note", body: Array("text=%FF".utf8))
        #expect(notUTF8.status == 400 && notUTF8.body == "the form is not UTF-8\n")
    }
}

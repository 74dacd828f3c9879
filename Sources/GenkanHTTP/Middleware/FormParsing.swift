/// Decodes a posted `application/x-www-form-urlencoded` body and hands the next step a context
/// holding it (`attach`): anything else is a 400, more than `FormData.maximumFields` fields too,
/// and text that is not UTF-8 is refused as `.invalidEncoding` (a form route may show its form
/// again with the message).
///
/// ```swift
/// router.group().narrowed(by: FormParsing(PostedForm.init)).post("/note") { request, context in
///     … context.form["text"] …    // PostedForm<BasicContext>: the form is there
/// }
/// ```
public struct FormParsing<Context: RequestContext, NextContext: RequestContext>: Middleware {
    @usableFromInline let attach: @Sendable (Context, FormData) -> NextContext

    /// Hands on what `attach` makes of the context and the decoded form.
    @inlinable
    public init(_ attach: @escaping @Sendable (Context, FormData) -> NextContext) {
        self.attach = attach
    }

    @inlinable
    public func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<NextContext>) -> Reply {
        let type = request.headers["content-type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else { return context.refusing(.status(400), request) }
        let form: FormData
        do throws(FormData.Failure) {
            form = try FormData(request.body)
        } catch .invalidEncoding {
            return context.refusing(.invalidEncoding, request)
        } catch {
            return context.refusing(.status(400), request)
        }
        return next(request, attach(context, form))
    }
}

/// A context and the form posted with the request (`FormParsing(PostedForm.init)`), which is not
/// optional here. Its refusals read as its base's (an application whose refusal pages show the
/// posted form again makes a context of its own that its presenter reads).
public struct PostedForm<Base: RequestContext>: RequestContext {
    /// The context the form was decoded in.
    public var base: Base
    public let form: FormData

    @inlinable
    public init(_ base: Base, form: FormData) {
        self.base = base
        self.form = form
    }

    public var core: CoreContext {
        get { base.core }
        set { base.core = newValue }
    }

    public func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
        base.response(for: refusal, to: request)
    }
}

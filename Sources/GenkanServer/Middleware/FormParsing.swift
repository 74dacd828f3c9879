/// Decodes a posted `application/x-www-form-urlencoded` body into `context.formData`: anything
/// else is a 400, more than `FormData.maximumFields` fields too, and text that is not UTF-8 is
/// refused as `.invalidEncoding` (a form route shows its form again with the message).
struct FormParsing: Middleware {
    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        let type = request.headers["content-type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else { return context.refuse(.status(.badRequest), request) }
        var context = context
        do throws(FormData.Failure) {
            context.formData = try FormData(request.body)
        } catch .invalidEncoding {
            return context.refuse(.invalidEncoding, request)
        } catch {
            return context.refuse(.status(.badRequest), request)
        }
        return next(request, context)
    }
}

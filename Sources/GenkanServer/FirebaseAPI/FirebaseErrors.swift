import GenkanHTTP

/// Refusals under the Firebase-compatible API's prefixes (unknown paths, wrong methods, bodies over
/// the limit, rate limits and the sign-in limits, a full hashing queue): Firebase's JSON error
/// body, so an SDK reads them as it reads Firebase's own.
struct FirebaseErrors: ErrorPresenter {
    func response(for refusal: SiteRefusal, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse {
        switch refusal {
        case .status(let status):
            return error(for: status).response
        case .methodNotAllowed(let allowed):
            var response = FirebaseError(.methodNotAllowed, status: 405).response
            response.headers.add("Allow", allowed.joined(separator: ", "))
            return response
        case .tooManyRequests(let retryAfter):
            // Firebase answers a rate limit with 400 and this string (what the SDKs map to
            // auth/too-many-requests), not 429.
            var response = FirebaseError(.tooManyAttempts).response
            response.headers.add("Retry-After", String(retryAfter))
            return response
        case .accountLocked:
            // Waiting does not help: no `Retry-After`, and the detail (which the SDKs show) says
            // what does.
            return FirebaseError.accountLocked.response
        case .overloaded(let retryAfter):
            // The fair hashing queue could not take the job: nothing was checked or counted.
            var response = FirebaseError(.unavailable, status: 503).response
            response.headers.add("Retry-After", String(retryAfter))
            return response
        case .invalidEncoding:
            return FirebaseError.invalidArgument("Invalid UTF-8 in the request body.").response
        case .signInRequired:
            return FirebaseError(.insufficientPermission, status: 403).response
        }
    }

    private func error(for status: ErrorStatus) -> FirebaseError {
        switch status {
        case .badRequest: .invalidJSON
        case .forbidden: FirebaseError(.insufficientPermission, status: 403)
        case .notFound: FirebaseError(.notFound, status: 404)
        case .methodNotAllowed: FirebaseError(.methodNotAllowed, status: 405)
        case .requestTimeout: FirebaseError(.invalidArgument, "Request timeout.", status: 408)
        case .contentTooLarge: FirebaseError(.invalidArgument, "Request payload size exceeds the limit.", status: 413)
        case .tooManyRequests: FirebaseError(.tooManyAttempts)
        case .headersTooLarge: FirebaseError(.invalidArgument, "Request headers are too large.", status: 431)
        case .internalError: FirebaseError(.internalError, status: 500)
        case .unavailable: FirebaseError(.unavailable, status: 503)
        }
    }
}

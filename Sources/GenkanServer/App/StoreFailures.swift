import GenkanHTTP
import GenkanStore
import Synchronization

/// What a store failure becomes: a line for the operator (no secret in it) and a localized page.
/// A database that cannot be reached (`StoreError.Code.unavailable`: PostgreSQL stopped, the
/// network down, a statement past its timeout) is 503 with `Retry-After`, the answer that says
/// "try again shortly", and is logged at most once a second with the count of what happened in
/// between, so an outage does not flood the log; anything else is 500.
struct StoreFailures: Sendable {
    let log: ErrorLog
    private let outages = OutageLines()

    /// Seconds a client is asked to wait when the database cannot be reached.
    static let retryAfter = 2

    init(log: ErrorLog) {
        self.log = log
    }

    func refuse(_ error: StoreError, request: HTTPRequest, context: some SiteRequestContext) -> Reply {
        .response(response(error, request: request, context: context))
    }

    func response(_ error: StoreError, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse {
        record(error, request: request)
        let refusal: SiteRefusal = error.code == .unavailable ? .overloaded(retryAfter: Self.retryAfter) : .status(.internalError)
        return context.site.errors.response(for: refusal, request: request, context: context)
    }

    /// Writes the operator's line for a failure (throttled while the database is unreachable).
    func record(_ error: any Error, request: HTTPRequest) {
        let line = "store failure on \(request.method) \(request.path): \(error)"
        guard (error as? StoreError)?.code == .unavailable else { return log.write(line) }
        if let suppressed = outages.admit(now: ContinuousClock.now) {
            log.write(line + (suppressed > 0 ? " (and \(suppressed) more since the last line)" : ""))
        }
    }
}

/// Lets one line about an unreachable database through per second.
final class OutageLines: Sendable {
    private struct State {
        var last: ContinuousClock.Instant?
        var suppressed = 0
    }

    private let state = Mutex(State())

    /// Nil when the line is to be dropped; otherwise how many were dropped since the last one.
    func admit(now: ContinuousClock.Instant) -> Int? {
        state.withLock { state in
            if let last = state.last, last.duration(to: now) < .seconds(1) {
                state.suppressed += 1
                return nil
            }
            defer { state.suppressed = 0 }
            state.last = now
            return state.suppressed
        }
    }
}

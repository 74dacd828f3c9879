import GenkanHTTP
import GenkanStore

extension SiteRequestContext {
    /// Where the events of this request's operations say it came from: the client as the limits
    /// key it, the browser's `User-Agent`, and the door (the Firebase-compatible API or a page).
    func eventOrigin(_ request: HTTPRequest) -> EventOrigin {
        EventOrigin(client: clientKey, userAgent: request.headers["user-agent"], door: self is APIContext ? .api : .page, locale: locale)
    }
}

extension WorkerPool where Resource == Authenticator {
    /// `reply(lane, work, then:)` for a job that runs operations for `request`: the core's
    /// `origin` is the request's while `work` runs (the pool resets it after every job, so a job
    /// that does not set it records no other request's client).
    func reply<T: Sendable>(
        _ lane: Lane, for request: HTTPRequest, _ context: some SiteRequestContext, _ work: @escaping @Sendable (Authenticator) -> T,
        then next: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        let origin = context.eventOrigin(request)
        return reply(lane, { core in
            core.origin = origin
            return work(core)
        }, then: next)
    }
}

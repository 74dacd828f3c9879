import GenkanHTTP

/// The files under `public/` (read once at start): a GET route for each, so another method on
/// one gets 405 from the table like any other route.
struct PublicFiles: Sendable {
    let files: StaticFiles

    func register(on router: Router<SiteContext>) {
        for path in files.paths {
            router.get(path) { [files] request, context in
                guard let response = files.response(for: request) else { return context.refuse(.status(.notFound), request) }
                return .response(response)
            }
        }
    }
}

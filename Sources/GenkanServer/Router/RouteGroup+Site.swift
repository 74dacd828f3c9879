import GenkanHTTP

/// Routes at the site's paths (`SitePath`), with the form a route is described with, and groups
/// whose refusals another presenter reads.
extension RouteGroup where Root == SiteContext {
    /// This group with its refusals, and those of unknown paths under its prefix, read by `errors`.
    func presenting(_ errors: any ErrorPresenter) -> RouteGroup {
        var attributes = self.attributes
        attributes.errors = errors
        let presenting = attributed(attributes)
        if !prefix.isEmpty { presenting.answeringUnknownPaths() }
        return presenting
    }

    /// A route at `path` under the group's prefix; a route with a form (given here, or the
    /// group's, `validating(_:with:)`) is the one its form posts to (one definition of the path),
    /// and its refusals show that form again.
    func on(_ method: String, _ path: String, form: FormDescription?, use handler: @escaping RouteHandler<Context>) {
        var attributes = self.attributes
        if let form { attributes.form = form }
        if let form = attributes.form {
            precondition(
                form.route.pattern == prefix + path, "\(method) \(prefix + path) is registered with a form of \(form.route.pattern)")
        }
        on(method, path, attributes: attributes, use: handler)
    }

    /// A route at one of the site's paths, which starts with the group's prefix (not added again).
    func on(_ method: String, _ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler<Context>) {
        precondition(path.pattern.hasPrefix(prefix + "/"), "\(path) is not under the group's prefix '\(prefix)'")
        on(method, String(path.pattern.dropFirst(prefix.count)), form: form, use: handler)
    }

    func get(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler<Context>) {
        on("GET", path, form: form, use: handler)
    }

    func post(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler<Context>) {
        on("POST", path, form: form, use: handler)
    }
}

extension Router where Context == SiteContext {
    func get(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler<SiteContext>) {
        group().get(path, form: form, use: handler)
    }

    func post(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler<SiteContext>) {
        group().post(path, form: form, use: handler)
    }
}

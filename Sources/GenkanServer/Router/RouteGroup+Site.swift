import GenkanHTTP

/// Routes at the site's paths (`SitePath`), with the form a route is described with, and groups
/// whose refusals another presenter reads.
extension RouteGroup where Root == SiteContext {
    /// This group with its refusals, and those of unknown paths under its prefix, read by `errors`.
    func presenting(_ errors: any ErrorPresenter) -> RouteGroup {
        attributed(SiteRoute(errors: errors, form: attributes.form))
    }

    /// A route at `path` under the group's prefix; a route with a form is the one its form posts
    /// to (one definition of the path), and its refusals show that form again.
    func on(_ method: String, _ path: String, form: FormDescription?, use handler: @escaping RouteHandler<Context>) {
        guard let form else { return on(method, path, use: handler) }
        precondition(
            form.route.pattern == prefix + path, "\(method) \(prefix + path) is registered with a form of \(form.route.pattern)")
        var attributes = self.attributes
        attributes.form = form
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

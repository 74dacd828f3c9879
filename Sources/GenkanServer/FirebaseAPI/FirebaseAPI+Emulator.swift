import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// The Auth emulator's own endpoints (`/emulator/v1/projects/{id}/…`), in emulator mode only: the
/// codes sent, deleting every account, and the project's configuration (which Genkan fixes: one
/// account per address, email-enumeration protection on).
extension FirebaseAPI {
    func registerEmulator(on group: RouteGroup<SiteContext, APIContext>) {
        let project = group.group("", ProjectCheck(project: self.project))
        project.get("/oobCodes", use: listCodes)
        project.on("DELETE", "/accounts", use: deleteAllAccounts)
        let configuration = "/config"
        project.get(configuration, use: config)
        project.on("PATCH", configuration, use: updateConfig)
    }

    /// Every code sent (the most recent `AccountStore.emulatorCodesKept`), by whichever server on
    /// the database sent it: the store records them in emulator mode.
    func listCodes(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        answerFromStore(request, context) { core in
            let codes = try core.emulatorCodes().compactMap { entry -> JSONValue? in
                if entry.isSignInLink {
                    // An app's link as mailed, or the site's own page for a sign-in link the
                    // site mailed.
                    return .object([
                        ("email", .string(entry.email)), ("oobCode", .string(entry.code)),
                        ("oobLink", .string(entry.link ?? self.mail.link(.signInLinkConfirm, code: entry.code))),
                        ("requestType", .string("EMAIL_SIGNIN")),
                    ])
                }
                guard let purpose = entry.purpose else { return nil }
                return .object([
                    ("email", .string(entry.email)), ("oobCode", .string(entry.code)),
                    ("oobLink", .string(self.mail.link(Self.pagePath(purpose), code: entry.code))),
                    ("requestType", .string(Self.requestType(purpose))),
                ])
            }
            return .object([("oobCodes", .array(codes))])
        }
    }

    func deleteAllAccounts(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        answerFromStore(request, context) { core in
            try core.deleteAllAccounts()
            return .object([])
        }
    }

    static let configuration: JSONValue = .object([
        ("signIn", .object([("allowDuplicateEmails", .bool(false))])),
        ("emailPrivacyConfig", .object([("enableImprovedEmailPrivacy", .bool(true))])),
    ])

    func config(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        .response(Responses.json(200, Self.configuration))
    }

    /// Accepts the configuration Genkan has; another value is refused, since one account per address
    /// and email-enumeration protection are what the store and the site are built on.
    func updateConfig(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        let body = context.body
        if let duplicates = body["signIn"]?[member: "allowDuplicateEmails"], duplicates != .bool(false) {
            return Self.failure(FirebaseError(.operationNotAllowed, "Genkan keeps one account per e-mail address."))
        }
        if let enabled = body["emailPrivacyConfig"]?[member: "enableImprovedEmailPrivacy"], enabled != .bool(true) {
            return Self.failure(FirebaseError(.operationNotAllowed, "Genkan keeps email-enumeration protection on."))
        }
        return .response(Responses.json(200, Self.configuration))
    }
}

/// The emulator's endpoints answer for the configured project only (404 for another).
struct ProjectCheck: Middleware {
    let project: String

    func handle(_ request: HTTPRequest, context: APIContext, next: @escaping RouteHandler<APIContext>) -> Reply {
        guard context.parameters["project"] == project else { return context.refuse(.status(.notFound), request) }
        return next(request, context)
    }
}

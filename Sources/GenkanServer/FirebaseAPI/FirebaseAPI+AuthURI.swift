import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `accounts:createAuthUri`: under email-enumeration protection (always on in Genkan) only a
/// `sessionId`, so the answer says nothing of whether the address has an account; it needs no
/// look-up at all.
extension FirebaseAPI {
    func createAuthURI(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            if try fields.string("providerId") != nil {
                throw FirebaseError(.operationNotAllowed, "Genkan signs in with e-mail and password only.")
            }
            guard let identifier = try fields.string("identifier") else { throw FirebaseError(.missingIdentifier) }
            guard let continueURI = try fields.string("continueUri") else { throw FirebaseError(.missingContinueURI) }
            guard rules.validate(.passwordResetRequest, values: [.email: identifier]).normalizedEmail != nil else {
                throw FirebaseError(.invalidIdentifier)
            }
            guard Self.isAbsoluteURI(continueURI) else { throw FirebaseError(.invalidContinueURI) }
            return .response(Responses.json(200, .object([
                ("kind", .string("identitytoolkit#CreateAuthUriResponse")),
                ("sessionId", .string(try fields.string("sessionId") ?? String(Secret.token().prefix(27)))),
            ])))
        }
    }
}

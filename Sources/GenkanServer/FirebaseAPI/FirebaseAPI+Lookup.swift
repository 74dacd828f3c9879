import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `accounts:lookup` (`getAccountInfo`) with an ID token: the signed-in user's record. The token
/// is checked on the loop (signature, expiry), the account on the pool's interactive lane.
extension FirebaseAPI {
    func lookup(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let claims = try claims(context.body)
            return answer(.interactive(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile in
                    do {
                        // One factor whichever door enrolled it: the SDK's `enrolledFactors`.
                        let factor = try core.secondFactor(accountID: profile.account.id)
                        let user = UserRecord.json(profile, providerIDs: providerIDs, secondFactor: factor)
                        return .success(.object([("kind", .string("identitytoolkit#GetAccountInfoResponse")), ("users", .array([user]))]))
                    } catch {
                        return .failure(self.storeFailure(error, request))
                    }
                }
            }
        }
    }
}

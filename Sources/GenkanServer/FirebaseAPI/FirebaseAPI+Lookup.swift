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
                        var user = UserRecord.json(profile, providerIDs: providerIDs)
                        // One factor whichever door enrolled it: the SDK's `enrolledFactors`.
                        if case .object(var fields) = user, let factor = try core.secondFactor(accountID: profile.account.id) {
                            fields.append(("mfaInfo", .array([UserRecord.mfaInfo(factor)])))
                            user = .object(fields)
                        }
                        return .success(.object([("kind", .string("identitytoolkit#GetAccountInfoResponse")), ("users", .array([user]))]))
                    } catch {
                        return .failure(self.storeFailure(error, request))
                    }
                }
            }
        }
    }
}

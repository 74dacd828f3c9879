import GenkanHTTP
import GenkanJSON
import GenkanStore

/// `accounts:batchCreate`: the Admin SDKs' `importUsers` (and firebase-tools' upload), up to 1,000
/// users a call with their password hashes, behind `AdminAccess` like every admin endpoint.
///
/// As Firebase answers it: a call that is malformed as a whole — no users, more than 1,000, a uid
/// given twice (`DUPLICATE_LOCAL_ID`), a member of the wrong type or bytes that are not base64 in
/// any user, hash parameters that are wrong or missing for the users' hashes — is refused with 400
/// and imports nothing; otherwise each user that cannot be imported is reported in `error` with its
/// index and Firebase's sentence, and the others are imported, in one transaction. An existing uid,
/// address or identity is that user's error, never an overwrite (`allowOverwrite` is not honoured:
/// an import never replaces an account).
extension FirebaseAPI {
    /// Users a call may hold, as Firebase allows.
    static let maximumImportedUsers = 1000

    func adminBatchCreate(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let body = context.body
            guard case .array(let users)? = body["users"], !users.isEmpty else { throw FirebaseError(.missingUserAccount) }
            guard users.count <= Self.maximumImportedUsers else {
                throw .invalidArgument("Up to \(Self.maximumImportedUsers) users can be imported in one call, not \(users.count).")
            }
            var seen = Set<String>()
            for user in users {
                if case .string(let uid)? = user[member: "localId"], !seen.insert(uid).inserted {
                    throw FirebaseError(.duplicateLocalID, uid)
                }
            }
            let options = try Self.hashOptions(body)
            var scheme: ImportedHashScheme?
            if options.algorithm != nil {
                switch options.scheme() {
                case .success(let made): scheme = made
                case .failure(let problem): throw FirebaseError(FirebaseErrorCode(importProblem: problem.code), problem.detail)
                }
            }
            let reader = FirebaseUserRecord(
                source: .api, input: FirebaseInput(rules: rules), scheme: scheme, saltSeparator: options.saltSeparator,
                providers: providerIssuers)
            return answer(.interactive(request, context)) { core in
                // Reading a thousand users through the site's rules takes milliseconds: on the pool,
                // not the loop.
                var accounts: [(index: Int, account: ImportedAccount)] = []
                var errors: [(index: Int, message: String)] = []
                for (index, user) in users.enumerated() {
                    switch reader.read(user) {
                    case .success(let read): accounts.append((index, read.account))
                    case .failure(.refused(let message)): errors.append((index, message))
                    case .failure(.malformed(let message)):
                        return .failure(.invalidArgument("Invalid JSON payload received. Invalid value at 'users[\(index)]': \(message)."))
                    case .failure(.missingHashAlgorithm): return .failure(FirebaseError(.missingHashAlgorithm))
                    }
                }
                switch core.importAccounts(accounts.map(\.account)) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let outcomes):
                    for (entry, outcome) in zip(accounts, outcomes) {
                        switch outcome {
                        case .imported: break
                        case .uidExists: errors.append((entry.index, "localId belongs to an existing account - can not overwrite."))
                        case .emailExists: errors.append((entry.index, "email exists in other account in database"))
                        case .identityExists: errors.append((entry.index, "raw id exists in other account in database"))
                        }
                    }
                }
                errors.sort { $0.index < $1.index }
                return .success(.object([
                    ("kind", .string("identitytoolkit#UploadAccountResponse")),
                    ("error", .array(errors.map { .object([("index", .integer($0.index)), ("message", .string($0.message))]) })),
                ]))
            }
        }
    }

    /// The call's hash parameters, as `UploadAccountRequest` names them (bytes in base64 of
    /// either alphabet, numbers as numbers or strings of digits).
    static func hashOptions(_ body: APIRequestBody) throws(FirebaseError) -> PasswordHashOptions {
        func bytes(_ name: String, _ code: FirebaseErrorCode) throws(FirebaseError) -> [UInt8]? {
            guard let text = try body.string(name) else { return nil }
            guard let value = Base64.decode(text) else { throw FirebaseError(code, "\(name) is not base64") }
            return value
        }
        func number(_ name: String) throws(FirebaseError) -> Int? {
            try body.integer(name).map { Int(clamping: $0) }
        }
        let order: ImportedHashScheme.InputOrder?
        switch try body.string("passwordHashOrder") {
        case nil, "UNSPECIFIED_ORDER"?: order = nil
        case let text?:
            guard let known = ImportedHashScheme.InputOrder(rawValue: text) else {
                throw .invalidArgument("Invalid value at 'password_hash_order': \(text).")
            }
            order = known
        }
        return PasswordHashOptions(
            algorithm: try body.string("hashAlgorithm"), key: try bytes("signerKey", .invalidHashKey),
            saltSeparator: try bytes("saltSeparator", .invalidHashSaltSeparator) ?? [], rounds: try number("rounds"),
            memoryCost: try number("memoryCost"), cpuMemoryCost: try number("cpuMemCost"), parallelization: try number("parallelization"),
            blockSize: try number("blockSize"), derivedKeyLength: try number("dkLen"), order: order)
    }

    /// The configured OpenID providers by their Firebase provider id (`oidc.NAME`, or what
    /// `providerIDs` says), with their issuers: the identities an import keeps beside Google's and
    /// Apple's.
    var providerIssuers: [String: (name: String, issuer: String)] {
        var issuers: [String: (name: String, issuer: String)] = [:]
        for provider in identity?.providers.all ?? [] {
            let configuration = provider.configuration
            issuers[UserRecord.firebaseProviderID(configuration.name, configured: providerIDs)] = (configuration.name, configuration.issuer)
        }
        return issuers
    }
}

extension FirebaseErrorCode {
    /// The string Firebase answers for what is wrong with an import's hash parameters.
    init(importProblem code: ImportProblem.Code) {
        switch code {
        case .missingAlgorithm: self = .missingHashAlgorithm
        case .invalidAlgorithm: self = .invalidHashAlgorithm
        case .invalidKey: self = .invalidHashKey
        case .invalidSaltSeparator: self = .invalidHashSaltSeparator
        case .invalidRounds: self = .invalidHashRounds
        case .invalidMemoryCost: self = .invalidHashMemoryCost
        case .invalidBlockSize: self = .invalidHashBlockSize
        case .invalidParallelization: self = .invalidHashParallelization
        case .invalidDerivedKeyLength: self = .invalidHashDerivedKeyLength
        case .invalidHash, .invalidSalt: self = .invalidArgument
        }
    }
}

/// Every error string the Firebase-compatible API answers with: the `message` of Firebase's error
/// body, before any ` : detail`. The conformance tests walk `allCases` through `AuthErrorModel`.
enum FirebaseErrorCode: String, CaseIterable, Sendable {
    // Accounts and passwords
    case emailExists = "EMAIL_EXISTS"
    case emailNotFound = "EMAIL_NOT_FOUND"
    case invalidEmail = "INVALID_EMAIL"
    case missingEmail = "MISSING_EMAIL"
    case missingNewEmail = "MISSING_NEW_EMAIL"
    case missingPassword = "MISSING_PASSWORD"
    case weakPassword = "WEAK_PASSWORD"
    case passwordRequirements = "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
    case invalidLoginCredentials = "INVALID_LOGIN_CREDENTIALS"
    case userDisabled = "USER_DISABLED"
    case userNotFound = "USER_NOT_FOUND"
    case operationNotAllowed = "OPERATION_NOT_ALLOWED"
    case adminOnlyOperation = "ADMIN_ONLY_OPERATION"
    case tooManyAttempts = "TOO_MANY_ATTEMPTS_TRY_LATER"
    // Tokens
    case invalidIDToken = "INVALID_ID_TOKEN"
    case missingIDToken = "MISSING_ID_TOKEN"
    case tokenExpired = "TOKEN_EXPIRED"
    case credentialTooOld = "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
    case invalidRefreshToken = "INVALID_REFRESH_TOKEN"
    case missingRefreshToken = "MISSING_REFRESH_TOKEN"
    case invalidGrantType = "INVALID_GRANT_TYPE"
    case missingGrantType = "MISSING_GRANT_TYPE"
    // Out-of-band codes
    case missingRequestType = "MISSING_REQ_TYPE"
    case invalidRequestType = "INVALID_REQ_TYPE"
    case invalidOOBCode = "INVALID_OOB_CODE"
    case expiredOOBCode = "EXPIRED_OOB_CODE"
    case missingOOBCode = "MISSING_OOB_CODE"
    case invalidContinueURI = "INVALID_CONTINUE_URI"
    case missingContinueURI = "MISSING_CONTINUE_URI"
    case invalidIdentifier = "INVALID_IDENTIFIER"
    case missingIdentifier = "MISSING_IDENTIFIER"
    // Administration
    case insufficientPermission = "INSUFFICIENT_PERMISSION"
    case missingLocalID = "MISSING_LOCAL_ID"
    // Requests Genkan cannot read, and its own failures
    case invalidArgument = "INVALID_ARGUMENT"
    case notFound = "NOT_FOUND"
    case methodNotAllowed = "METHOD_NOT_ALLOWED"
    case internalError = "INTERNAL_ERROR"
    case unavailable = "UNAVAILABLE"
    // MARK: Signing in with an identity provider (accounts:signInWithIdp)
    case invalidIDPResponse = "INVALID_IDP_RESPONSE"
    case missingOrInvalidNonce = "MISSING_OR_INVALID_NONCE"
    case federatedUserIDAlreadyLinked = "FEDERATED_USER_ID_ALREADY_LINKED"
    case invalidProviderID = "INVALID_PROVIDER_ID"
    case unverifiedEmail = "UNVERIFIED_EMAIL"
}

/// Server strings the Identity Toolkit and Secure Token services send (and Genkan's compatible API
/// sends) that the reference table of SDK mappings does not list, each with the error a client
/// shows for it. Both SDKs fall back to an internal error for strings they do not know; these are
/// mapped to the error a person can act on where there is one.
///
/// Kept apart from the generated `AuthErrorCode.swift`: they are Genkan's reading of the REST
/// service, not rows of the SDKs' tables.
extension AuthErrorSpellingIndex {
    static let unlistedServerStrings: [(String, AuthErrorCode)] = [
        // A request without what it needs: the client's mistake, said as such.
        ("MISSING_NEW_EMAIL", .missingEmail),
        ("MISSING_IDENTIFIER", .missingEmail),
        ("MISSING_OOB_CODE", .invalidActionCode),
        ("MISSING_REQ_TYPE", .argumentError),
        ("MISSING_LOCAL_ID", .argumentError),
        ("MISSING_GRANT_TYPE", .argumentError),
        ("INVALID_GRANT_TYPE", .argumentError),
        ("INVALID_ARGUMENT", .argumentError),
        // The session's tokens: the person signs in again.
        ("MISSING_ID_TOKEN", .invalidUserToken),
        ("INVALID_REFRESH_TOKEN", .invalidUserToken),
        ("MISSING_REFRESH_TOKEN", .invalidUserToken),
        // What only an administrator can do.
        ("INSUFFICIENT_PERMISSION", .adminRestrictedOperation),
        // The admin endpoints' refusals of a value the caller must change (the Admin SDKs'
        // uid-already-exists, claims-too-large, invalid-claims, forbidden-claim); no client SDK
        // sees them.
        ("DUPLICATE_LOCAL_ID", .argumentError),
        ("CLAIMS_TOO_LARGE", .argumentError),
        ("INVALID_CLAIMS", .argumentError),
        ("FORBIDDEN_CLAIM", .argumentError),
        // accounts:batchCreate's refusals of a whole import (the Admin SDKs' missing-hash-algorithm,
        // invalid-hash-*): no client SDK sees them either.
        ("MISSING_USER_ACCOUNT", .argumentError),
        ("MISSING_HASH_ALGORITHM", .argumentError),
        ("INVALID_HASH_ALGORITHM", .argumentError),
        ("INVALID_HASH_KEY", .argumentError),
        ("INVALID_HASH_SALT_SEPARATOR", .argumentError),
        ("INVALID_HASH_ROUNDS", .argumentError),
        ("INVALID_HASH_MEMORY_COST", .argumentError),
        ("INVALID_HASH_BLOCK_SIZE", .argumentError),
        ("INVALID_HASH_PARALLELIZATION", .argumentError),
        ("INVALID_HASH_DERIVED_KEY_LENGTH", .argumentError),
        // HTTP-level answers in Firebase's shape.
        ("NOT_FOUND", .internalError),
        ("METHOD_NOT_ALLOWED", .internalError),
        ("INTERNAL_ERROR", .internalError),
        ("UNAVAILABLE", .networkError),
    ]
}

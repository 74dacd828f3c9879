/// What is wrong with an import: its hash parameters (the whole import is refused) or one user's
/// record (that user is not imported). A stable code — the string Firebase's API answers for it —
/// and a sentence for the operator, never containing a hash, key or password.
public struct ImportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        // The import's hash parameters.
        case missingAlgorithm = "MISSING_HASH_ALGORITHM"
        case invalidAlgorithm = "INVALID_HASH_ALGORITHM"
        case invalidKey = "INVALID_HASH_KEY"
        case invalidSaltSeparator = "INVALID_HASH_SALT_SEPARATOR"
        case invalidRounds = "INVALID_HASH_ROUNDS"
        case invalidMemoryCost = "INVALID_HASH_MEMORY_COST"
        case invalidBlockSize = "INVALID_HASH_BLOCK_SIZE"
        case invalidParallelization = "INVALID_HASH_PARALLELIZATION"
        case invalidDerivedKeyLength = "INVALID_HASH_DERIVED_KEY_LENGTH"
        // One user's hash.
        case invalidHash = "INVALID_PASSWORD_HASH"
        case invalidSalt = "INVALID_PASSWORD_SALT"
    }

    public let code: Code
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail }
}

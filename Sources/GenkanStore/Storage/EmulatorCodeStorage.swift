/// The codes a server in Firebase Auth emulator mode lists (`GET /emulator/v1/projects/{id}/
/// oobCodes`): kept in clear, which only a development server may do, and in the database so that
/// every server on it lists the same codes.
public protocol EmulatorCodeStorage: AnyObject {
    /// Records a code and keeps only the most recent `keeping` codes.
    ///
    /// - Throws: `StoreError.Code.constraint` when there is no account `accountID`.
    func insertEmulatorCode(_ code: EmulatorCode, keeping: Int) throws(StoreError)

    /// The codes recorded, oldest first.
    func emulatorCodes() throws(StoreError) -> [EmulatorCode]
}

/// One code as the emulator lists it.
public struct EmulatorCode: Sendable, Hashable {
    public let accountID: Int64
    /// The address the code was mailed to (the old one for a recovery code).
    public let email: String
    /// The token itself.
    public let code: String
    /// Nil for a purpose this version does not know.
    public let purpose: ActionCodePurpose?
    public let createdAt: Int64

    public init(accountID: Int64, email: String, code: String, purpose: ActionCodePurpose?, createdAt: Int64) {
        self.accountID = accountID
        self.email = email
        self.code = code
        self.purpose = purpose
        self.createdAt = createdAt
    }
}

/// The codes a server in Firebase Auth emulator mode lists (`GET /emulator/v1/projects/{id}/
/// oobCodes`): kept in clear, which only a development server may do, and in the database so that
/// every server on it lists the same codes.
public protocol EmulatorCodeStorage: AnyObject {
    /// Records a code and keeps only the most recent `keeping` codes.
    ///
    /// - Throws: `StoreError.Code.constraint` when there is no account `accountID` (nil is a sign-in
    ///   link to an address without an account).
    func insertEmulatorCode(_ code: EmulatorCode, keeping: Int) throws(StoreError)

    /// The codes recorded, oldest first.
    func emulatorCodes() throws(StoreError) -> [EmulatorCode]
}

/// One code as the emulator lists it.
public struct EmulatorCode: Sendable, Hashable {
    /// Nil for a sign-in link to an address that has no account yet (using it makes one).
    public let accountID: Int64?
    /// The address the code was mailed to (the old one for a recovery code).
    public let email: String
    /// The token itself.
    public let code: String
    /// Nil for a purpose this version does not know, and for a sign-in link.
    public let purpose: ActionCodePurpose?
    public let createdAt: Int64
    /// A sign-in link's code (stored with the purpose `sign-in`; the emulator's `EMAIL_SIGNIN`).
    public let isSignInLink: Bool
    /// The link as mailed, when it leads to an app's `continueUrl` rather than the site's page.
    public let link: String?

    public init(
        accountID: Int64?, email: String, code: String, purpose: ActionCodePurpose?, createdAt: Int64, isSignInLink: Bool = false,
        link: String? = nil
    ) {
        self.accountID = accountID
        self.email = email
        self.code = code
        self.purpose = isSignInLink ? nil : purpose
        self.createdAt = createdAt
        self.isSignInLink = isSignInLink
        self.link = link
    }

    /// What the `purpose` column holds for a sign-in link.
    public static let signInPurpose = "sign-in"
}

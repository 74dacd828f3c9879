/// What a verified ID token says: whose it is and when it and its sign-in happened.
struct IDTokenClaims: Sendable, Hashable {
    /// The account's uid (the token's `sub` and `user_id`, Firebase's `localId`).
    let uid: String
    let issuedAt: Int64
    let expiresAt: Int64
    /// When the holder last proved the password (`auth_time`).
    let authTime: Int64
    let signInProvider: String
}

import GenkanSQL

/// The columns the `SQLRow` readers (`SQLRow+Rows.swift`) take, in their order: the same names in
/// every dialect's schema.
enum StoreColumns {
    static let account =
        "id, email, display_name, name_key, created_at, verified_at, disabled_at, valid_since, password_hash, photo_url, last_login_at, email_key, uid, is_anonymous, custom_claims, credentials_trusted_since, admin_since"

    /// `account` of the table aliased `a`, as the joins name it; made once, since the queries that
    /// use it run for every signed-in page.
    static let accountOfA = account.split(separator: ",").map { "a.\($0.trimmingPrefix(" "))" }.joined(separator: ", ")

    static let session = "s.token_hash, s.account_id, s.created_at, s.authenticated_at, s.last_seen_at, s.expires_at, s.user_agent"

    static let refreshToken = "r.token_hash, r.account_id, r.created_at, r.auth_time, r.sign_in_provider, r.last_used_at, r.claims"

    static let passkey =
        "p.id, p.account_id, p.credential_id, p.public_key, p.sign_count, p.backup_eligible, p.backed_up, p.aaguid, p.transports, p.name, p.created_at, p.last_used_at"

    static let code = "c.id, c.code_hash, c.account_id, c.purpose, c.email, c.created_at, c.expires_at, c.consumed_at"

    static let signInCode = "id, code_hash, email, email_key, created_at, expires_at, consumed_at"

    static let identity = "provider, issuer, subject, email, created_at, last_used_at"

    static let passkeyChallenge = "ceremony, binding_hash, account_id, created_at, expires_at"

    static let outboxMessage = "id, sender, recipient, message, created_at, attempts, next_attempt_at, last_error"

    static let authorization =
        "provider, binding_hash, account_id, nonce, code_verifier, return_to, expires_at, response_code, response_user"

    static let resetRequest = "id, email, locale, created_at, kind"

    static let emulatorCode = "account_id, email, code, purpose, created_at, link"

    static let event = "id, time, type, uid, actor, client, user_agent, details"

    /// `event` of the table aliased `e`, as the webhook queue's join names it.
    static let eventOfE = event.split(separator: ",").map { "e.\($0.trimmingPrefix(" "))" }.joined(separator: ", ")
}

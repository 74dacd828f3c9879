import GenkanJSON

/// What a blocking hook is told: the account as it is (or, before creation, as it will be) and the
/// request's context, in the names of the payload Firebase sends its blocking functions (the
/// `user_record` and the event's `ip_address`, `user_agent`, `locale`, `sign_in_method`), inside a
/// Standard Webhooks body whose type is `user.beforeCreate` or `user.beforeSignIn`. A hook written
/// for Firebase reads the same fields; no password, hash or token is ever in it.
public struct BlockingHookRequest: Sendable {
    public var event: BlockingHookEvent
    /// Unique per call (the Standard Webhooks `webhook-id` too).
    public var eventID: String
    public var user: BlockingHookUser
    /// `password`, `emailLink`, `passkey`, `anonymous`, `custom`, or a provider id (`google.com`).
    public var signInMethod: String
    public var ipAddress: String
    public var userAgent: String
    public var locale: String

    public init(
        event: BlockingHookEvent, eventID: String, user: BlockingHookUser, signInMethod: String, ipAddress: String, userAgent: String,
        locale: String
    ) {
        self.event = event
        self.eventID = eventID
        self.user = user
        self.signInMethod = signInMethod
        self.ipAddress = ipAddress
        self.userAgent = userAgent
        self.locale = locale
    }

    /// The `data` member of the body.
    public var data: JSONValue {
        .object([
            ("event_id", .string(eventID)), ("event_type", .string(event.rawValue)), ("ip_address", .string(ipAddress)),
            ("user_agent", .string(userAgent)), ("locale", .string(locale)), ("sign_in_method", .string(signInMethod)),
            ("user_record", user.json),
        ])
    }
}

/// The account in a blocking hook's request (Firebase's `user_record`).
public struct BlockingHookUser: Sendable {
    public var uid: String
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String?
    public var photoURL: String?
    public var disabled: Bool
    /// The account's custom claims, an object (empty when it has none).
    public var customClaims: JSONValue
    /// The provider ids of its ways in (`password`, `google.com`, …).
    public var providers: [String]
    /// Unix seconds; nil before the account exists.
    public var createdAt: Int64?
    public var lastSignInAt: Int64?

    public init(
        uid: String, email: String?, emailVerified: Bool, displayName: String?, photoURL: String? = nil, disabled: Bool = false,
        customClaims: JSONValue = .object([]), providers: [String], createdAt: Int64?, lastSignInAt: Int64?
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.disabled = disabled
        self.customClaims = customClaims
        self.providers = providers
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
    }

    var json: JSONValue {
        var members: JSONValue.Members = [("uid", .string(uid))]
        if let email { members.append(("email", .string(email))) }
        members.append(("email_verified", .bool(emailVerified)))
        if let displayName, !displayName.isEmpty { members.append(("display_name", .string(displayName))) }
        if let photoURL, !photoURL.isEmpty { members.append(("photo_url", .string(photoURL))) }
        members.append(("disabled", .bool(disabled)))
        members.append(("custom_claims", customClaims))
        members.append(("provider_data", .array(providers.map { .object([("provider_id", .string($0))]) })))
        var metadata: JSONValue.Members = []
        if let createdAt { metadata.append(("creation_time", .integer(createdAt))) }
        if let lastSignInAt { metadata.append(("last_sign_in_time", .integer(lastSignInAt))) }
        members.append(("metadata", .object(metadata)))
        return .object(members)
    }
}

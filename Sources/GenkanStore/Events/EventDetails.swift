import GenkanJSON

/// What an event records beyond its type, account and actor. A fixed set of typed fields, so that
/// nothing else (a password, a token, a code, a hash, an address) can be written into the log:
/// each is a name, a count or a stable code.
public struct EventDetails: Sendable, Hashable {
    /// How the account was entered or changed: `password`, `passkey`, `email_link`, `anonymous`,
    /// `custom_token`, `second_factor`, or a provider id (`google.com`); for a second factor and
    /// its step, `totp` or `recovery_code`.
    public var method: String?
    /// Which door the request came through.
    public var door: EventDoor?
    /// A refusal's or failure's stable code (`auth/wrong-password`, `sign-in.address`,
    /// `blocking-hook`, `account-disabled`).
    public var reason: String?
    /// The provider linked or unlinked (`google.com`).
    public var provider: String?
    /// The handle (16 hex digits of its token's hash) of the session an event ended or started.
    public var session: String?
    /// How many sessions or passkeys an action ended or removed.
    public var count: Int?
    /// The names (never the values) of the custom claims an action set.
    public var claims: [String]?

    public init(
        method: String? = nil, door: EventDoor? = nil, reason: String? = nil, provider: String? = nil, session: String? = nil,
        count: Int? = nil, claims: [String]? = nil
    ) {
        self.method = method
        self.door = door
        self.reason = reason
        self.provider = provider
        self.session = session
        self.count = count
        self.claims = claims
    }

    /// The fields that are set, as a JSON object (in this order).
    public var json: JSONValue {
        var members: JSONValue.Members = []
        if let method { members.append(("method", .string(method))) }
        if let door { members.append(("door", .string(door.rawValue))) }
        if let reason { members.append(("reason", .string(reason))) }
        if let provider { members.append(("provider", .string(provider))) }
        if let session { members.append(("session", .string(session))) }
        if let count { members.append(("count", .integer(count))) }
        if let claims { members.append(("claims", .array(claims.map(JSONValue.string)))) }
        return .object(members)
    }

    /// Reads what `json` wrote; members it does not know, or of the wrong type, are left out.
    public init(json: JSONValue) {
        method = json["method"]?.stringValue
        door = json["door"]?.stringValue.flatMap(EventDoor.init(rawValue:))
        reason = json["reason"]?.stringValue
        provider = json["provider"]?.stringValue
        session = json["session"]?.stringValue
        count = json["count"]?.integerValue
        claims = json["claims"]?.arrayValue?.compactMap(\.stringValue)
    }

    /// The stored form: compact JSON, `{}` when nothing is set.
    public var stored: String { json.serialized() }

    /// Reads the stored form; text that is not a JSON object gives no details.
    public init(stored: String) {
        self.init(json: JSONReader.value(stored) ?? .object([]))
    }
}

/// The ways into an operation (a page, the Firebase-compatible API, the admin console, the command
/// line).
public enum EventDoor: String, Sendable, CaseIterable {
    case page
    case api
    case admin
    case cli
}

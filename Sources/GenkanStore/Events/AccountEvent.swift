import GenkanJSON

/// One entry of the security event log: what happened to which account, who did it, from where,
/// and when. Written in the transaction of the change it describes; read by the activity page, the
/// admin console, `genkan events export` and the webhook queue.
public struct AccountEvent: Sendable, Hashable {
    /// The row's id, increasing in the order events were written (0 before it is stored).
    public var id: Int64
    /// Unix seconds.
    public var time: Int64
    public var type: AccountEventType
    /// The account's uid. Kept as text, not a reference: an account's events outlive it (its
    /// deletion is one of them) until the retention period ends them.
    public var uid: String
    public var actor: EventActor
    /// The client's address as the limits see it (`ClientResolution`); nil for the command line.
    public var client: String?
    /// The browser's `User-Agent`, cut to `maximumUserAgentBytes`.
    public var userAgent: String?
    public var details: EventDetails

    /// The longest user agent kept, in UTF-8 bytes (as sessions keep it).
    public static let maximumUserAgentBytes = 512

    public init(
        id: Int64 = 0, time: Int64, type: AccountEventType, uid: String, actor: EventActor, client: String?, userAgent: String?,
        details: EventDetails = EventDetails()
    ) {
        self.id = id
        self.time = time
        self.type = type
        self.uid = uid
        self.actor = actor
        self.client = client
        self.userAgent = userAgent.map(Self.cut)
        self.details = details
    }

    /// `text` cut to `maximumUserAgentBytes` at a character boundary.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maximumUserAgentBytes else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > maximumUserAgentBytes { break }
            result.append(character)
        }
        return result
    }
}

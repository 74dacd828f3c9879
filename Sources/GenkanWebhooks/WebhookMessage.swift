import GenkanJSON

/// One webhook as Standard Webhooks 1.0.0 shapes it ("Payload structure"): the body
/// `{"type": …, "timestamp": …, "data": {…}}`, sent with an id that stays the same on every
/// retry, so the receiver can use it to process each message once.
public struct WebhookMessage: Sendable, Equatable {
    /// The message's id (`webhook-id`): letters, digits, `_` and `-` only. The specification asks
    /// that it hold no `.`, which would let `id.timestamp` be read two ways.
    public let id: String
    /// A full-stop delimited type, `[a-zA-Z0-9_]` between the stops (`user.created`).
    public let type: String
    /// When the event happened, RFC 3339 (not when this attempt is made: `webhook-timestamp` is).
    public let timestamp: String
    /// The event's data, an object.
    public let data: JSONValue

    /// - Returns: nil when `id` or `type` is not in the characters above.
    public init?(id: String, type: String, timestamp: String, data: JSONValue) {
        guard Self.isValidID(id), Self.isValidType(type) else { return nil }
        self.id = id
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }

    /// The body, compact JSON: the bytes that are signed are the bytes that are sent.
    public var body: [UInt8] {
        JSONValue.object([("type", .string(type)), ("timestamp", .string(timestamp)), ("data", data)]).serializedBytes()
    }

    /// 1 to 128 of `A-Z a-z 0-9 _ -`.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 128 && id.utf8.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") }
    }

    /// Identifiers of `[a-zA-Z0-9_]` joined by single full stops.
    public static func isValidType(_ type: String) -> Bool {
        !type.isEmpty && type.utf8.count <= 128
            && type.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isWordByte) }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }
}

/// Who caused an event: the account's holder, an administrator (by uid), or the server itself
/// (its command line, a sweep, a blocking hook's answer).
public enum EventActor: Sendable, Hashable {
    case user
    case administrator(uid: String)
    case system

    /// The stored form: `user`, `system` or `admin:UID`.
    public var stored: String {
        switch self {
        case .user: "user"
        case .system: "system"
        case .administrator(let uid): "admin:" + uid
        }
    }

    /// Reads the stored form; nil for anything else.
    public init?(stored: String) {
        switch stored {
        case "user": self = .user
        case "system": self = .system
        default:
            guard stored.hasPrefix("admin:"), stored.utf8.count > 6 else { return nil }
            self = .administrator(uid: String(stored.dropFirst(6)))
        }
    }
}

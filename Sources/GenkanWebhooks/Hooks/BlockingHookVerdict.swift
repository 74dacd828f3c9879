import GenkanJSON

/// What a blocking hook answered.
public enum BlockingHookVerdict: Sendable, Equatable {
    /// Go on, with these changes (none when the answer was `{}`).
    case allowed(BlockingHookUpdate)
    /// The hook refused: Firebase's error answer `{"error": {"status": …, "message": …}}` with a
    /// 4xx status. `message` is the hook's own text (for the API's answer, never a page).
    case refused(status: Int, code: String, message: String)
    /// The hook could not be asked or its answer not read (`--hooks-fail` decides): why, for the log.
    case unavailable(String)

    /// The verdict once `--hooks-fail` has decided what an unavailable hook means.
    public func resolved(_ mode: HooksFailMode) -> BlockingHookVerdict {
        guard case .unavailable(let reason) = self else { return self }
        switch mode {
        case .open: return .allowed(BlockingHookUpdate())
        case .closed: return .refused(status: 503, code: "UNAVAILABLE", message: "the blocking hook is unavailable (\(reason))")
        }
    }

    /// Reads an answer: 2xx with a JSON object (`{}` or `{"userRecord": {"updateMask": …}}`), or
    /// 4xx (a refusal, its `error` object read when there is one). 5xx and unreadable 2xx answers
    /// are `.unavailable`.
    public static func reading(status: Int, body: [UInt8]) -> BlockingHookVerdict {
        let json = JSONReader.value(body)
        switch status {
        case 200..<300:
            guard let json, json.members != nil else { return .unavailable("answer \(status) is not a JSON object") }
            guard let record = json["userRecord"], record != .null else { return .allowed(BlockingHookUpdate()) }
            do throws(BlockingHookUpdate.Problem) {
                return .allowed(try BlockingHookUpdate(record))
            } catch {
                return .unavailable("answer's userRecord: \(error.description)")
            }
        case 400..<500:
            let error = json?["error"]
            let code = error?["status"]?.stringValue ?? "PERMISSION_DENIED"
            let message = error?["message"]?.stringValue ?? ""
            return .refused(status: status, code: String(code.prefix(64)), message: String(message.prefix(1000)))
        default:
            return .unavailable("answer \(status)")
        }
    }
}

/// The changes an allowing answer asks for: the fields its `updateMask` names (others are ignored,
/// as Firebase ignores them).
public struct BlockingHookUpdate: Sendable, Equatable {
    /// Custom claims to store on the account (replacing its claims), an object.
    public var customClaims: JSONValue?
    /// Claims for the tokens of this sign-in only (`beforeSignIn`), an object.
    public var sessionClaims: JSONValue?
    public var displayName: String?
    public var disabled: Bool?
    public var emailVerified: Bool?
    public var photoURL: String?

    public init() {}

    public var isEmpty: Bool { self == BlockingHookUpdate() }

    /// Why a `userRecord` cannot be used.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    init(_ record: JSONValue) throws(Problem) {
        guard let mask = record["updateMask"]?.stringValue else { throw Problem(description: "updateMask is missing") }
        for field in mask.split(separator: ",").map({ $0.trimmingSpaces }) {
            let value = record[field]
            switch field {
            case "customClaims": customClaims = try Self.object(value, field)
            case "sessionClaims": sessionClaims = try Self.object(value, field)
            case "displayName": displayName = try Self.string(value, field)
            case "photoURL", "photoUrl": photoURL = try Self.string(value, field)
            case "disabled": disabled = try Self.bool(value, field)
            case "emailVerified": emailVerified = try Self.bool(value, field)
            default: continue
            }
        }
    }

    private static func object(_ value: JSONValue?, _ field: String) throws(Problem) -> JSONValue {
        guard let value, value.members != nil else { throw Problem(description: "\(field) is not an object") }
        return value
    }

    private static func string(_ value: JSONValue?, _ field: String) throws(Problem) -> String {
        guard let text = value?.stringValue else { throw Problem(description: "\(field) is not a string") }
        return text
    }

    private static func bool(_ value: JSONValue?, _ field: String) throws(Problem) -> Bool {
        guard let flag = value?.boolValue else { throw Problem(description: "\(field) is not true or false") }
        return flag
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

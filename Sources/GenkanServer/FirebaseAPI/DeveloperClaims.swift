import GenkanJSON
import GenkanStore
import GenkanValidation

/// Developer claims: an account's custom claims (the admin `customAttributes`, the Admin SDKs'
/// `setCustomUserClaims`) and a custom token's `claims`. Both are a JSON object whose members go
/// into ID tokens; names Firebase reserves for itself are refused, as the emulator refuses them.
enum DeveloperClaims {
    /// The names no developer claim may have (the Admin SDKs' list, the emulator's
    /// `FORBIDDEN_CUSTOM_CLAIMS`): what an ID token's own claims and JWT processing rely on.
    static let reserved: Set<String> = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase", "at_hash",
        "c_hash",
    ]

    /// Why a claims object cannot be used.
    enum Problem: Error, Equatable {
        /// Over `AccountStore.maximumClaimsLength` bytes.
        case tooLarge
        /// Not JSON, or not an object.
        case notAnObject
        /// A reserved name.
        case reserved(String)
    }

    /// Checks the JSON text of an account's custom claims: at most 1,000 bytes, an object, no
    /// reserved name.
    ///
    /// - Returns: the text to store, or nil for an empty object (no claims).
    static func checked(_ text: String) -> Result<String?, Problem> {
        guard text.utf8.count <= AccountStore.maximumClaimsLength else { return .failure(.tooLarge) }
        guard let members = JSONValue.apiObject(parsing: Array(text.utf8)),
            !text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        else { return .failure(.notAnObject) }
        if let name = members.map(\.name).sorted().first(where: reserved.contains) { return .failure(.reserved(name)) }
        return .success(members.isEmpty ? nil : text)
    }

    /// Checks a custom token's `claims` member and writes it as JSON text to keep with the refresh
    /// token, or nil when there are none.
    static func checked(_ value: JSONValue?) -> Result<String?, Problem> {
        switch value {
        case nil, .null?: return .success(nil)
        case .object(let members)?:
            if let name = members.map(\.name).sorted().first(where: reserved.contains) { return .failure(.reserved(name)) }
            if members.isEmpty { return .success(nil) }
            let text = sorted(.object(members)).serialized()
            return text.utf8.count <= AccountStore.maximumClaimsLength ? .success(text) : .failure(.tooLarge)
        default: return .failure(.notAnObject)
        }
    }

    /// The members of stored claims, in name order, for a token; none for nil or unreadable text.
    static func members(_ text: String?) -> [(name: String, value: JSONValue)] {
        guard let text, let members = JSONValue.apiObject(parsing: Array(text.utf8)) else { return [] }
        guard case .object(let sorted) = sorted(.object(members)) else { return [] }
        return sorted
    }

    /// A value as claims are kept and signed: every object's members in name order, and numbers
    /// as JavaScript holds them (a Double; a whole one written as an integer), as the SDKs' JSON
    /// would have them.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number):
            let double = number.double
            return double.rounded() == double && abs(double) < 9.2e18 ? .integer(Int(double)) : .double(double)
        case .array(let values): return .array(values.map(sorted))
        case .object(let members): return .object(members.sorted { $0.name < $1.name }.map { ($0.name, sorted($0.value)) })
        default: return value
        }
    }
}

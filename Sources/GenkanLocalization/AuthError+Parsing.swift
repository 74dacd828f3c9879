import Foundation
import GenkanJSON

extension AuthError {
    /// The longest input that is read (UTF-8 bytes); longer input is kept but not parsed.
    public static let maximumInputLength = 64 * 1024

    /// Reads an error from any of its spellings, never failing.
    ///
    /// Understood, in order: an exact spelling (`17008`, `invalidEmail`, `ERROR_INVALID_EMAIL`,
    /// `auth/invalid-email`, `INVALID_EMAIL`); a REST error body
    /// (`{"error":{"code":400,"message":"EMAIL_EXISTS"}}`, also its `errors[].reason`); a server
    /// message with a detail (`WEAK_PASSWORD : Password should be at least 6 characters`); a web SDK
    /// message (`Firebase: Error (auth/invalid-email).`); an Android message with the server's text in
    /// brackets (`An internal error has occurred. [ CODE:detail ]`). Anything else becomes
    /// `.internalError` with `isRecognized` false and the text kept in `input`.
    public init(parsing text: String, platform: AuthErrorPlatform = .ios) {
        if let parsed = AuthError.read(text, platform: platform, depth: 0) {
            self.init(parsed.code, input: text, detail: parsed.detail, unmetRequirements: parsed.unmetRequirements)
        } else {
            self.init(.internalError, input: text, isRecognized: false)
        }
    }

    /// Reads an error thrown by an SDK or by Genkan: an `AuthError`, an `AuthErrorCode`, an
    /// `NSError` in `FIRAuthErrorDomain` (code, `FIRAuthErrorUserInfoNameKey`, failure reason, and
    /// the server response an internal error carries), a URL-loading error (a network error), or
    /// any error whose description is a spelling.
    public init(_ error: any Error, platform: AuthErrorPlatform = .ios) {
        if let error = error as? AuthError {
            self = error
            return
        }
        if let code = error as? AuthErrorCode {
            self.init(code, input: code.rawValue, detail: nil)
            return
        }
        let nsError = error as NSError
        switch nsError.domain {
        case "FIRAuthErrorDomain":
            self = AuthError.read(firebase: nsError, platform: platform)
        case NSURLErrorDomain:
            self.init(.networkError, input: "\(nsError.domain) \(nsError.code)")
        default:
            self.init(parsing: String(describing: error).prefixBytes(AuthError.maximumInputLength), platform: platform)
        }
    }

    private static func read(firebase error: NSError, platform: AuthErrorPlatform) -> AuthError {
        let input = "\(error.domain) \(error.code)"
        let name = error.userInfo["FIRAuthErrorUserInfoNameKey"] as? String
        guard let code = AuthErrorCode(iosCode: error.code) ?? name.flatMap({ AuthErrorCode(spelling: $0) }) else {
            return AuthError(.internalError, input: input, isRecognized: false)
        }
        if code == .internalError, let inner = serverError(in: error.userInfo, platform: platform, depth: 0) {
            // Older SDKs report errors they do not know (INVALID_LOGIN_CREDENTIALS before 10.19.0,
            // PASSWORD_DOES_NOT_MEET_REQUIREMENTS before 12.18.0) as internal errors carrying the
            // server's response.
            return AuthError(inner.code, input: input, detail: inner.detail, unmetRequirements: inner.unmetRequirements)
        }
        let reason = error.userInfo[NSLocalizedFailureReasonErrorKey] as? String
        let description = error.userInfo[NSLocalizedDescriptionKey] as? String
        var detail = reason
        var unmet: [ServerPasswordRequirement] = []
        if code == .passwordDoesNotMeetRequirements {
            // The iOS SDK puts the server detail in the description.
            for text in [reason, description].compactMap({ $0 }) where text.contains("[") {
                unmet = ServerPasswordRequirement.parse(detail: text)
                detail = text
                break
            }
        }
        return AuthError(code, input: input, detail: detail, unmetRequirements: unmet)
    }

    /// The first known, specific server error among the strings, errors and dictionaries of a
    /// `userInfo`, looking at most six levels deep.
    private static func serverError(in value: Any, platform: AuthErrorPlatform, depth: Int) -> AuthError? {
        guard depth < 6 else { return nil }
        switch value {
        case let text as String:
            guard let found = read(text, platform: platform, depth: 1), found.code != .internalError else { return nil }
            return found
        case let dictionary as [String: Any]:
            for key in dictionary.keys.sorted() {
                if let found = serverError(in: dictionary[key]!, platform: platform, depth: depth + 1) { return found }
            }
        case let array as [Any]:
            for element in array.prefix(16) {
                if let found = serverError(in: element, platform: platform, depth: depth + 1) { return found }
            }
        case let error as NSError:
            return serverError(in: error.userInfo, platform: platform, depth: depth + 1)
        default:
            break
        }
        return nil
    }

    /// One reading step; nil when `text` names no error.
    static func read(_ text: String, platform: AuthErrorPlatform, depth: Int) -> AuthError? {
        guard depth < 4, text.utf8.count <= maximumInputLength else { return nil }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if let code = AuthErrorCode(spelling: trimmed, platform: platform) { return AuthError(code, input: text) }
        if trimmed.first == "{" { return readBody(trimmed, platform: platform, depth: depth) }
        if let found = readServerMessage(trimmed, platform: platform) { return found }
        // Android: "An internal error has occurred. [ PASSWORD_DOES_NOT_MEET_REQUIREMENTS:... ]".
        // A text that ends with its bracket is read by what the bracket holds before anything
        // else: the server's text inside may itself contain a web SDK message, which must not win
        // over the code the server put first. (A web message ends with "(auth/code).", never "]".)
        let bracketed = trimmed.firstIndex(of: "[").flatMap { open in
            trimmed.lastIndex(of: "]").flatMap { close in open < close ? (open, close) : nil }
        }
        if let (open, close) = bracketed, trimmed.index(after: close) == trimmed.endIndex,
            let found = read(String(trimmed[trimmed.index(after: open)..<close]), platform: platform, depth: depth + 1)
        {
            return found
        }
        if let found = readWebMessage(trimmed, platform: platform) { return found }
        if let (open, close) = bracketed {
            return read(String(trimmed[trimmed.index(after: open)..<close]), platform: platform, depth: depth + 1)
        }
        return nil
    }

    /// `CODE : detail` or `CODE:detail`.
    private static func readServerMessage(_ text: String, platform: AuthErrorPlatform) -> AuthError? {
        guard let colon = text.firstIndex(of: ":"),
              let code = AuthErrorCode(spelling: text[..<colon].trimmingSpaces, platform: platform)
        else { return nil }
        let detail = text[text.index(after: colon)...].trimmingSpaces
        return AuthError(code, input: text, detail: detail.isEmpty ? nil : detail,
                         unmetRequirements: requirements(of: code, detail: detail))
    }

    /// The web SDK's `FirebaseError` message: `Firebase: <message> (auth/code).`
    private static func readWebMessage(_ text: String, platform: AuthErrorPlatform) -> AuthError? {
        guard let open = text.range(of: "(auth/", options: .backwards),
              let close = text[open.upperBound...].firstIndex(of: ")"),
              let code = AuthErrorCode(spelling: String(text[text.index(after: open.lowerBound)..<close]), platform: platform)
        else { return nil }
        var message = text[..<open.lowerBound].trimmingSpaces
        if message.hasPrefix("Firebase:") { message = message.dropFirst("Firebase:".count).trimmingSpaces }
        let detail = message.isEmpty || message == "Error" ? nil : message
        return AuthError(code, input: text, detail: detail, unmetRequirements: requirements(of: code, detail: detail ?? ""))
    }

    /// A REST error body: `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[...]}}`, also
    /// the inner object alone or a serialized web `FirebaseError` (`{"code":"auth/..."}`).
    private static func readBody(_ text: String, platform: AuthErrorPlatform, depth: Int) -> AuthError? {
        guard let value = JSONReader.value(text, options: .init(duplicateNames: .keepLast)) else { return nil }
        return readJSON(value, platform: platform, depth: depth + 1)
    }

    private static func readJSON(_ value: JSONValue, platform: AuthErrorPlatform, depth: Int) -> AuthError? {
        guard depth < 6 else { return nil }
        if case .string(let text) = value { return read(text, platform: platform, depth: depth) }
        guard case .object = value else { return nil }
        if let inner = value["error"], let found = readJSON(inner, platform: platform, depth: depth + 1) { return found }
        for key in ["code", "message"] {
            if let text = value[key]?.stringValue, let found = read(text, platform: platform, depth: depth) { return found }
        }
        let errors = (value["errors"]?.arrayValue ?? []).prefix(16).filter { $0.members != nil }
        for error in errors {
            if let reason = error["reason"]?.stringValue, let code = AuthErrorCode(reason: reason) {
                return AuthError(code, input: reason)
            }
        }
        for error in errors {
            if let text = error["message"]?.stringValue, let found = read(text, platform: platform, depth: depth) { return found }
        }
        return nil
    }

    private static func requirements(of code: AuthErrorCode, detail: String) -> [ServerPasswordRequirement] {
        code == .passwordDoesNotMeetRequirements ? ServerPasswordRequirement.parse(detail: detail) : []
    }

    /// The minimum password length a `weakPassword` error's detail states, such as 6 in
    /// `WEAK_PASSWORD : Password should be at least 6 characters` (the same detail reaches the web
    /// SDK's message and the iOS failure reason); nil for other errors or a detail without one.
    public var minimumPasswordLength: Int? {
        guard code == .weakPassword, let detail,
              case .minimumLength(let minimum) = ServerPasswordRequirement(serverText: detail), minimum > 0
        else { return nil }
        return minimum
    }
}

extension String {
    /// The longest prefix of at most `limit` UTF-8 bytes that ends on a character boundary.
    func prefixBytes(_ limit: Int) -> String {
        guard utf8.count > limit else { return self }
        var end = utf8.index(startIndex, offsetBy: limit)
        while end > startIndex, !(end.samePosition(in: unicodeScalars) != nil) { end = utf8.index(before: end) }
        return String(self[..<end])
    }
}

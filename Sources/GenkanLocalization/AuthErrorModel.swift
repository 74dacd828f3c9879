import GenkanValidation

/// Localized messages for Firebase Authentication errors, validation issues and Genkan's UI strings,
/// from one String Catalog.
///
/// By default the errors that could tell an attacker whether an account exists (`userNotFound`,
/// `wrongPassword`, `invalidCredential`, and the server's `INVALID_LOGIN_CREDENTIALS`) share one
/// message; with `groupsCredentialErrors` false each is looked up under its own key. Genkan's
/// catalog words those keys so that they still never reveal an account (an app's own catalog may
/// choose otherwise); `auth/invalid-credential` then reads as "incorrect or expired sign-in
/// details", which suits sign-in with another provider better.
///
/// The seed app's `AuthErrorModel().setErrorMessage(error)` works as the seed called it, in the
/// model's `locale` (the process's preferred language unless given).
///
/// ```swift
/// let model = AuthErrorModel()
/// model.setErrorMessage(error)          // any Firebase Auth error, in model.locale
/// model.message(for: AuthErrorCode.wrongPassword, locale: "ja")
/// model.message(for: error, locale: negotiator.bestLocale(acceptLanguage: header))
/// ```
public struct AuthErrorModel: Sendable {
    public let catalog: MessageCatalog
    /// The locale of `setErrorMessage(_:)` (BCP 47, negotiated to the catalog's locales when a
    /// message is looked up); by default the process's preferred language, see
    /// `LocaleNegotiator.processPreferredLanguages`.
    public var locale: String
    /// Whether the credential errors share one message (on by default).
    public var groupsCredentialErrors: Bool
    /// How server strings the SDKs read differently are read (`USER_NOT_FOUND`).
    public var platform: AuthErrorPlatform
    /// Negotiates preferences to the catalog's locales.
    public let negotiator: LocaleNegotiator
    /// The minimum password length `auth/weak-password` states when the error does not carry one
    /// (the server's `WEAK_PASSWORD : Password should be at least 6 characters` does): the site's
    /// password policy minimum, GenkanValidation's `PasswordPolicy.default` unless set.
    public var passwordMinimumLength: Int
    /// Whether text arguments (an address, a name, a date) are bidirectional isolates, FSI…PDI
    /// (`BidiIsolation`): off by default; Genkan's site turns it on for its pages and mails.
    public var isolatesArguments = false

    /// The errors that share one message while `groupsCredentialErrors` is on.
    public static let credentialErrors: Set<AuthErrorCode> = [.userNotFound, .wrongPassword, .invalidCredential]
    /// The catalog key of their shared message.
    public static let credentialErrorKey = "auth.credentials-rejected"

    /// A model over `catalog`; `locale` nil means the catalog locale that best fits the process's
    /// preferred languages, read now.
    public init(
        locale: String? = nil, catalog: MessageCatalog = .standard, groupsCredentialErrors: Bool = true,
        platform: AuthErrorPlatform = .ios, passwordMinimumLength: Int = PasswordPolicy.default.minimumLength
    ) {
        self.catalog = catalog
        self.groupsCredentialErrors = groupsCredentialErrors
        self.platform = platform
        self.passwordMinimumLength = passwordMinimumLength
        let negotiator = LocaleNegotiator(available: catalog.locales, defaultLocale: catalog.sourceLanguage)
        self.negotiator = negotiator
        self.locale = locale ?? negotiator.bestLocale(preferred: LocaleNegotiator.processPreferredLanguages)
    }

    /// The locales messages are available in (BCP 47), the source language first.
    public var locales: [String] { catalog.locales }

    /// The available locale for a BCP 47 tag (`ja-JP` → `ja`), the source language when none fits.
    public func locale(for tag: String) -> String {
        catalog.locales.contains(tag) ? tag : negotiator.match(tag) ?? negotiator.defaultLocale
    }

    /// The catalog key of `code`'s message, after grouping.
    public func messageKey(for code: AuthErrorCode) -> String {
        groupsCredentialErrors && Self.credentialErrors.contains(code) ? Self.credentialErrorKey : code.rawValue
    }

    // MARK: Errors

    /// The message for any error: an `AuthError`, an `AuthErrorCode`, an `NSError` from the Firebase
    /// SDK, or an error whose description is a spelling; unmet password requirements follow the
    /// message sentence by sentence.
    public func message(for error: any Error, locale: String) -> String {
        localize(error, locale: locale).text
    }

    /// The message for one code; `auth/weak-password` states `passwordMinimumLength`.
    public func message(for code: AuthErrorCode, locale: String) -> String {
        let language = self.locale(for: locale)
        return string(messageKey(for: code), language, messageArguments(for: AuthError(code)))
    }

    /// The message for an error, with one message per unmet password requirement.
    public func localize(_ error: any Error, locale: String) -> LocalizedAuthError {
        let language = self.locale(for: locale)
        let parsed = AuthError(error, platform: platform)
        let details = parsed.unmetRequirements.map { requirement in
            string(requirement.messageKey, language, requirement.parameters.map(\.value))
        }
        return LocalizedAuthError(
            error: parsed, locale: language, message: string(messageKey(for: parsed.code), language, messageArguments(for: parsed)),
            details: details)
    }

    /// The arguments of an error's message: the minimum length for `auth/weak-password` (the one
    /// the server stated, else `passwordMinimumLength`), none for every other error.
    func messageArguments(for error: AuthError) -> [IssueParameter] {
        switch error.code {
        case .weakPassword: [.integer(error.minimumPasswordLength ?? passwordMinimumLength)]
        default: []
        }
    }

    // MARK: Validation issues

    /// The message for a validation issue, its parameters in the order the code's descriptor gives.
    public func message(for issue: ValidationIssue, locale: String) -> String {
        string(issue.code.rawValue, self.locale(for: locale), Self.arguments(issue.parameters, order: Self.parameterOrder[issue.code]))
    }

    /// The message for a validation issue, escaped for HTML.
    public func htmlMessage(for issue: ValidationIssue, locale: String) -> String {
        HTML.escape(message(for: issue, locale: locale))
    }

    // MARK: UI strings

    /// The UI string `key` (such as `ui.signin.title`) with `parameters` in their order.
    public func text(_ key: String, locale: String, _ parameters: IssueParameters = [:]) -> String {
        string(key, self.locale(for: locale), parameters.map(\.value))
    }

    /// The UI string `key`, escaped for HTML content and attribute values.
    public func html(_ key: String, locale: String, _ parameters: IssueParameters = [:]) -> String {
        HTML.escape(text(key, locale: locale, parameters))
    }

    // MARK: Internals

    /// The formatted message; the key itself when the catalog lacks it, so a gap is visible.
    private func string(_ key: String, _ locale: String, _ arguments: [IssueParameter]) -> String {
        catalog.string(key, locale: locale, arguments: arguments, isolatingArguments: isolatesArguments) ?? key
    }

    /// Parameter names by code, from `IssueCode.all`.
    private static let parameterOrder: [IssueCode: [String]] = {
        var order: [IssueCode: [String]] = [:]
        for descriptor in IssueCode.all { order[descriptor.code] = descriptor.parameters }
        return order
    }()

    /// Positional arguments: the named ones in `order`, then any others in their own order.
    static func arguments(_ parameters: IssueParameters, order: [String]?) -> [IssueParameter] {
        guard let order else { return parameters.map(\.value) }
        var arguments = order.map { parameters[$0] ?? .text("") }
        arguments += parameters.filter { !order.contains($0.name) }.map(\.value)
        return arguments
    }
}

/// An error's message in one locale, with the unmet password requirements as their own sentences.
public struct LocalizedAuthError: Sendable, Hashable {
    /// What was read from the error.
    public let error: AuthError
    /// The locale the message is in.
    public let locale: String
    /// The error's message.
    public let message: String
    /// One message per unmet password requirement.
    public let details: [String]

    /// The message and the details in one paragraph.
    public var text: String {
        guard !details.isEmpty else { return message }
        // Chinese and Japanese do not put spaces between sentences.
        let language = locale.split(separator: "-").first ?? ""
        let separator = language == "ja" || language == "zh" ? "" : " "
        return ([message] + details).joined(separator: separator)
    }
}

extension AuthErrorModel {
    /// Every catalog key this library can look up for an error or a validation issue: the web
    /// code of each `AuthErrorCode`, the shared credential message, the password-requirement
    /// messages and every `IssueCode`. `genkan catalog lint` checks the catalog against it.
    public static var referencedKeys: Set<String> {
        var keys = Set(AuthErrorCode.allCases.map(\.rawValue))
        keys.insert(credentialErrorKey)
        let requirements: [ServerPasswordRequirement] = [.minimumLength(0), .maximumLength(0), .unrecognized("")]
        keys.formUnion(requirements.map(\.messageKey))
        keys.formUnion(IssueCode.all.map(\.code.rawValue))
        return keys
    }
}

import GenkanUnicode

/// What a new password must satisfy, checked all at once so a form can show every unmet
/// requirement together.
///
/// Passwords are prepared as RFC 8265 §4.2 OpaqueString prepares them (non-ASCII spaces become
/// U+0020, NFC) and never trimmed or case-mapped; lengths count Unicode code points of that form
/// (NIST SP 800-63B-4 §3.1.1.2).
///
/// ```swift
/// let result = PasswordPolicy.nist.evaluate("hunter2", context: .init(email: "hunter@example.com"))
/// result.issues   // password.too-short {minimum: 15, actual: 7}, password.contains-email, ...
/// ```
public struct PasswordPolicy: Sendable, Hashable {
    /// How `minimumLength` and `maximumLength` are counted.
    enum LengthUnit: Sendable, Hashable {
        /// Unicode code points after preparation (NIST SP 800-63B-4 §3.1.1.2).
        case codePoints
        /// Swift `Character`s (extended grapheme clusters), as the original `count >= 8` counted.
        case characters
    }

    /// The preset this policy comes from: "default", "nist", "firebase" or "legacy".
    public let name: String
    /// The fewest characters a password may have.
    public let minimumLength: Int
    /// The most characters a password may have; never below 64 nor above `hardMaximumLength`.
    public let maximumLength: Int
    /// Whether an ASCII upper-case letter (A–Z) is required, as Firebase checks it.
    public let requiresUppercase: Bool
    /// Whether an ASCII lower-case letter (a–z) is required.
    public let requiresLowercase: Bool
    /// Whether an ASCII digit (0–9) is required.
    public let requiresNumber: Bool
    /// Whether one of `symbols` is required.
    public let requiresSymbol: Bool
    /// The characters that count as non-alphanumeric for `requiresSymbol`.
    public let symbols: String
    let lengthUnit: LengthUnit
    let rejectsControlCharacters: Bool
    let checksBlocklist: Bool
    let checksContext: Bool
    let checksPatterns: Bool

    /// No policy accepts a password of more code points than this: it bounds the work of hashing
    /// and of every check here. Firebase's own ceiling (4096).
    public static let hardMaximumLength = 4096
    /// The smallest maximum a policy may set: NIST SP 800-63B-4 §3.1.1.2 and OWASP ASVS 5 ask
    /// that passwords of at least 64 characters be accepted.
    public static let smallestMaximumLength = 64

    /// ASVS 5 level 1: at least 8 code points, up to 128, not common, not the user's e-mail or
    /// name, not mostly a run, sequence or keyboard row.
    public static let `default` = PasswordPolicy(name: "default", minimumLength: 8, maximumLength: 128)
    /// NIST SP 800-63B-4 for a password used alone: at least 15 code points, with the same checks.
    public static let nist = PasswordPolicy(name: "nist", minimumLength: 15, maximumLength: 128)
    /// The original rule, `password.count >= 8` counting Swift characters, with nothing else but
    /// the hard maximum.
    public static let legacy = PasswordPolicy(
        name: "legacy", minimumLength: 8, maximumLength: hardMaximumLength, lengthUnit: .characters,
        rejectsControlCharacters: false, checksBlocklist: false, checksContext: false, checksPatterns: false)

    /// The characters Firebase Authentication's password policy counts as non-alphanumeric.
    public static let firebaseSymbols = "^$*.[]{}()?\"!@#%&/\\,><':;|_~"

    /// A policy with the options of a Firebase Authentication password policy, plus Genkan's
    /// blocklist, context and pattern checks.
    ///
    /// Firebase accepts a minimum of 6 to 30 and a maximum of up to 4096; values outside those
    /// ranges are clamped, and a maximum below 64 is raised to 64. Like Firebase, the character
    /// requirements look for ASCII letters and digits, and for one of `firebaseSymbols`.
    public static func firebase(
        minimumLength: Int = 6, maximumLength: Int = 4096, requireUppercase: Bool = false,
        requireLowercase: Bool = false, requireNumeric: Bool = false, requireNonAlphanumeric: Bool = false
    ) -> PasswordPolicy {
        PasswordPolicy(
            name: "firebase", minimumLength: min(max(minimumLength, 6), 30), maximumLength: maximumLength,
            requiresUppercase: requireUppercase, requiresLowercase: requireLowercase,
            requiresNumber: requireNumeric, requiresSymbol: requireNonAlphanumeric)
    }

    init(
        name: String, minimumLength: Int, maximumLength: Int, requiresUppercase: Bool = false, requiresLowercase: Bool = false,
        requiresNumber: Bool = false, requiresSymbol: Bool = false, symbols: String = firebaseSymbols,
        lengthUnit: LengthUnit = .codePoints, rejectsControlCharacters: Bool = true, checksBlocklist: Bool = true,
        checksContext: Bool = true, checksPatterns: Bool = true
    ) {
        self.name = name
        self.maximumLength = min(max(maximumLength, Self.smallestMaximumLength), Self.hardMaximumLength)
        self.minimumLength = min(max(minimumLength, 1), self.maximumLength)
        self.requiresUppercase = requiresUppercase
        self.requiresLowercase = requiresLowercase
        self.requiresNumber = requiresNumber
        self.requiresSymbol = requiresSymbol
        self.symbols = symbols
        self.lengthUnit = lengthUnit
        self.rejectsControlCharacters = rejectsControlCharacters
        self.checksBlocklist = checksBlocklist
        self.checksContext = checksContext
        self.checksPatterns = checksPatterns
    }

    /// A password of more UTF-8 bytes than this has more code points than the hard maximum
    /// whatever it contains once prepared, and is refused before any Unicode processing.
    static var inputByteLimit: Int { hardMaximumLength * 4 }

    /// The preparation of RFC 8265 §4.2 (OpaqueString) without its string class: non-ASCII spaces
    /// mapped to U+0020, then NFC.
    static func prepare(_ password: String) -> String {
        PrecisProfile.mapNonASCIISpaces(password).normalized(.nfc)
    }
}

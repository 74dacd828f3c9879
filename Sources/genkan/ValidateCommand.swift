import GenkanJSON
import GenkanLocalization
import GenkanValidation

/// One value's verdict as `genkan validate` prints it.
struct ValueVerdict {
    var valid: Bool
    var normalized: String?
    /// Members that only one kind of value has (`ascii`, `comparisonKey`), printed before `issues`.
    var extra: JSONValue.Members = []
    var issues: [ValidationIssue]
}

/// What `genkan validate email|password|name` share: reading values, printing one JSON object
/// per value in the chosen language, and the exit status.
enum ValidateCommand {
    /// Options every validate command takes, for their help texts.
    static let commonHelp = """
          --jsonl         Read standard input as one JSON string literal per line, so values can
                          hold line breaks or control characters ("a\\u0000b@example.com").
          --locale L      Language of the messages (BCP 47, such as ja or pt-BR; default: $LANG).
          -h, --help      Show this help.

        With no VALUE, values are read from standard input, one per line. Output: one JSON object
        per value per line. Exit status: 0 when every value is valid, 1 when one is not, 2 for a
        usage error.

        """

    /// Reads the values (after the command has taken its own options), checks each, prints the
    /// verdicts and returns the exit status.
    static func run(_ arguments: inout Arguments, extraKeys: [String], check: (String) -> ValueVerdict) throws(UsageError) -> Int32 {
        let jsonLines = arguments.flag("--jsonl")
        let requested = try arguments.option("--locale").map(LocaleOption.checked)
        let values = try arguments.positionals()
        let model = AuthErrorModel()
        let locale = model.locale(for: requested ?? LocaleOption.environment())
        var allValid = true
        try ValueSource.forEach(arguments: values, jsonLines: jsonLines) { item in
            let value: String
            let verdict: ValueVerdict
            switch item {
            case .text(let text):
                value = text
                verdict = check(text)
            case .invalidEncoding(let shown):
                value = shown
                verdict = ValueVerdict(valid: false, normalized: nil, issues: [ValidationIssue(.formInvalidEncoding)])
            case .tooLong(let shown):
                value = shown
                verdict = ValueVerdict(
                    valid: false, normalized: nil,
                    issues: [ValidationIssue(.formTooLong, ["maximum": ValueSource.maximumLineBytes])])
            }
            allValid = allValid && verdict.valid
            Terminal.writeLine(json(value: value, verdict: verdict, extraKeys: extraKeys, model: model, locale: locale).serialized())
        }
        return allValid ? ExitStatus.success : ExitStatus.failure
    }

    private static func json(
        value: String, verdict: ValueVerdict, extraKeys: [String], model: AuthErrorModel, locale: String
    ) -> JSONValue {
        var members: JSONValue.Members = [
            ("value", .string(value)), ("valid", .bool(verdict.valid)), ("normalized", .optional(verdict.normalized)),
        ]
        // Every object of one command has the same keys, even when the value could not be read.
        for key in extraKeys {
            members.append((key, verdict.extra.first { $0.0 == key }?.1 ?? .null))
        }
        members += verdict.extra.filter { !extraKeys.contains($0.0) }
        members.append(("issues", .array(verdict.issues.map { issue in
            .object([
                ("code", .string(issue.code.rawValue)),
                ("message", .string(model.message(for: issue, locale: locale))),
                ("parameters", issue.parameters.json),
            ])
        })))
        return .object(members)
    }
}

/// `genkan validate email`.
struct ValidateEmailCommand: Command {
    static let path = ["validate", "email"]
    static let summary = "Check e-mail addresses as a sign-up form (strict) or a browser (html) would."
    static let help = """
        Usage: genkan validate email [--mode strict|html] [--jsonl] [--locale L] [VALUE ...]

        Checks each address and prints its verdict, every issue with its code, the form to store
        ("normalized": NFC, lower-cased domain) and the form to send ("ascii": Punycode domain;
        null when the local part needs SMTPUTF8).

        Options:
          --mode strict   What python email-validator 2.x accepts with strict=True (default).
          --mode html     What <input type=email> accepts in Chromium (WHATWG, after UTS #46).

        """ + ValidateCommand.commonHelp

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let mode = try arguments.choice("--mode", of: EmailRule.Mode.allCases.map(\.rawValue), default: "strict")
        let rule = EmailRule(mode: EmailRule.Mode(rawValue: mode)!)
        return try ValidateCommand.run(&arguments, extraKeys: ["ascii", "requiresSMTPUTF8"]) { value in
            let result = rule.validate(value)
            return ValueVerdict(
                valid: result.isValid, normalized: result.normalized,
                extra: [("ascii", .optional(result.ascii)), ("requiresSMTPUTF8", .bool(result.requiresSMTPUTF8))],
                issues: result.issues)
        }
    }
}

/// `genkan validate password`.
struct ValidatePasswordCommand: Command {
    static let path = ["validate", "password"]
    static let summary = "Check new passwords against a policy, reporting every unmet requirement."
    static let help = """
        Usage: genkan validate password [--policy default|nist|firebase|legacy] [--email E] [--name N]
                                        [--jsonl] [--locale L] [VALUE ...]

        Checks each password as a sign-up or password-change form would and reports every unmet
        requirement at once, with its parameters. "normalized" is the password as it would be
        hashed (RFC 8265 OpaqueString preparation).

        Options:
          --policy default    At least 8 characters, not common, not like the e-mail or name (default).
          --policy nist       At least 15 characters (NIST SP 800-63B-4), same checks.
          --policy firebase   Firebase Authentication's password policy; with:
              --min-length N      6 to 30 (default 6)
              --max-length N      up to 4096 (default 4096)
              --require KIND      upper, lower, numeric or symbol; repeat for several
          --policy legacy     The original rule: at least 8 characters, nothing else.
          --email E           The account's e-mail address, for the context checks.
          --name N            The account's display name, for the context checks.

        """ + ValidateCommand.commonHelp

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let policy = try policy(from: &arguments)
        let context = PasswordContext(email: try arguments.option("--email"), name: try arguments.option("--name"))
        return try ValidateCommand.run(&arguments, extraKeys: []) { value in
            let result = policy.evaluate(value, context: context)
            return ValueVerdict(valid: result.isValid, normalized: result.normalized, issues: result.issues)
        }
    }

    private static func policy(from arguments: inout Arguments) throws(UsageError) -> PasswordPolicy {
        let name = try arguments.choice("--policy", of: ["default", "nist", "firebase", "legacy"], default: "default")
        let minimum = try arguments.option("--min-length")
        let maximum = try arguments.option("--max-length")
        let requirements = try arguments.options("--require")
        guard name == "firebase" || (minimum == nil && maximum == nil && requirements.isEmpty) else {
            throw UsageError("--min-length, --max-length and --require go with --policy firebase")
        }
        switch name {
        case "nist": return .nist
        case "legacy": return .legacy
        case "firebase":
            func number(_ text: String?, _ option: String, _ range: ClosedRange<Int>, _ fallback: Int) throws(UsageError) -> Int {
                guard let text else { return fallback }
                guard let value = Int(text), range.contains(value) else {
                    throw UsageError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return value
            }
            let kinds = ["upper", "lower", "numeric", "symbol"]
            for kind in requirements where !kinds.contains(kind) {
                throw UsageError("--require must be one of \(kinds.joined(separator: ", ")), not '\(kind)'")
            }
            return .firebase(
                minimumLength: try number(minimum, "--min-length", 6...30, 6),
                maximumLength: try number(maximum, "--max-length", 6...4096, 4096),
                requireUppercase: requirements.contains("upper"), requireLowercase: requirements.contains("lower"),
                requireNumeric: requirements.contains("numeric"), requireNonAlphanumeric: requirements.contains("symbol"))
        default: return .default
        }
    }
}

/// `genkan validate name`.
struct ValidateNameCommand: Command {
    static let path = ["validate", "name"]
    static let summary = "Check display names, usernames or opaque strings under PRECIS (RFC 8264–8266)."
    static let help = """
        Usage: genkan validate name [--profile nickname|username|opaque] [--jsonl] [--locale L] [VALUE ...]

        Enforces a PRECIS profile on each value and prints the enforced form ("normalized") and the
        key to compare names by ("comparisonKey").

        Options:
          --profile nickname  Display names, RFC 8266 (default): spaces collapsed, NFKC, any script.
          --profile username  RFC 8265 UsernameCaseMapped: no spaces or symbols, lower-cased.
          --profile opaque    RFC 8265 OpaqueString, the profile for passwords.

        """ + ValidateCommand.commonHelp

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let name = try arguments.choice("--profile", of: ["nickname", "username", "opaque"], default: "nickname")
        let profile: NameProfile = switch name {
        case "username": .username
        case "opaque": .opaqueString
        default: .nickname
        }
        return try ValidateCommand.run(&arguments, extraKeys: ["comparisonKey"]) { value in
            let result = profile.enforce(value)
            return ValueVerdict(
                valid: result.isValid, normalized: result.normalized,
                extra: [("comparisonKey", .optional(result.comparisonKey))], issues: result.issues)
        }
    }
}

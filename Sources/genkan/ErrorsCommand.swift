import GenkanJSON
import Foundation
import GenkanLocalization
import GenkanValidation

/// `genkan errors list`: every Firebase Authentication error with all of its spellings.
struct ErrorsListCommand: Command {
    static let path = ["errors", "list"]
    static let summary = "List every Firebase Auth error code with all of its spellings."
    static let help = """
        Usage: genkan errors list [--format tsv|json] [--locale L]

        Prints one line per error: the canonical code (the web code, or auth/ and the ERROR_ name for
        errors only iOS raises), the iOS case name and number (and former numbers), the ERROR_ name,
        the Android code, the web code, the server strings ([ios] or [web] when only that SDK maps
        them), other codes seen in the wild, and whether iOS removed it.

        Options:
          --format tsv|json   Tab-separated lines with a header (default), or a JSON array.
          --locale L          Add each error's message in this language (BCP 47, such as ja or pt-BR).

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let format = try arguments.choice("--format", of: ["tsv", "json"], default: "tsv")
        let locale = try arguments.option("--locale").map(LocaleOption.checked)
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw UsageError("unexpected argument '\(extra[0])'") }
        let model = AuthErrorModel()
        let language = locale.map(model.locale(for:))
        if format == "json" {
            let objects = AuthErrorCode.allCases.map { code in
                var members = json(code)
                if let language {
                    members.append(("locale", .string(language)))
                    members.append(("message", .string(model.message(for: code, locale: language))))
                }
                return JSONValue.object(members).serialized()
            }
            Terminal.write("[\n" + objects.joined(separator: ",\n") + "\n]\n")
            return ExitStatus.success
        }
        var header = ["code", "ios_case", "ios_code", "former_ios_codes", "error_name", "android_code", "web_code",
                      "server_strings", "aliases", "removed_from_ios"]
        if language != nil { header.append("message") }
        var output = header.joined(separator: "\t") + "\n"
        for code in AuthErrorCode.allCases {
            let spelling = code.spellings
            var cells = [
                code.rawValue, spelling.iosCaseName ?? "", spelling.iosCode.map(String.init) ?? "",
                spelling.formerIOSCodes.map(String.init).joined(separator: ", "), spelling.errorName ?? "",
                spelling.androidCode ?? "", spelling.webCode ?? "",
                spelling.serverStrings.map(\.description).joined(separator: ", "),
                spelling.aliases.joined(separator: ", "), spelling.isRemovedFromIOS ? "yes" : "",
            ]
            if let language { cells.append(model.message(for: code, locale: language)) }
            output += cells.map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t") + "\n"
        }
        Terminal.write(output)
        return ExitStatus.success
    }

    private static func json(_ code: AuthErrorCode) -> JSONValue.Members {
        let spelling = code.spellings
        return [
            ("code", .string(code.rawValue)),
            ("iosCase", .optional(spelling.iosCaseName)),
            ("iosCode", spelling.iosCode.map(JSONValue.integer) ?? .null),
            ("formerIOSCodes", .array(spelling.formerIOSCodes.map(JSONValue.integer))),
            ("errorName", .optional(spelling.errorName)),
            ("androidCode", .optional(spelling.androidCode)),
            ("webCode", .optional(spelling.webCode)),
            ("serverStrings", .array(spelling.serverStrings.map {
                .object([("value", .string($0.value)), ("platform", .optional($0.platform?.rawValue))])
            })),
            ("aliases", .array(spelling.aliases.map(JSONValue.string))),
            ("removedFromIOS", .bool(spelling.isRemovedFromIOS)),
            ("spellings", .array(code.allSpellings.map(JSONValue.string))),
        ]
    }
}

/// `genkan errors show`: the code and localized message for any spelling of an error.
struct ErrorsShowCommand: Command {
    static let path = ["errors", "show"]
    static let summary = "Show the code and localized message of errors given in any spelling."
    static let help = """
        Usage: genkan errors show [--locale L] [--platform ios|web] [--distinct-credentials] CODE ...

        Each CODE may be any spelling: 17008, invalidEmail, ERROR_INVALID_EMAIL, auth/invalid-email,
        INVALID_EMAIL, a server message with its detail ("WEAK_PASSWORD : Password should be at least
        6 characters"), or a REST error body ('{"error":{"code":400,"message":"EMAIL_EXISTS"}}').
        Prints one JSON object per CODE: {"input", "code", "iosCode", "message", "locale"}, plus
        "detail" and "requirements" when the server sent them. An unknown CODE is reported on
        standard error and the exit status is 1.

        Options:
          --locale L              Message language (BCP 47, such as ja, zh-TW or pt-BR; negotiated to
                                  a shipped one, English when none fits). Default: $LC_ALL, $LC_MESSAGES
                                  or $LANG.
          --platform ios|web      Which SDK's reading of USER_NOT_FOUND and similar strings to use
                                  (default ios).
          --distinct-credentials  Look up unknown-account, wrong-password and invalid-credential
                                  errors under their own keys instead of the shared one (the
                                  catalog still never says whether an account exists).

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let requested = try arguments.option("--locale").map(LocaleOption.checked)
        let platform = try arguments.choice("--platform", of: ["ios", "web"], default: "ios")
        let distinct = arguments.flag("--distinct-credentials")
        let inputs = try arguments.positionals()
        guard !inputs.isEmpty else {
            throw UsageError("give at least one CODE, such as 17008, auth/invalid-email or INVALID_EMAIL")
        }
        let model = AuthErrorModel(groupsCredentialErrors: !distinct, platform: AuthErrorPlatform(rawValue: platform)!)
        let locale = model.locale(for: requested ?? LocaleOption.environment())
        var status = ExitStatus.success
        for input in inputs {
            let error = AuthError(parsing: input, platform: model.platform)
            guard error.isRecognized else {
                Terminal.error("genkan errors show: '\(input.prefix(200))' is not a Firebase Auth error in any known spelling (see 'genkan errors list')")
                status = ExitStatus.failure
                continue
            }
            let localized = model.localize(error, locale: locale)
            var members: JSONValue.Members = [
                ("input", .string(input)),
                ("code", .string(error.code.rawValue)),
                ("iosCode", error.code.iosCode.map(JSONValue.integer) ?? .null),
                ("message", .string(localized.text)),
                ("locale", .string(locale)),
            ]
            if let detail = error.detail { members.append(("detail", .string(detail))) }
            if !error.unmetRequirements.isEmpty {
                members.append(("requirements", .array(zip(error.unmetRequirements, localized.details).map {
                    .object([("requirement", .string($0.description)), ("message", .string($1))])
                })))
            }
            Terminal.writeLine(JSONValue.object(members).serialized())
        }
        return status
    }
}
